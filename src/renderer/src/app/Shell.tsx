// The app's frame: sidebar, the active screen, status bar; theme, keyboard shortcuts and main's navigation.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { commandForKeys, registerCommands, runCommand } from '../commands.ts'
import { ErrorBoundary } from '../components/ErrorBoundary.tsx'
import { invoke, on, sharedQueries } from '../ipc.ts'
import { lastPath, loadViewMemory, navigate, rememberPath, useRoutePath, useRouteScreen } from '../router.ts'
import { appCommands } from './app-commands.ts'
import { useFileDrop } from './file-drop.ts'
import { NoticeBanner } from './NoticeBanner.tsx'
import { OverBudgetDialog } from './OverBudgetDialog.tsx'
import { Sidebar } from './Sidebar.tsx'
import { StatusBar } from './StatusBar.tsx'
import { prefetchScreensWhenIdle, screenForPath, screens } from './screens.tsx'
import { useTabListKeys } from './tab-keys.ts'
import { useAppliedTheme } from './theme.ts'

// The palette and the actions it knows load with its first use.
const CommandPalette = lazy(() => import('./CommandPalette.tsx').then((m) => ({ default: m.CommandPalette })))

/** Calls `run` with the latest value once calls have paused for `ms`; `flush` makes a waiting call at once. */
function debounced<T>(run: (value: T) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let waiting: { value: T } | undefined
  const flush = () => {
    clearTimeout(timer)
    const call = waiting
    waiting = undefined
    if (call) run(call.value)
  }
  return Object.assign(
    (value: T) => {
      clearTimeout(timer)
      waiting = { value }
      timer = setTimeout(flush, ms)
    },
    { flush },
  )
}

/** The one key dispatcher: keys a command takes run it, unless what has the focus took them first. */
function useCommandKeys(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return
      const id = commandForKeys(event)
      if (!id) return
      event.preventDefault()
      runCommand(id)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}

export function Shell() {
  const preferences = useQuery(sharedQueries.preferences)
  useAppliedTheme(preferences.data?.theme ?? 'system')
  useTabListKeys()
  const client = useQueryClient()
  const [palette, setPalette] = useState(false)
  const [commandProblem, setCommandProblem] = useState<string | null>(null)
  useEffect(
    () =>
      registerCommands({
        ...appCommands(client, (error) => setCommandProblem((error as Error).message)),
        'app.palette': { run: () => setPalette((open) => !open) },
      }),
    [client],
  )
  useCommandKeys()
  const drop = useFileDrop()
  useEffect(() => on('app.navigate', ({ path }) => navigate(path)), [])
  // The application menu's commands run here, as the palette's and the keys' do.
  useEffect(() => on('app.command', ({ id }) => void runCommand(id)), [])

  // The shell renders again when the screen changes; a change of the screen's parameters renders that screen.
  const active = screenForPath(useRouteScreen())
  const ready = !preferences.isPending
  const [shown, setShown] = useState(false)
  // Once the first screen is shown, when idle: the screens' code.
  useEffect(() => {
    if (!ready || !shown) return
    return prefetchScreensWhenIdle()
  }, [ready, shown])
  const [memoryLoaded, setMemoryLoaded] = useState(false)
  const saveViews = useRef<{ flush(): void } | null>(null)
  if (preferences.data && !memoryLoaded) {
    const save = debounced(
      (views: Record<string, string>) => void invoke('preferences.update', { views }),
      500,
    )
    saveViews.current = save
    loadViewMemory(preferences.data.views, save)
    setMemoryLoaded(true)
  }
  // Where the person was is saved when the shell goes, not half a second after it (when there is no window).
  useEffect(() => () => saveViews.current?.flush(), [])
  // Preferences that cannot be read leave nothing to reopen: the address still names the first screen (a
  // screen holds its reads until it does), and where the person goes is not saved.
  const memoryKnown = memoryLoaded || preferences.isError
  useEffect(() => {
    if (!memoryKnown || active) return
    const last = lastPath()
    navigate(last && screenForPath(last) ? last : screens[0]!.path)
  }, [active, memoryKnown])
  // A gateway-desk:// link that started the app (or came while no window was open) is opened once the page
  // listens, after the last screen is restored.
  useEffect(() => {
    if (!memoryKnown) return
    invoke('app.takeLinkPath', {})
      .then((answer) => {
        if (answer?.path) navigate(answer.path)
      })
      .catch(() => {})
  }, [memoryKnown])
  const screen = active ?? screens[0]!
  const main = useRef<HTMLElement>(null)
  // The screen takes the focus only from the skip button: focusable all the time, a click on its text would take
  // the focus from the body, where a closing panel looks for it.
  const skipToScreen = () => {
    const screenElement = main.current
    if (!screenElement) return
    screenElement.tabIndex = -1
    screenElement.addEventListener('blur', () => screenElement.removeAttribute('tabindex'), { once: true })
    screenElement.focus()
  }

  return (
    <div className="shell" data-app-ready={ready ? 'true' : undefined}>
      {/* The first Tab stop: past the sidebar's links to the screen, the next Tab its first control (a button: the
          address's hash is the route's). */}
      <button type="button" className="skip-link" onClick={skipToScreen}>
        Skip to the screen
      </button>
      <Sidebar active={screen} />
      <main ref={main} className="screen" aria-label={screen.label}>
        {drop.problem ? (
          <div className="notice drop-notice" role="alert">
            {drop.problem}{' '}
            <button type="button" className="link-button" onClick={drop.dismiss}>
              Dismiss
            </button>
          </div>
        ) : null}
        {commandProblem ? (
          <div className="notice drop-notice" role="alert">
            {commandProblem}{' '}
            <button type="button" className="link-button" onClick={() => setCommandProblem(null)}>
              Dismiss
            </button>
          </div>
        ) : null}
        <NoticeBanner hidden={screen.id === 'settings'} />
        <ErrorBoundary key={screen.id}>
          <Suspense fallback={<p className="muted">Loading {screen.label}…</p>}>
            <screen.Component />
            {/* Not the first screen shown while the one to reopen is read: the screen the address names. */}
            {active ? <ScreenShown onShown={setShown} /> : null}
          </Suspense>
        </ErrorBoundary>
      </main>
      <StatusBar />
      <OverBudgetDialog />
      {memoryLoaded && active ? <RememberAddress /> : null}
      {palette ? (
        <Suspense fallback={null}>
          <CommandPalette onClose={() => setPalette(false)} />
        </Suspense>
      ) : null}
    </div>
  )
}

/** Remembers each address the window shows, to reopen its screen as the person left it. */
function RememberAddress() {
  const path = useRoutePath()
  useEffect(() => rememberPath(path), [path])
  return null
}

/** Tells the shell a screen is shown: it commits with the screen, never with the fallback while it loads. */
function ScreenShown(props: { onShown: (shown: true) => void }) {
  const { onShown } = props
  useEffect(() => onShown(true), [onShown])
  return null
}
