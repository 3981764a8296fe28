// Theme choice: system, light or dark; the choice shows at once and is saved in main.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { startTransition, useOptimistic } from 'react'
import type { ThemePreference } from '#shared/ipc/routes/app'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { Icon, type IconName } from '../../components/Icon.tsx'
import { invoke, queryKeys, sharedQueries } from '../../ipc.ts'

const themes: { value: ThemePreference; label: string; icon: IconName }[] = [
  { value: 'system', label: 'System', icon: 'monitor' },
  { value: 'light', label: 'Light', icon: 'sun' },
  { value: 'dark', label: 'Dark', icon: 'moon' },
]

export function AppearanceSection() {
  const client = useQueryClient()
  const preferences = useQuery(sharedQueries.preferences)
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
      <ErrorNote error={setTheme.error} />
    </section>
  )
}
