// The status bar: which service the app is talking to, and which build is running.
import { useQuery } from '@tanstack/react-query'
import { invoke } from '../ipc.ts'
import { queryKeys } from '../query.ts'

export function StatusBar() {
  const profiles = useQuery({ queryKey: queryKeys.profiles(), queryFn: () => invoke('profiles.list', {}) })
  const info = useQuery({ queryKey: queryKeys.appInfo(), queryFn: () => invoke('app.info', {}) })
  const active = profiles.data?.find((profile) => profile.active)
  return (
    <footer className="status-bar">
      <span className="status-bar__profile">
        <span className="visually-hidden">Active profile: </span>
        <span className={`status-dot status-dot--${active?.kind ?? 'unknown'}`} aria-hidden="true" />
        {active ? active.name : profiles.isError ? 'Profiles unavailable' : 'Loading…'}
        {active ? (
          <span className="status-bar__muted">
            {active.baseUrl ?? (active.kind === 'sandbox' ? 'built-in, offline' : '')}
          </span>
        ) : null}
      </span>
      <span className="status-bar__muted">
        {info.data ? `v${info.data.version} · ${info.data.shell}` : ''}
      </span>
    </footer>
  )
}
