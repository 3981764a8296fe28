// One profile: what it points at, whether it is in use, its secrets, and a connection test.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Profile } from '#shared/ipc/routes/profiles'
import { useConfirm } from '../../components/ConfirmDialog.tsx'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { invoke, queryKeys } from '../../ipc.ts'
import { ProfileForm } from './ProfileForm.tsx'
import { SecretField } from './SecretField.tsx'

export function ProfileCard({ profile, otherNames }: { profile: Profile; otherNames: string[] }) {
  const client = useQueryClient()
  const [editing, setEditing] = useState(false)
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.profiles() })
  const activate = useMutation({
    mutationFn: () => invoke('profiles.activate', { id: profile.id }),
    onSuccess: refresh,
  })
  const [confirmation, confirm] = useConfirm()
  const remove = useMutation({
    mutationFn: () => invoke('profiles.delete', { id: profile.id }),
    onSuccess: refresh,
  })
  const test = useMutation({
    mutationFn: () => invoke('profiles.testConnection', { id: profile.id }),
    // The test is the freshest word on this connection: the status bar says the same at once, and a check
    // asked before it (a slow one, under way) does not answer over it.
    onSuccess: async (result) => {
      await client.cancelQueries({ queryKey: queryKeys.health(profile.id) })
      client.setQueryData(queryKeys.health(profile.id), result)
    },
  })
  const sandbox = profile.kind === 'sandbox'

  if (editing)
    return <ProfileForm profile={profile} otherNames={otherNames} onDone={() => setEditing(false)} />

  return (
    <article
      className={`profile${profile.active ? ' profile--active' : ''}`}
      aria-label={`Profile ${profile.name}`}
    >
      <header className="profile__head">
        <div className="profile__title">
          <h3>{profile.name}</h3>
          <span className={`badge badge--${profile.kind}`}>{sandbox ? 'Built-in' : 'Live'}</span>
          {profile.active ? <span className="badge badge--active">In use</span> : null}
        </div>
        <div className="profile__actions">
          {confirmation}
          {profile.active ? null : (
            <button type="button" className="button button--small" onClick={() => activate.mutate()}>
              Use this profile
            </button>
          )}
          <button
            type="button"
            className="button button--small"
            onClick={() => test.mutate()}
            disabled={test.isPending}
          >
            {test.isPending ? 'Testing…' : 'Test connection'}
          </button>
          {sandbox ? null : (
            <>
              <button type="button" className="button button--small" onClick={() => setEditing(true)}>
                Edit
              </button>
              <button
                type="button"
                className="button button--small button--danger"
                onClick={async () => {
                  if (await confirm(`Delete the profile "${profile.name}" and its keys?`, 'Delete profile'))
                    remove.mutate()
                }}
              >
                Delete
              </button>
            </>
          )}
        </div>
      </header>
      <p className="profile__address">
        {sandbox
          ? profile.baseUrl
            ? `Local emulator running at ${profile.baseUrl}`
            : 'Local emulator; it starts when the app first needs it.'
          : profile.baseUrl}
      </p>
      {test.data ? (
        <p className={`connection connection--${test.data.outcome === 'ok' ? 'ok' : 'bad'}`} role="status">
          {test.data.message}
          {/* How long an answer took says something; how long a failure took does not. */}
          {test.data.outcome === 'ok' ? (
            <span className="muted"> · answered in {test.data.latencyMs} ms</span>
          ) : null}
        </p>
      ) : null}
      <ErrorNote error={test.error ?? activate.error ?? remove.error} />
      {profile.secrets ? (
        <div className="profile__secrets">
          <SecretField
            profileId={profile.id}
            secret="apiKey"
            label="API key"
            hint="Calls to the service need one."
            status={profile.secrets.apiKey}
          />
          <SecretField
            profileId={profile.id}
            secret="webhookSecret"
            label="Webhook secret"
            hint="Needed to verify video webhooks."
            status={profile.secrets.webhookSecret}
          />
          <SecretField
            profileId={profile.id}
            secret="webhookSecretPrevious"
            label="Previous webhook secret"
            hint="Set it while rotating, so deliveries signed with the old secret still verify."
            status={profile.secrets.webhookSecretPrevious}
          />
        </div>
      ) : (
        <p className="muted">The sandbox manages its own key and webhook secret.</p>
      )}
    </article>
  )
}
