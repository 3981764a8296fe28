// Settings: appearance and what is running. Profiles, keys, the webhook receiver and the data folder join
// this screen as the core gains them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { startTransition, useOptimistic } from 'react'
import type { ThemePreference } from '#shared/ipc/routes/app'
import { Icon, type IconName } from '../../components/Icon.tsx'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'
import { invoke } from '../../ipc.ts'
import { queryKeys } from '../../query.ts'

const themes: { value: ThemePreference; label: string; icon: IconName }[] = [
  { value: 'system', label: 'System', icon: 'monitor' },
  { value: 'light', label: 'Light', icon: 'sun' },
  { value: 'dark', label: 'Dark', icon: 'moon' },
]

export function SettingsScreen() {
  const client = useQueryClient()
  const preferences = useQuery({
    queryKey: queryKeys.preferences(),
    queryFn: () => invoke('preferences.get', {}),
  })
  const info = useQuery({ queryKey: queryKeys.appInfo(), queryFn: () => invoke('app.info', {}) })
  const setTheme = useMutation({
    mutationFn: (theme: ThemePreference) => invoke('preferences.update', { theme }),
    onSuccess: (next) => client.setQueryData(queryKeys.preferences(), next),
  })
  // The choice shows at once; if main cannot save it, the stored one comes back with the error.
  const [current, showTheme] = useOptimistic(preferences.data?.theme ?? 'system')
  const choose = (theme: ThemePreference) =>
    startTransition(async () => {
      showTheme(theme)
      await setTheme.mutateAsync(theme).catch(() => undefined)
    })

  return (
    <>
      <ScreenHeader title="Settings" subtitle="How the app looks and where it keeps your work." />
      <div className="settings">
        <section className="card" aria-labelledby="appearance-title">
          <h2 id="appearance-title">Appearance</h2>
          <p className="card__hint">System follows your operating system's light or dark mode.</p>
          <div className="segmented" role="radiogroup" aria-label="Theme">
            {themes.map((theme) => (
              <label key={theme.value} className="segmented__option">
                <input
                  type="radio"
                  name="theme"
                  value={theme.value}
                  checked={current === theme.value}
                  onChange={() => choose(theme.value)}
                />
                <Icon name={theme.icon} size={16} />
                {theme.label}
              </label>
            ))}
          </div>
          {setTheme.error ? (
            <p className="field-error" role="alert">
              {setTheme.error.message}
            </p>
          ) : null}
        </section>
        <section className="card" aria-labelledby="about-title">
          <h2 id="about-title">About</h2>
          <dl className="facts">
            <dt>Version</dt>
            <dd>{info.data?.version ?? '…'}</dd>
            <dt>Running in</dt>
            <dd>{info.data ? (info.data.shell === 'electron' ? 'Desktop app' : 'Browser harness') : '…'}</dd>
            <dt>Data folder</dt>
            <dd className="facts__path" title={info.data?.dataFolder}>
              {info.data?.dataFolder ?? '…'}
            </dd>
          </dl>
        </section>
      </div>
    </>
  )
}
