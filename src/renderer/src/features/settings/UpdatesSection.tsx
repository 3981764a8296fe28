// The app's version, its update channel, when it last looked for a newer one and what it found.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UpdateState } from '#shared/ipc/routes/app'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { invoke, queryKeys } from '../../ipc.ts'
import { useUpdates } from '../../updates.ts'

function said(state: UpdateState): string {
  switch (state.status) {
    case 'checking':
      return 'Looking for a newer version…'
    case 'downloading':
      return `Downloading version ${state.available} (${state.progress ?? 0}%)…`
    case 'ready':
      return `Version ${state.available} is downloaded and verified: restart to update.`
    case 'current':
      return 'This is the newest version.'
    case 'refused':
      return state.problem ?? 'The update was refused.'
    default:
      return state.lastCheck ? '' : 'Not checked yet.'
  }
}

export function UpdatesSection() {
  const client = useQueryClient()
  const updates = useUpdates()
  const check = useMutation({
    mutationFn: () => invoke('updates.check', {}),
    onSuccess: (state) => client.setQueryData(queryKeys.updates(), state),
  })
  const state = updates.data
  if (!state) return null
  return (
    <section className="card" aria-labelledby="updates-title">
      <h2 id="updates-title">Updates</h2>
      <dl className="facts facts--compact">
        <dt>Version</dt>
        <dd>{state.version}</dd>
        <dt>Channel</dt>
        <dd>{state.channel}</dd>
        <dt>Last check</dt>
        <dd>{state.lastCheck ? new Date(state.lastCheck).toLocaleString('en-US') : 'Never'}</dd>
      </dl>
      {state.supported ? (
        <>
          <p className={state.status === 'refused' ? 'field-error' : 'muted'} role="status">
            {said(state)}
          </p>
          <button
            type="button"
            className="button"
            onClick={() => check.mutate()}
            disabled={check.isPending || state.status === 'checking' || state.status === 'downloading'}
          >
            Check now
          </button>
        </>
      ) : (
        <p className="muted">
          This build does not update itself: the desktop app installed from a release does.
        </p>
      )}
      <ErrorNote error={check.error} />
    </section>
  )
}
