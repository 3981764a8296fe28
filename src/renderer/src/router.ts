// The view's address lives in the URL hash (`#/videos?status=failed`), so it survives reloads and can be
// restored; this is the only code that reads or writes it.
import { useSyncExternalStore } from 'react'

function currentPath(): string {
  const hash = window.location.hash.replace(/^#/, '')
  return hash.startsWith('/') ? hash : '/'
}

const listeners = new Set<() => void>()

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange)
  window.addEventListener('hashchange', onChange)
  return () => {
    listeners.delete(onChange)
    window.removeEventListener('hashchange', onChange)
  }
}

export function useRoutePath(): string {
  return useSyncExternalStore(subscribe, currentPath)
}

export function navigate(path: string): void {
  if (currentPath() === path) return
  window.location.hash = path
  // The hash is already new; telling the screens now, not at the queued hashchange, lets a controlled
  // input that lives in the address (a ticked checkbox) show its new state in the same frame.
  for (const listener of listeners) listener()
}

/** The query part of the view's address (`#/videos?status=failed` → status=failed). */
export function useRouteParams(): URLSearchParams {
  const path = useRoutePath()
  return new URLSearchParams(path.split('?')[1] ?? '')
}

/** Changes some parameters of the current view, keeping the others; empty values are removed. */
export function setRouteParams(changes: Record<string, string | null | undefined>): void {
  const [base = '/', query = ''] = currentPath().split('?')
  const params = new URLSearchParams(query)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') params.delete(key)
    else params.set(key, value)
  }
  const next = params.toString()
  navigate(next ? `${base}?${next}` : base)
}

// Each screen's last address (its filters, its open item), so that coming back to a screen, from the sidebar
// or after a restart, shows it as it was left. The shell loads it from the preferences and saves it back.
let views: Record<string, string> = {}
let saveViews: (views: Record<string, string>) => void = () => {}

export function loadViewMemory(
  saved: Record<string, string>,
  save: (views: Record<string, string>) => void,
): void {
  views = { ...saved }
  saveViews = save
}

const screenOf = (path: string) => `/${path.split(/[/?]/)[1] ?? ''}`

export function rememberPath(path: string): void {
  if (views[screenOf(path)] === path && views.last === path) return
  views = { ...views, [screenOf(path)]: path, last: path }
  saveViews(views)
}

/** Where a screen was left (its path with the parameters it had), or the screen itself. */
export const lastPathOf = (screenPath: string): string => views[screenPath] ?? screenPath

/** The address the app was last showing, if any. */
export const lastPath = (): string | undefined => views.last
