// The app's screens, in sidebar order; Ctrl/Cmd+1…6 follow this order. Each screen is its own chunk, loaded on
// its first visit (and fetched ahead when the app is idle), so the first screen starts without the others.
import { type ComponentType, lazy, useState } from 'react'
import { type ScreenId, screenList } from '#shared/screens'
import type { IconName } from '../components/Icon.tsx'
import { screenOf } from '../router.ts'

/** Runs `run` in the page's next idle period, or after two seconds when none comes. */
const whenIdle = (run: () => void) => window.requestIdleCallback(run, { timeout: 2000 })

export interface Screen {
  id: string
  label: string
  icon: IconName
  path: string
  Component: ComponentType
  /** Fetches the screen's chunk (once); the same promise the lazy component waits on. */
  load: () => Promise<unknown>
}

/** A screen's module, fetched once however often it is asked for; `loaded` once it has arrived. */
interface Chunk<T> {
  (): Promise<T>
  loaded?: T
}

function chunk<T>(load: () => Promise<T>): Chunk<T> {
  let loading: Promise<T> | undefined
  const get: Chunk<T> = () => {
    loading ??= load().then((value) => {
      get.loaded = value
      return value
    })
    return loading
  }
  return get
}

/**
 * The screen as a component: rendered at once when its chunk is already here (fetched ahead while idle) —
 * a lazy component would show its fallback first and keep it up to 300 ms — and through Suspense otherwise.
 * Chosen once per visit, so a screen that arrives while shown is not built twice.
 */
function screenComponent(load: Chunk<ComponentType>): ComponentType {
  const Lazy = lazy(() => load().then((Component) => ({ default: Component })))
  return function ScreenWhenLoaded() {
    const [Chosen] = useState<ComponentType>(() => load.loaded ?? Lazy)
    return <Chosen />
  }
}

const loaders = {
  decisions: chunk(() => import('../features/decisions/DecisionsScreen.tsx').then((m) => m.DecisionsScreen)),
  images: chunk(() => import('../features/images/ImagesScreen.tsx').then((m) => m.ImagesScreen)),
  videos: chunk(() => import('../features/videos/VideosScreen.tsx').then((m) => m.VideosScreen)),
  models: chunk(() => import('../features/models/ModelsScreen.tsx').then((m) => m.ModelsScreen)),
  playground: chunk(() =>
    import('../features/playground/PlaygroundScreen.tsx').then((m) => m.PlaygroundScreen),
  ),
  settings: chunk(() => import('../features/settings/SettingsScreen.tsx').then((m) => m.SettingsScreen)),
} satisfies Record<ScreenId, Chunk<ComponentType>>

const icons: Record<ScreenId, IconName> = {
  decisions: 'decisions',
  images: 'images',
  videos: 'videos',
  models: 'models',
  playground: 'playground',
  settings: 'settings',
}

export const screens: readonly Screen[] = screenList.map((screen) => {
  const load = loaders[screen.id]
  return {
    ...screen,
    icon: icons[screen.id],
    load,
    Component: screenComponent(load),
  }
})

/**
 * Fetches every screen's chunk while the app has nothing else to do, so a first visit is instant; then, still
 * when idle, runs `then` (the data a first visit would wait for).
 */
export function prefetchScreensWhenIdle(): () => void {
  let cancelled = false
  const next = (index: number) => {
    if (cancelled) return
    const screen = screens[index]
    if (!screen) return
    void screen.load().finally(() => whenIdle(() => next(index + 1)))
  }
  whenIdle(() => next(0))
  return () => {
    cancelled = true
  }
}

export function screenForPath(path: string): Screen | undefined {
  return screens.find((screen) => screen.path === screenOf(path))
}

export const isMac = navigator.userAgent.includes('Mac')
export const shortcutLabel = (index: number) => `${isMac ? '⌘' : 'Ctrl+'}${index + 1}`
export const shortcutKeys = (index: number) => `${isMac ? 'Meta' : 'Control'}+${index + 1}`
