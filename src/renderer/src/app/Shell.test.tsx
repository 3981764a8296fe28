// At start the shell shows the first screen while it reads which one to reopen, and a screen holds its reads
// until the address names it: whatever the preferences answer, the address comes to name a screen. Main reads
// the kept catalog ahead only once the reopened screen has its data.
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import { loadViewMemory, navigate, shownPath } from '../router.ts'
import { renderInPage, until } from '../test-page.tsx'
import { Shell } from './Shell.tsx'
import { screens } from './screens.tsx'

/** The idle periods the page asked for (happy-dom has none of its own). */
const idle: IdleRequestCallback[] = []
/** Gives the page every idle period it asks for, until it asks for no more. */
async function idleUntilDone() {
  for (let run = idle.shift(); run; run = idle.shift()) {
    run({ didTimeout: false, timeRemaining: () => 50 })
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
  }
}

/** The preferences of a person who last had Settings open. */
const onSettings = {
  ok: true as const,
  data: {
    theme: 'system',
    receiverPort: 0,
    pollBudget: { requests: 60, windowSeconds: 60 },
    downloadVideosOnCompletion: true,
    notifications: { videos: true, batches: true, budgets: true },
    budgets: {},
    keepReceivingWhenClosed: true,
    forwardTo: {},
    workloads: [],
    window: null,
    thoughtsOpen: false,
    views: { last: '/settings' },
  },
}

afterEach(async () => {
  // Every screen's code is in before the test's environment goes: the page fetches it when idle, and an import
  // still on its way then would load into nothing.
  await act(async () => {
    await Promise.all(screens.map((screen) => screen.load()))
  })
  // The page's idle work ends with the test's, the address the test went to written included.
  await idleUntilDone()
  document.body.innerHTML = ''
  window.location.hash = ''
  // The addresses to reopen live in the router's module: each test starts with none.
  loadViewMemory({}, () => {})
})

/**
 * Starts the shell on a core that answers the preferences as `preferences` says, one profile, and nothing
 * else; a route in `held` is answered once its promise settles. The page idles only when the test says.
 */
async function startShell(
  preferences: { ok: true; data: unknown } | { ok: false; error: unknown },
  held: Record<string, Promise<void>> = {},
) {
  const routes: string[] = []
  /** What the page asked to keep as the places to reopen, in order. */
  const savedViews: unknown[] = []
  const bridge = {
    invoke: async (route: string, input: { views?: unknown }) => {
      routes.push(route)
      if (route === 'preferences.update') savedViews.push(input.views)
      await held[route]
      if (route === 'preferences.get') return preferences
      return {
        ok: true,
        data: route === 'profiles.list' ? [{ id: 'sandbox', name: 'Sandbox', active: true }] : null,
      }
    },
    on: () => () => {},
  } as unknown as Bridge
  Object.assign(window, {
    requestIdleCallback: (run: IdleRequestCallback) => idle.push(run),
    cancelIdleCallback: () => {},
  })
  window.location.hash = ''
  const { unmount } = await renderInPage(<Shell />, bridge)
  return { routes, savedViews, unmount }
}

describe('the shell at start', () => {
  it('reopens the screen last shown', async () => {
    const { routes } = await startShell(onSettings)
    await until(() => shownPath() === '/settings')
    expect(routes).toContain('preferences.get')
  })

  it('names the first screen in the address when the preferences cannot be read', async () => {
    const { routes } = await startShell({
      ok: false,
      error: { code: 'internal', message: 'The preferences could not be read.' },
    })
    // The Decisions screen asks for its models once the address names it.
    await until(() => routes.includes('decisions.models'))
    expect(shownPath()).toBe('/decisions')
  })

  it("goes back to the address a screen was left at, as it was at the click, the shown screen's own included", async () => {
    const { savedViews, unmount } = await startShell(onSettings)
    await until(() => shownPath() === '/settings')
    const link = (label: string) =>
      [...document.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Screens"] a')].find((anchor) =>
        anchor.textContent?.includes(label),
      ) as HTMLAnchorElement
    await act(async () => link('Videos').click())
    await until(() => shownPath() === '/videos')
    // What the person changes on the screen renders the screen, not the sidebar: a click right after it stays.
    await act(async () => {
      navigate('/videos?status=failed&q=kite')
      link('Videos').click()
    })
    // Once the page is idle, the address the screen shows is the window's.
    await idleUntilDone()
    expect(window.location.hash).toBe('#/videos?status=failed&q=kite')
    expect(shownPath()).toBe('/videos?status=failed&q=kite')
    await act(async () => link('Settings').click())
    await until(() => shownPath() === '/settings')
    await act(async () => link('Videos').click())
    expect(shownPath()).toBe('/videos?status=failed&q=kite')
    // Where the person was is kept when the shell goes, not half a second later (when there may be no window).
    await unmount()
    expect(savedViews.at(-1)).toMatchObject({ last: '/videos?status=failed&q=kite' })
  })
})
