// Add or edit a live profile: a name and the service's address, checked as the person types.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { checkBaseUrl, checkProfileName } from '#shared/domain/profiles'
import { AppError } from '#shared/ipc/app-error'
import type { Profile } from '#shared/ipc/routes/profiles'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { useDismiss } from '../../components/use-dismiss.ts'
import { invoke, queryKeys } from '../../ipc.ts'

export function ProfileForm(props: { profile?: Profile; otherNames: string[]; onDone: () => void }) {
  const client = useQueryClient()
  const form = useRef<HTMLFormElement>(null)
  useDismiss(form, props.onDone, { firstField: true })
  const [name, setName] = useState(props.profile?.name ?? '')
  const [baseUrl, setBaseUrl] = useState(props.profile?.baseUrl ?? 'https://')
  const [touched, setTouched] = useState({ name: false, baseUrl: false })
  const save = useMutation({
    mutationFn: () =>
      invoke('profiles.save', { ...(props.profile ? { id: props.profile.id } : {}), name, baseUrl }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.profiles() })
      props.onDone()
    },
  })
  const nameProblem = checkProfileName(name, props.otherNames)
  const url = checkBaseUrl(baseUrl)
  const serverField = save.error instanceof AppError ? save.error.path?.[0] : undefined
  const nameError = (touched.name && nameProblem) || (serverField === 'name' ? save.error?.message : null)
  const urlError =
    (touched.baseUrl && !url.ok && url.message) || (serverField === 'baseUrl' ? save.error?.message : null)

  return (
    <form
      ref={form}
      className="profile-form"
      aria-label={props.profile ? `Edit ${props.profile.name}` : 'New profile'}
      onSubmit={(event) => {
        event.preventDefault()
        setTouched({ name: true, baseUrl: true })
        if (!nameProblem && url.ok) save.mutate()
      }}
    >
      <label className="field">
        <span className="field__label">Name</span>
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, name: true }))}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'profile-name-error' : undefined}
          placeholder="Production"
        />
        {nameError ? (
          <span className="field-error" id="profile-name-error">
            {nameError}
          </span>
        ) : null}
      </label>
      <label className="field">
        <span className="field__label">Service address</span>
        <input
          value={baseUrl}
          onChange={(event) => setBaseUrl(event.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, baseUrl: true }))}
          aria-invalid={urlError ? true : undefined}
          aria-describedby={urlError ? 'profile-url-error' : undefined}
          spellCheck={false}
          inputMode="url"
        />
        {urlError ? (
          <span className="field-error" id="profile-url-error">
            {urlError}
          </span>
        ) : null}
      </label>
      {serverField ? null : <ErrorNote error={save.error} />}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {props.profile ? 'Save profile' : 'Add profile'}
        </button>
        <button type="button" className="button" onClick={props.onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}
