// The owner's backups: none while it opens the folder or closes it (a command that lives a moment never copies the
// history), the first an hour after it opened, made in the background worker.
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startCore, until } from '../../testing/core.ts'

afterEach(() => vi.useRealTimers())

describe('the history’s backup clock', () => {
  it('copies nothing at the start, and backs up an hour after it', async () => {
    // Only the intervals are the test's: everything else (the worker's answers, timeouts) runs in real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const env = await startCore()
    const backup = join(env.userData, 'history.db.backup')
    try {
      await env.call('questionnaires.save', { id: 'q1', name: 'Kept', questions: [] })
      expect(existsSync(backup)).toBe(false)
      vi.advanceTimersByTime(60 * 60 * 1000)
      await until(() => existsSync(backup), 30_000)
    } finally {
      await env.core.close()
      rmSync(env.userData, { recursive: true, force: true })
      rmSync(`${env.userData}.keychain`, { force: true })
    }
  })
})
