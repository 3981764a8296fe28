// On a live profile whose service cannot be reached, Run says why it waits and the model field offers Retry.
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import { navigate } from '../../router.ts'
import { renderInPage, until } from '../../test-page.tsx'
import { RunPanel, useDecisionRun } from './RunPanel.tsx'

afterEach(() => {
  document.body.innerHTML = ''
  window.location.hash = ''
})

function Panel() {
  return <RunPanel blocked={null} run={useDecisionRun()} formError={null} />
}

const decider = {
  id: 'lab/decider',
  name: 'Decider',
  alias: null,
  readsImages: false,
  dedicated: false,
  contextLength: 8192,
  promptPrice: '0.000001',
  completionPrice: '0.000002',
}

describe('Run on a service that cannot be reached', () => {
  it('says why it waits, and runs once Retry brings the models', async () => {
    let reachable = false
    const bridge = {
      invoke: async (route: string) => {
        if (route === 'profiles.list') return { ok: true, data: [{ id: 'p1', name: 'Live', active: true }] }
        if (route === 'decisions.models')
          return reachable
            ? { ok: true, data: { models: [decider], total: 1, chosen: null } }
            : {
                ok: false,
                error: { code: 'service_unreachable', message: 'Could not reach gateway.example.com.' },
              }
        return { ok: true, data: null }
      },
      on: () => () => {},
    } as unknown as Bridge
    window.location.hash = ''
    const { container } = await renderInPage(<Panel />, bridge)
    await act(async () => navigate('/decisions'))
    await until(
      () => container.textContent?.includes('The models did not load: Retry at the model field.') ?? false,
    )
    const run = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Run')
    expect(run?.disabled).toBe(true)
    const retry = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Retry')
    expect(retry).toBeDefined()
    reachable = true
    await act(async () => retry?.click())
    await until(() => !(container.textContent?.includes('did not load') ?? true))
    expect(container.textContent).not.toContain('Retry at the model field')
  })
})
