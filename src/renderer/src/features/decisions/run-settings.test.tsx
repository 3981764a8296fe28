// At start the Decisions screen is shown while the screen to reopen is read. Its models are picked by main out
// of the whole catalog, a read that would delay whichever screen is reopened: it waits for the address.
import { QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import { createQueryClient } from '../../query.ts'
import { navigate } from '../../router.ts'
import { useDecisionModels } from './run-settings.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  document.body.innerHTML = ''
  window.location.hash = ''
})

const until = async (condition: () => boolean) => {
  while (!condition()) await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

function Models() {
  const models = useDecisionModels()
  return <p>{models.data ? models.data.map((model) => model.id).join(' ') : 'no models'}</p>
}

describe('the decision models', () => {
  it('are asked for once the address names the Decisions screen, not while it is only the first shown', async () => {
    const routes: string[] = []
    const answers: Record<string, unknown> = {
      'profiles.list': [{ id: 'p1', name: 'Sandbox', active: true }],
      'decisions.models': [{ id: 'lab/decider' }],
    }
    const bridge = {
      invoke: async (route: string) => {
        routes.push(route)
        return { ok: true, data: answers[route] ?? null }
      },
      on: () => () => {},
    } as unknown as Bridge
    Object.defineProperty(window, 'bridge', { value: bridge, configurable: true })
    window.location.hash = ''
    const container = document.createElement('div')
    document.body.append(container)
    const root = createRoot(container)
    await act(async () =>
      root.render(
        <QueryClientProvider client={createQueryClient()}>
          <Models />
        </QueryClientProvider>,
      ),
    )
    await until(() => routes.includes('profiles.list'))
    // The profile is known and nothing else is pending: the models were not asked for.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(routes).toEqual(['profiles.list'])
    expect(container.textContent).toBe('no models')

    await act(async () => navigate('/decisions'))
    await until(() => container.textContent === 'lab/decider')
    expect(routes).toEqual(['profiles.list', 'decisions.models'])
    await act(async () => root.unmount())
  })
})
