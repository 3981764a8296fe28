// The app's frame: sidebar, the active screen, status bar; theme, keyboard shortcuts and main's navigation.
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { invoke, on } from '../ipc.ts'
import { queryKeys } from '../query.ts'
import { navigate, useRoutePath } from './router.ts'
import { Sidebar } from './Sidebar.tsx'
import { StatusBar } from './StatusBar.tsx'
import { screenForPath, screens } from './screens.tsx'
import { useAppliedTheme } from './theme.ts'

function useScreenShortcuts(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return
      const screen = screens[Number(event.key) - 1]
      if (!screen) return
      event.preventDefault()
      navigate(screen.path)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}

export function Shell() {
  const preferences = useQuery({
    queryKey: queryKeys.preferences(),
    queryFn: () => invoke('preferences.get', {}),
  })
  useAppliedTheme(preferences.data?.theme ?? 'system')
  useScreenShortcuts()
  useEffect(() => on('app.navigate', ({ path }) => navigate(path)), [])

  const path = useRoutePath()
  const active = screenForPath(path)
  useEffect(() => {
    if (!active) navigate(screens[0]!.path)
  }, [active])
  const screen = active ?? screens[0]!
  const ready = !preferences.isPending

  return (
    <div className="shell" data-app-ready={ready ? 'true' : undefined}>
      <Sidebar active={screen} />
      <main className="screen" aria-label={screen.label}>
        <screen.Component />
      </main>
      <StatusBar />
    </div>
  )
}
