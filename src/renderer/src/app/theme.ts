// Applies the theme: the person's choice, or the OS's when they chose "system".
import { useEffect, useSyncExternalStore } from 'react'
import type { ThemePreference } from '#shared/ipc/routes/app'

// One query for the page's life: its `matches` follows the OS.
let dark: MediaQueryList | undefined
const darkQuery = () => {
  dark ??= window.matchMedia('(prefers-color-scheme: dark)')
  return dark
}

function subscribe(onChange: () => void): () => void {
  const query = darkQuery()
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

export function useAppliedTheme(preference: ThemePreference): 'light' | 'dark' {
  const systemDark = useSyncExternalStore(subscribe, () => darkQuery().matches)
  const theme = preference === 'system' ? (systemDark ? 'dark' : 'light') : preference
  useEffect(() => {
    document.documentElement.dataset.theme = theme
  }, [theme])
  return theme
}
