// The receiver's port from start to start: the free port picked the first time is kept (a port forward or a
// reverse proxy pointed at it keeps working), and another is picked when some other program has taken it.
import { rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { describe, expect, it, onTestFinished } from 'vitest'
import { startCore } from '../../testing/core.ts'

const portOf = async (env: Awaited<ReturnType<typeof startCore>>) =>
  (await env.call('receiver.state', {})).port

describe('the receiver’s port', () => {
  it('is the one picked the first time at every start, and another when that one is taken', async () => {
    const first = await startCore()
    const { userData } = first
    onTestFinished(async () => {
      await rm(userData, { recursive: true, force: true })
      await rm(`${userData}.keychain`, { force: true })
    })
    const picked = await portOf(first)
    expect(picked).toBeGreaterThan(0)
    await first.core.close()

    const second = await startCore({ userData })
    expect(await portOf(second)).toBe(picked)
    await second.core.close()

    // Another program listens there now.
    const other = createServer()
    await new Promise<void>((resolve) => other.listen(picked ?? 0, '127.0.0.1', resolve))
    onTestFinished(() => new Promise<void>((resolve) => other.close(() => resolve())))
    const third = await startCore({ userData })
    const moved = await portOf(third)
    expect(moved).not.toBe(picked)
    expect(moved).toBeGreaterThan(0)
    expect((await third.call('receiver.state', {})).error).toBeNull()
    await third.core.close()

    const fourth = await startCore({ userData })
    expect(await portOf(fourth)).toBe(moved)
    await fourth.core.close()
  })
})
