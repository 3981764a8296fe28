// A batch that finishes while its view is open: its labeling takes the rows read once it had finished, never the
// rows read while it ran, however late those arrive.
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import type { BatchItem } from '#shared/ipc/routes/batches'
import { navigate } from '../../router.ts'
import { renderInPage, until } from '../../test-page.tsx'
import { BatchView } from './BatchView.tsx'

// The results table's work ahead (idle time) is not this test's subject: the page here never idles.
beforeEach(() => {
  vi.stubGlobal('requestIdleCallback', () => 0)
  vi.stubGlobal('cancelIdleCallback', () => {})
})
afterEach(() => {
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
  window.location.hash = ''
})

const questionnaire = {
  id: 'triage',
  name: 'Triage',
  questions: [
    {
      id: 'q1',
      kind: 'predicate' as const,
      name: 'urgent',
      instructions: 'Is it urgent?',
      instructionsAsJson: false,
      criteriaTrue: 'outage',
      criteriaFalse: '',
      choices: [],
      levels: [],
    },
  ],
}

const row = (index: number, done: boolean): BatchItem => ({
  index,
  input: `Ticket ${index + 1}`,
  status: done ? 'done' : 'pending',
  response: done
    ? {
        model: 'sysone/judge-1',
        answers: [{ type: 'predicate', name: 'urgent', probability: 0.8 }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }
    : null,
  error: null,
  cost: done ? '0.0001' : null,
  costEstimated: false,
  durationMs: done ? 10 : null,
  finishedAt: done ? 1 : null,
  source: null,
  line: null,
  labels: null,
})

/** A batch of three rows, one answered while it runs; `finish` answers the rest and tells the page. */
function batchCore() {
  let finished = false
  const listeners = new Set<(payload: unknown) => void>()
  /** Reads of the rows wait here once the batch has finished, until the test lets them go. */
  const heldReads: (() => void)[] = []
  const summary = () => ({
    id: 'b1',
    name: 'Triage',
    model: 'sysone/judge-1',
    endpoint: 'unified',
    profileId: 'sandbox',
    profileName: 'Sandbox',
    concurrency: 1,
    spendCap: null,
    status: finished ? 'finished' : 'running',
    counts: { total: 3, done: finished ? 3 : 1, failed: 0, pending: finished ? 0 : 2 },
    spent: finished ? '0.0003' : '0.0001',
    createdAt: 1,
    updatedAt: 1,
    sourceColumns: null,
  })
  const bridge = {
    invoke: async (route: string) => {
      if (route === 'batches.list') return { ok: true, data: [summary()] }
      if (route === 'batches.get')
        return { ok: true, data: { batch: summary(), questionnaire, baselineId: null } }
      if (route === 'batches.rows') {
        const items = [0, 1, 2].map((index) => row(index, finished || index === 0))
        if (finished) await new Promise<void>((resolve) => heldReads.push(resolve))
        return { ok: true, data: { items } }
      }
      if (route === 'batches.answers')
        return { ok: false, error: { code: 'unavailable', message: 'Not here.' } }
      return { ok: true, data: null }
    },
    on: (event: string, listener: (payload: unknown) => void) => {
      if (event !== 'data.changed') return () => {}
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  } as unknown as Bridge
  const finish = () => {
    finished = true
    for (const listener of listeners) listener({ topics: ['batches'] })
  }
  const letReadsGo = () => {
    for (const release of heldReads.splice(0)) release()
  }
  return { bridge, finish, letReadsGo, heldReads }
}

describe('a batch that finishes while it is open', () => {
  it('labels the rows read after it finished, not those read while it ran', async () => {
    navigate('/decisions?batch=b1')
    const core = batchCore()
    const { container } = await renderInPage(<BatchView />, core.bridge)
    await until(() => container.querySelector('[aria-label="Batch results"]') !== null)
    await act(async () => core.finish())
    // The head says the batch finished before its rows are read again: the scores offer labeling at once.
    const label = () =>
      [...container.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Label rows')
    await until(() => label() !== undefined && core.heldReads.length > 0)
    await act(async () => label()?.click())
    const labeling = () => container.querySelector('[aria-label="Label rows"]')
    expect(labeling()).toBeNull()
    expect(container.textContent).toContain('Reading the batch’s rows…')
    await act(async () => core.letReadsGo())
    await until(() => labeling() !== null)
    expect(labeling()?.querySelector('[role="status"]')?.textContent).toBe('0 of 3 rows labeled')
  })
})
