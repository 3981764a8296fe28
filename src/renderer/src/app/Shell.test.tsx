// At start the shell shows the first screen while it reads which one to reopen, and a screen holds its reads
// until the address names it: whatever the preferences answer, the address comes to name a screen.
import { afterEach, describe, expect, it } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import { loadViewMemory } from '../router.ts'
import { renderInPage, until } from '../test-page.tsx'
import { Shell } from './Shell.tsx'

afterEach(() => {
  document.body.innerHTML = ''
  window.location.hash = ''
  // The addresses to reopen live in the router's module: each test starts with none.
  loadViewMemory({}, () => {})
})

/** Starts the shell on a core that answers the preferences as `preferences` says, one profile, and nothing else. */
async function startShell(preferences: { ok: true; data: unknown } | { ok: false; error: unknown }) {
  const routes: string[] = []
  const bridge = {
    invoke: async (route: string) => {
      routes.push(route)
      if (route === 'preferences.get') return preferences
      return {
        ok: true,
        data: route === 'profiles.list' ? [{ id: 'sandbox', name: 'Sandbox', active: true }] : null,
      }
    },
    on: () => () => {},
  } as unknown as Bridge
  // The page never idles here: nothing is fetched ahead (happy-dom has no idle callbacks of its own).
  Object.assign(window, { requestIdleCallback: () => 0, cancelIdleCallback: () => {} })
  window.location.hash = ''
  await renderInPage(<Shell />, bridge)
  return routes
}

describe('the shell at start', () => {
  it('reopens the screen last shown', async () => {
    const routes = await startShell({ ok: true, data: { theme: 'system', views: { last: '/settings' } } })
    await until(() => window.location.hash === '#/settings')
    expect(routes).toContain('preferences.get')
  })

  it('names the first screen in the address when the preferences cannot be read', async () => {
    const routes = await startShell({
      ok: false,
      error: { code: 'internal', message: 'The preferences could not be read.' },
    })
    // The Decisions screen asks for its models once the address names it.
    await until(() => routes.includes('decisions.models'))
    expect(window.location.hash).toBe('#/decisions')
  })
})
