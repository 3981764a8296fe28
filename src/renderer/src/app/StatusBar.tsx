// The status bar: which service the app is talking to (and a switch to another), whether it answers and takes
// the key (checked on start, on every profile change, each minute, and by a test in Settings), and which build runs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ConnectionTest } from '#shared/ipc/routes/profiles'
import type { BudgetUse } from '#shared/ipc/routes/spend'
import { formatUsd } from '../format.ts'
import { invoke, queryKeys, sharedQueries } from '../ipc.ts'
import { useProfiles } from '../profiles.ts'
import { RestartToUpdate } from './RestartToUpdate.tsx'

const healthWords: Record<ConnectionTest['outcome'], { words: string; tone: 'ok' | 'warn' | 'bad' }> = {
  ok: { words: 'Connected', tone: 'ok' },
  no_key: { words: 'No API key', tone: 'warn' },
  bad_key: { words: 'Key refused', tone: 'bad' },
  bad_url: { words: 'Not the gateway', tone: 'bad' },
  unreachable: { words: 'Unreachable', tone: 'bad' },
}

/** "85% of this month's budget": said once the active profile is past 80% of one. */
function budgetWords({ period, share }: BudgetUse): string {
  return `${Math.floor(share * 100)}% of ${period === 'day' ? 'today’s' : 'this month’s'} budget`
}

export function StatusBar() {
  const client = useQueryClient()
  const profiles = useProfiles()
  const info = useQuery(sharedQueries.appInfo)
  const activate = useMutation({
    mutationFn: (id: string) => invoke('profiles.activate', { id }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.profiles() }),
  })
  const active = profiles.data?.find((profile) => profile.active)
  const health = useQuery({
    queryKey: queryKeys.health(active?.id ?? ''),
    queryFn: () => invoke('profiles.health', { id: active?.id ?? '' }),
    enabled: active !== undefined,
    // A connection that works is checked each minute; one that does not, sooner, so a service that comes
    // back is seen without a click.
    refetchInterval: (query) => (query.state.data?.outcome === 'ok' ? 60_000 : 15_000),
    retry: false,
  })
  const state = health.data
    ? healthWords[health.data.outcome]
    : health.isError
      ? healthWords.unreachable
      : null
  const sandbox = active?.kind === 'sandbox'
  const address = active?.baseUrl ?? (sandbox ? 'built in, on this computer' : '')
  // The Sandbox starts with the app: until its first answer, it is starting, not in doubt.
  const waiting = sandbox ? 'Starting…' : 'Checking…'
  // What the active profile spent since midnight: asked again every few seconds while work runs.
  const spent = useQuery({
    queryKey: [...queryKeys.spend(), 'today', active?.id],
    queryFn: () => invoke('spend.today', {}),
    enabled: active !== undefined,
    refetchInterval: 10_000,
  })

  return (
    <footer className="status-bar">
      <span className="status-bar__profile">
        <span
          className={`status-dot status-dot--${state?.tone ?? 'unknown'}`}
          title={health.data?.message ?? state?.words ?? 'Checking the connection…'}
          aria-hidden="true"
        />
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
        <span className="status-bar__health" title={health.data?.message}>
          {state?.words ?? waiting}
        </span>
        <span className="status-bar__muted">{activate.error ? activate.error.message : address}</span>
        {spent.data ? (
          <a
            className={`status-bar__spend${spent.data.nearBudget ? ' status-bar__spend--near' : ''}`}
            href="#/settings?section=spend"
            title="What this profile spent today, by feature and model, and its budgets"
          >
            Spent today {formatUsd(spent.data.cost)}
            {spent.data.nearBudget ? ` · ${budgetWords(spent.data.nearBudget)}` : ''}
          </a>
        ) : null}
      </span>
      <span className="status-bar__end">
        <RestartToUpdate />
        <span className="status-bar__muted">
          {info.data ? `v${info.data.version} · ${info.data.shell}` : ''}
        </span>
      </span>
    </footer>
  )
}
