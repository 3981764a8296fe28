// At start the Decisions screen is shown while the screen to reopen is read. Its models are read from the kept
// catalog, a read that would delay whichever screen is reopened: it waits for the address.
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import { navigate } from '../../router.ts'
import { renderInPage, until } from '../../test-page.tsx'
import { useDecisionField } from './run-settings.ts'

afterEach(() => {
  document.body.innerHTML = ''
  window.location.hash = ''
})

function Models() {
  const { first } = useDecisionField('')
  return <p>{first.data ? first.data.models.map((model) => model.id).join(' ') : 'no models'}</p>
}

describe('the decision models', () => {
  it('are asked for once the address names the Decisions screen, not while it is only the first shown', async () => {
    const routes: string[] = []
    const answers: Record<string, unknown> = {
      'profiles.list': [{ id: 'p1', name: 'Sandbox', active: true }],
      'decisions.models': { models: [{ id: 'lab/decider' }], total: 1, chosen: null },
    }
    const bridge = {
      invoke: async (route: string) => {
        routes.push(route)
        return { ok: true, data: answers[route] ?? null }
      },
      on: () => () => {},
    } as unknown as Bridge
    window.location.hash = ''
    const { container } = await renderInPage(<Models />, bridge)
    await until(() => routes.includes('profiles.list'))
    // The profile is known and nothing else is pending: the models were not asked for.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(routes).toEqual(['profiles.list'])
    expect(container.textContent).toBe('no models')

    await act(async () => navigate('/decisions'))
    await until(() => container.textContent === 'lab/decider')
    expect(routes).toEqual(['profiles.list', 'decisions.models'])
  })

  it('are read again when the catalog changes, and not when an image or a video job does', async () => {
    let catalog = ['lab/old']
    const reads: string[] = []
    const listeners = new Set<(payload: unknown) => void>()
    const bridge = {
      invoke: async (route: string) => {
        if (route === 'profiles.list')
          return { ok: true, data: [{ id: 'p1', name: 'Sandbox', active: true }] }
        reads.push(catalog.join(' '))
        return {
          ok: true,
          data: { models: catalog.map((id) => ({ id })), total: catalog.length, chosen: null },
        }
      },
      on: (event: string, listener: (payload: unknown) => void) => {
        if (event === 'data.changed') listeners.add(listener)
        return () => listeners.delete(listener)
      },
    } as unknown as Bridge
    window.location.hash = '#/decisions'
    const { container } = await renderInPage(<Models />, bridge)
    await until(() => container.textContent === 'lab/old')
    const announce = (topics: string[]) =>
      act(async () => {
        for (const listener of listeners) listener({ topics })
      })

    catalog = ['lab/new']
    await announce(['images', 'videos'])
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(container.textContent).toBe('lab/old')
    expect(reads).not.toContain('lab/new')

    await announce(['catalog'])
    await until(() => container.textContent === 'lab/new')
  })
})
