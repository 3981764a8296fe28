// The status bar: which service the app is talking to (and a switch to another), and which build runs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { invoke } from '../ipc.ts'
import { useProfiles } from '../profiles.ts'
import { queryKeys } from '../query.ts'

export function StatusBar() {
  const client = useQueryClient()
  const profiles = useProfiles()
  const info = useQuery({ queryKey: queryKeys.appInfo(), queryFn: () => invoke('app.info', {}) })
  const activate = useMutation({
    mutationFn: (id: string) => invoke('profiles.activate', { id }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.profiles() }),
  })
  const active = profiles.data?.find((profile) => profile.active)
  const address = active?.baseUrl ?? (active?.kind === 'sandbox' ? 'built-in, offline' : '')

  return (
    <footer className="status-bar">
      <span className="status-bar__profile">
        <span className={`status-dot status-dot--${active?.kind ?? 'unknown'}`} aria-hidden="true" />
        {profiles.data ? (
          <select
            className="status-bar__select"
            aria-label="Active profile"
            value={active?.id ?? ''}
            onChange={(event) => activate.mutate(event.target.value)}
          >
            {profiles.data.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.name}
              </option>
            ))}
          </select>
        ) : (
          <span>{profiles.isError ? 'Profiles unavailable' : 'Loading…'}</span>
        )}
        <span className="status-bar__muted">{activate.error ? activate.error.message : address}</span>
      </span>
      <span className="status-bar__muted">
        {info.data ? `v${info.data.version} · ${info.data.shell}` : ''}
      </span>
    </footer>
  )
}
