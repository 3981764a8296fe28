// At start the shell shows the first screen while it reads which one to reopen, and a screen holds its reads
// until the address names it: whatever the preferences answer, the address comes to name a screen.
import { QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import { createQueryClient } from '../query.ts'
import { loadViewMemory } from '../router.ts'
import { Shell } from './Shell.tsx'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  document.body.innerHTML = ''
  window.location.hash = ''
  // The addresses to reopen live in the router's module: each test starts with none.
  loadViewMemory({}, () => {})
})

const until = async (condition: () => boolean) => {
  while (!condition()) await act(() => new Promise((resolve) => setTimeout(resolve, 5)))
}

/** A core that answers the preferences as `preferences` says, one profile, and every other route with nothing. */
function startShell(preferences: { ok: true; data: unknown } | { ok: false; error: unknown }) {
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
  Object.defineProperty(window, 'bridge', { value: bridge, configurable: true })
  // The page never idles here: nothing is fetched ahead (happy-dom has no idle callbacks of its own).
  Object.assign(window, { requestIdleCallback: () => 0, cancelIdleCallback: () => {} })
  window.location.hash = ''
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  return {
    routes,
    render: () =>
      act(async () =>
        root.render(
          <QueryClientProvider client={createQueryClient()}>
            <Shell />
          </QueryClientProvider>,
        ),
      ),
    unmount: () => act(async () => root.unmount()),
  }
}

describe('the shell at start', () => {
  it('reopens the screen last shown', async () => {
    const shell = startShell({ ok: true, data: { theme: 'system', views: { last: '/settings' } } })
    await shell.render()
    await until(() => window.location.hash === '#/settings')
    expect(shell.routes).toContain('preferences.get')
    await shell.unmount()
  })

  it('names the first screen in the address when the preferences cannot be read', async () => {
    const shell = startShell({
      ok: false,
      error: { code: 'internal', message: 'The preferences could not be read.' },
    })
    await shell.render()
    // The Decisions screen asks for its models once the address names it.
    await until(() => shell.routes.includes('decisions.models'))
    expect(window.location.hash).toBe('#/decisions')
    await shell.unmount()
  })
})
