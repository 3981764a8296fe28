// A batch the command line writes out is read whole, a range at a time from the folder owner: every row once, in
// order, past the first range.
import { rmSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { batchLimits } from '#shared/domain/batch-inputs'
import { createBatch } from '../main/testing/batches.ts'
import { startCore } from '../main/testing/core.ts'
import { wholeBatch } from './batch-rows.ts'
import type { Session } from './session.ts'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) {
    rmSync(folder, { recursive: true, force: true })
    rmSync(`${folder}.keychain`, { force: true })
  }
})

describe('a whole batch', () => {
  it('reads every row once, in order, across ranges', async () => {
    const env = await startCore()
    folders.push(env.userData)
    try {
      const rows = 2 * batchLimits.rowsPerRead + 345
      createBatch(env.core.history, { id: 'long', concurrency: 1, status: 'done' }, rows)
      const session = { call: env.call } as unknown as Session
      const { batch, items } = await wholeBatch(session, 'long')
      expect(batch.counts.total).toBe(rows)
      expect(items.map((item) => item.index)).toEqual([...Array(rows).keys()])
      expect(items.at(-1)?.input).toBe(`message ${rows - 1}: refund please`)
    } finally {
      await env.core.close()
    }
  })
})
