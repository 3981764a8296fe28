// One secret of a profile: set, replace or remove it. The value goes to main and never comes back; the
// field shows only whether it is set, its last four characters and a fingerprint.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { SecretName, SecretStatus } from '#shared/ipc/routes/profiles'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { invoke, queryKeys } from '../../ipc.ts'

export function SecretField(props: {
  profileId: string
  secret: SecretName
  label: string
  hint: string
  status: SecretStatus | undefined
}) {
  const client = useQueryClient()
  const inputId = useId()
  const [value, setValue] = useState('')
  const change = useMutation({
    mutationFn: (next: string | null) =>
      invoke('profiles.setSecret', { profileId: props.profileId, secret: props.secret, value: next }),
    onSuccess: async () => {
      setValue('')
      await client.invalidateQueries({ queryKey: queryKeys.profiles() })
    },
  })
  const status = props.status
  return (
    <div className="secret-field">
      <label className="field__label" htmlFor={inputId}>
        {props.label}
      </label>
      <p className="secret-field__state">
        {status?.unreadable
          ? 'Stored, but this computer cannot decrypt it any more. Enter it again.'
          : status?.set
            ? `Set: ${status.mask} · fingerprint ${status.fingerprint}`
            : `Not set. ${props.hint}`}
      </p>
      <form
        className="secret-field__row"
        onSubmit={(event) => {
          event.preventDefault()
          if (value.trim()) change.mutate(value)
        }}
      >
        <input
          id={inputId}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={status?.set ? 'Enter a new value to replace it' : 'Paste the value'}
        />
        <button
          type="submit"
          className="button"
          aria-label={`Save ${props.label}`}
          disabled={!value.trim() || change.isPending}
        >
          Save
        </button>
        <button
          type="button"
          className="button button--quiet"
          aria-label={`Remove ${props.label}`}
          disabled={!status?.set}
          onClick={() => change.mutate(null)}
        >
          Remove
        </button>
      </form>
      <ErrorNote error={change.error} />
    </div>
  )
}
