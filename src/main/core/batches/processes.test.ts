// Batches and the processes that run them: the app and the command line on one history, each in a process of
// its own. A batch is run by one of them at a time, and one left running by a process that died is resumed.
import { mkdtemp } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createBatch } from '../../testing/batches.ts'
import { startCore, until } from '../../testing/core.ts'
import { createDecisionCaller } from '../decisions/decision-caller.ts'
import { openHistory } from '../history/history.ts'
import { createBatchRunner, runningBeatMs } from './runner.ts'

let env: Awaited<ReturnType<typeof startCore>>
beforeAll(async () => {
  env = await startCore()
})
afterAll(() => env.core.close())

const sandboxCaller = () => {
  const sandbox = env.core.scopes.scopeFor('sandbox')
  return createDecisionCaller({ gateway: sandbox.gateway, catalog: sandbox.catalog })
}

describe('a batch and the processes that run it', () => {
  it('goes on with a batch stopped at its budget in one runner only, when two check at once', async () => {
    // Two runners on one history: the app and the command line, each in a process of its own.
    const history = openHistory(await mkdtemp(join(env.userData, 'claim-')))
    const caller = sandboxCaller()
    let sent = 0
    const counting = {
      ...caller,
      call: (...args: Parameters<typeof caller.call>) => {
        sent++
        return caller.call(...args)
      },
    }
    const runners = [1, 2].map(() =>
      createBatchRunner({ history, callerFor: () => counting, emit: () => {} }),
    )
    createBatch(history, { id: 'b2', concurrency: 2, status: 'over_budget' }, 12)
    await Promise.all(runners.map((runner) => runner.resumeWhereBudgetAllows()))
    await until(() => history.decisionBatches.get('b2')?.status === 'done')
    expect(runners.filter((runner) => runner.isRunning('b2'))).toHaveLength(0)
    expect(history.decisionBatches.counts('b2').done).toBe(12)
    expect(sent).toBe(12)
    // Resumed by hand in both at once: one runs it, the other is refused and sends nothing.
    createBatch(history, { id: 'b3', concurrency: 2, status: 'interrupted' }, 12)
    const started = await Promise.all(runners.map((runner) => runner.start('b3')))
    expect(started.toSorted()).toEqual([false, true])
    await until(() => history.decisionBatches.get('b3')?.status === 'done')
    expect(history.decisionBatches.counts('b3').done).toBe(12)
    expect(sent).toBe(24)
    history.close()
  })
  it('refuses to resume a batch another process is running, and one whose start failed stays as it was', async () => {
    const caller = sandboxCaller()
    // The command line, in a process of its own, running a batch of the app's history.
    const elsewhere = createBatchRunner({
      history: env.core.history,
      callerFor: () => caller,
      emit: () => {},
    })
    createBatch(env.core.history, { id: 'b4', concurrency: 1, status: 'interrupted' }, 40)
    expect(await elsewhere.start('b4')).toBe(true)
    await expect(env.call('batches.resume', { id: 'b4' })).rejects.toMatchObject({ code: 'batch_running' })
    elsewhere.cancel('b4')
    // A start that fails before a row is sent leaves the batch stopped, to be resumed again.
    const failing = createBatchRunner({
      history: env.core.history,
      callerFor: () => ({
        ...caller,
        modelOf: () => Promise.reject(new Error('the catalog could not be read')),
      }),
      emit: () => {},
    })
    await expect(failing.start('b4')).rejects.toThrow('the catalog could not be read')
    expect(env.core.history.decisionBatches.get('b4')?.status).toBe('cancelled')
    await env.call('batches.resume', { id: 'b4' })
    await until(() => env.core.history.decisionBatches.get('b4')?.status === 'done')
    expect(env.core.history.decisionBatches.counts('b4').done).toBe(40)
  })
  it('leaves a batch to the process that says it runs it, and resumes one whose process went silent', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const history = openHistory(await mkdtemp(join(env.userData, 'beats-')))
    try {
      let clock = Date.now()
      const now = () => clock
      const caller = sandboxCaller()
      // The command line's requests never come back: it is sending a row when it dies.
      const stuck = { ...caller, call: () => new Promise<never>(() => {}) }
      const commandLine = createBatchRunner({ history, callerFor: () => stuck, emit: () => {}, now })
      const app = createBatchRunner({ history, callerFor: () => caller, emit: () => {}, now })
      createBatch(history, { id: 'b5', concurrency: 1, status: 'interrupted' }, 6)
      expect(await commandLine.start('b5')).toBe(true)
      // Minutes pass while the command line runs it and says so each beat: the app, starting and checking each
      // minute meanwhile, leaves it alone and cannot run it too.
      for (let beat = 0; beat < 12; beat++) {
        clock += runningBeatMs
        vi.advanceTimersByTime(runningBeatMs)
        expect(app.markStale()).toBe(0)
      }
      expect(await app.start('b5')).toBe(false)
      // The command line dies without a word (its beat stops): a few beats later the batch reads as interrupted,
      // and every row is sent again by the app, the one that was in flight too.
      vi.clearAllTimers()
      clock += 2 * runningBeatMs
      expect(app.markStale()).toBe(0)
      clock += 2 * runningBeatMs
      expect(app.markStale()).toBe(1)
      expect(history.decisionBatches.get('b5')?.status).toBe('interrupted')
      expect(await app.start('b5')).toBe(true)
      await until(() => history.decisionBatches.get('b5')?.status === 'done')
      expect(history.decisionBatches.counts('b5')).toMatchObject({ done: 6, pending: 0 })
    } finally {
      vi.useRealTimers()
      history.close()
    }
  })

  it('stops sending a batch cancelled in another process, and does not write over the cancel', async () => {
    const history = openHistory(await mkdtemp(join(env.userData, 'cancel-')))
    try {
      const caller = sandboxCaller()
      let sent = 0
      let open: () => void = () => {}
      const gate = new Promise<void>((resolve) => {
        open = resolve
      })
      const held = {
        ...caller,
        call: async (...args: Parameters<typeof caller.call>) => {
          sent++
          await gate
          return caller.call(...args)
        },
      }
      const commandLine = createBatchRunner({ history, callerFor: () => held, emit: () => {} })
      const app = createBatchRunner({ history, callerFor: () => held, emit: () => {} })
      createBatch(history, { id: 'b6', concurrency: 2, status: 'interrupted' }, 10)
      expect(await commandLine.start('b6')).toBe(true)
      expect(sent).toBe(2)
      // Cancelled in the app while the command line's two requests are in flight: not resumed until they are
      // back, or their rows would be sent twice.
      app.cancel('b6')
      expect(await app.start('b6')).toBe(false)
      open()
      await until(() => !commandLine.isRunning('b6'))
      expect(sent).toBe(2)
      expect(history.decisionBatches.get('b6')?.status).toBe('cancelled')
      expect(history.decisionBatches.counts('b6')).toMatchObject({ done: 2, pending: 8 })
      // Resumed in the app: the rest is sent once.
      expect(await app.start('b6')).toBe(true)
      await until(() => history.decisionBatches.get('b6')?.status === 'done')
      expect(history.decisionBatches.counts('b6')).toMatchObject({ done: 10, pending: 0 })
      expect(sent).toBe(10)
    } finally {
      history.close()
    }
  })

  it('at start, reads a batch as interrupted whose process died, and leaves one another process runs', async () => {
    const first = await startCore()
    const batches = first.core.history.decisionBatches
    createBatch(first.core.history, { id: 'dead', concurrency: 1, status: 'interrupted' }, 3)
    createBatch(first.core.history, { id: 'alive', concurrency: 1, status: 'interrupted' }, 3)
    // The first was claimed by a process that died a minute ago; the second by one that said so just now.
    first.core.history.transaction(() =>
      batches.claim('dead', 'died', ['interrupted'], Date.now() - 60_000, 0),
    )
    first.core.history.transaction(() => batches.claim('alive', 'elsewhere', ['interrupted'], Date.now(), 0))
    await first.core.close()
    const second = await startCore({ userData: first.userData })
    try {
      expect((await second.call('batches.get', { id: 'dead' })).batch.status).toBe('interrupted')
      expect((await second.call('batches.get', { id: 'alive' })).batch.status).toBe('running')
      await expect(second.call('batches.resume', { id: 'alive' })).rejects.toMatchObject({
        code: 'batch_running',
      })
      await second.call('batches.resume', { id: 'dead' })
      await until(async () => (await second.call('batches.get', { id: 'dead' })).batch.status === 'done')
    } finally {
      await second.core.close()
    }
  })
})
