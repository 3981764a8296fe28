// One core per data folder: a batch marked running in the history runs in this core, or was left so by an owner
// that stopped (quit, crashed, killed). The next owner reads it as interrupted, and it resumes to its end.
import { rmSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { createBatch } from '../../testing/batches.ts'
import { startCore, until } from '../../testing/core.ts'
import { unlimitedBudgets } from '../../testing/holds.ts'
import { createDecisionCaller } from '../decisions/decision-caller.ts'
import { createBatchRunner } from './runner.ts'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) {
    rmSync(folder, { recursive: true, force: true })
    rmSync(`${folder}.keychain`, { force: true })
  }
})

describe('a batch its owner left running', () => {
  it('reads as interrupted at the next start, and resumes to the end with every row once', async () => {
    const first = await startCore()
    folders.push(first.userData)
    createBatch(first.core.history, { id: 'left', concurrency: 1, status: 'running' }, 6)
    await first.core.close()
    const second = await startCore({ userData: first.userData })
    try {
      expect((await second.call('batches.get', { id: 'left' })).batch.status).toBe('interrupted')
      await second.call('batches.resume', { id: 'left' })
      // A second resume while it runs is the same run, not a second one.
      await second.call('batches.resume', { id: 'left' })
      await until(async () => (await second.call('batches.get', { id: 'left' })).batch.status === 'done')
      const { items } = await second.call('batches.rows', { id: 'left', from: 0, limit: 400 })
      expect(items.map((item) => item.status)).toEqual(Array(6).fill('done'))
      expect(items.every((item) => item.cost !== null)).toBe(true)
    } finally {
      await second.core.close()
    }
  })

  it('stays stopped, to be resumed, when its start fails before a row is sent', async () => {
    const env = await startCore()
    folders.push(env.userData)
    try {
      const sandbox = env.core.scopes.scopeFor('sandbox')
      const caller = createDecisionCaller({ gateway: sandbox.gateway, catalog: sandbox.catalog })
      const failing = createBatchRunner({
        history: env.core.history,
        callerFor: () => ({
          ...caller,
          modelOf: () => Promise.reject(new Error('the catalog could not be read')),
        }),
        emit: () => {},
        budgets: unlimitedBudgets(env.core.history),
      })
      createBatch(env.core.history, { id: 'b4', concurrency: 1, status: 'cancelled' }, 4)
      await expect(failing.start('b4')).rejects.toThrow('the catalog could not be read')
      expect(env.core.history.decisionBatches.get('b4')?.status).toBe('cancelled')
      await env.call('batches.resume', { id: 'b4' })
      await until(() => env.core.history.decisionBatches.get('b4')?.status === 'done')
      expect(env.core.history.decisionBatches.counts('b4').done).toBe(4)
    } finally {
      await env.core.close()
    }
  })
})
