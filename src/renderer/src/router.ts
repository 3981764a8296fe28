// The view's address lives in the URL hash (`#/videos?status=failed`), so it survives reloads and can be
// restored; this is the only code that reads or writes it. Each screen's parameters are declared once in
// `routes`, so a misspelt name or screen is a type error rather than a filter that silently does nothing.
import { useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import {
  queryOf,
  type RouteChanges,
  type RouteParams,
  readRouteParams,
  type ScreenPath,
  screenOf,
} from '#shared/screen-routes'

export {
  type RouteChanges,
  type RouteParams,
  readRouteParams,
  routes,
  type ScreenPath,
  screenOf,
} from '#shared/screen-routes'

/** `path` with its parameters changed: the others kept, emptied ones removed. */
export function changeRouteParams<S extends ScreenPath>(path: string, changes: RouteChanges<S>): string {
  const base = path.split('?')[0] || '/'
  const query = new URLSearchParams(queryOf(path))
  for (const [name, value] of Object.entries(changes as Record<string, string | null | undefined>)) {
    if (value === null || value === undefined || value === '') query.delete(name)
    else query.set(name, value)
  }
  const next = query.toString()
  return next ? `${base}?${next}` : base
}

/** The address of a screen with these parameters (`pathTo('/images', { source: id })`). */
export const pathTo = <S extends ScreenPath>(screen: S, params: RouteChanges<S> = {}): string =>
  changeRouteParams(screen, params)

function addressPath(): string {
  const hash = window.location.hash.replace(/^#/, '')
  return hash.startsWith('/') ? hash : '/'
}

/** The address the screens show: the window's. */
export const shownPath = addressPath

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
  return useSyncExternalStore(subscribe, shownPath)
}

/**
 * The screen the address names (`/videos`). What reads it renders again when the screen changes, not at each
 * keystroke or click that changes the screen's parameters.
 */
export function useRouteScreen(): string {
  return useSyncExternalStore(subscribe, () => screenOf(shownPath()))
}

/**
 * Whether the address names `screen`. At start the first screen is shown before the address is known, while
 * the screen to reopen is read: a screen holds its heavy reads until the address names it.
 */
export const useAddressNames = (screen: ScreenPath): boolean => useRouteScreen() === screen

/**
 * Shows `path`: as a new entry of the window's history, or (`replace`) in place of the current one. The screens
 * are told now, not at a hashchange, so a controlled input that lives in the address (a ticked checkbox, a
 * search) shows its new state in the same frame.
 */
function show(path: string, replace: boolean): void {
  if (addressPath() === path) return
  // Writing the hash is a navigation that looks for an element to scroll to; replacing the entry is not.
  if (replace) window.history.replaceState(window.history.state, '', `#${path}`)
  else window.location.hash = path
  for (const listener of listeners) listener()
}

/** Goes to an address: one built by pathTo, a remembered one, or one main asks for. */
export function navigate(path: string): void {
  show(path, false)
}

/**
 * Tells `onChange` a screen's new parameters the moment its address changes, before the screen renders
 * them: a screen that reads its rows from main asks for them then, while it renders the new filter.
 */
export function useRouteChange<S extends ScreenPath>(
  screen: S,
  onChange: (params: RouteParams<S>) => void,
): void {
  const latest = useRef(onChange)
  useLayoutEffect(() => {
    latest.current = onChange
  })
  useEffect(() => {
    const listener = () => {
      const path = shownPath()
      if (screenOf(path) === screen) latest.current(readRouteParams(screen, path))
    }
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }, [screen])
}

/** A screen's parameters in the current address; the same object until the address changes. */
export function useRouteParams<S extends ScreenPath>(screen: S): RouteParams<S> {
  const path = useRoutePath()
  return useMemo(() => readRouteParams(screen, path), [screen, path])
}

/** Changes some parameters of `screen`, keeping the others; empty values are removed. */
export function setRouteParams<S extends ScreenPath>(screen: S, changes: RouteChanges<S>): void {
  const path = shownPath()
  // Does nothing once another screen shows, so a late callback can't write into another screen's address.
  if (screenOf(path) !== screen) return
  // A keystroke, a filter or an item opened is the same screen: its address takes the place of the one before
  // (the window offers no Back, and a search would otherwise add an entry per keystroke).
  show(changeRouteParams(path, changes), true)
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

export function rememberPath(path: string): void {
  if (views[screenOf(path)] === path && views.last === path) return
  views = { ...views, [screenOf(path)]: path, last: path }
  saveViews(views)
}

/** Where a screen was left (its path with the parameters it had), or the screen itself. */
export const lastPathOf = (screenPath: string): string => views[screenPath] ?? screenPath

/** The address the app was last showing, if any. */
export const lastPath = (): string | undefined => views.last
