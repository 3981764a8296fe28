import { join } from 'node:path'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { AppError } from '#shared/ipc/app-error'
import type { EchoCalls } from '../../testing/echo-worker.ts'
import type { Log } from '../log.ts'
import { remote, startWorker } from './calls.ts'

const entry = join(import.meta.dirname, '..', '..', 'testing', 'echo-worker.ts')

function echoWorker(
  options: {
    idleMs?: number
    closeGraceMs?: number
    answer?: (method: string, args: unknown[]) => Promise<unknown>
  } = {},
) {
  const lines: string[] = []
  const log: Log = {
    file: '',
    info: (message) => lines.push(message),
    warn: (message) => lines.push(message),
    error: (message) => lines.push(message),
  }
  const client = startWorker<EchoCalls>({ entry, data: null, log, ...options })
  onTestFinished(() => client.close())
  return { client, lines }
}
const threadOf = (answer: string) => answer.split(' from ')[1]

describe('a worker called by name', () => {
  it('answers, and fails with the error the worker raised', async () => {
    const { client } = echoWorker()
    expect(await client.call('echo', ['hello'])).toMatch(/^hello from \d+$/)
    await expect(client.call('refuse', [])).rejects.toMatchObject({ code: 'not_found' })
  })

  it('stops a call nobody waits for: the caller is told at once and the worker aborts it', async () => {
    const { client } = echoWorker()
    const controller = new AbortController()
    const waiting = client.call('waitForCancel', [], controller.signal)
    controller.abort()
    await expect(waiting).rejects.toMatchObject({ code: 'cancelled' })
    // The worker went on to answer the next call: the cancelled one did not hold it.
    expect(await client.call('echo', ['next'])).toMatch(/^next/)
  })

  it('drops a call cancelled while it waited behind another: it never runs', async () => {
    const { client } = echoWorker()
    const holding = client.call('hold', [300])
    const controller = new AbortController()
    const superseded = client.call('counted', [], controller.signal)
    controller.abort()
    await expect(superseded).rejects.toMatchObject({ code: 'cancelled' })
    expect(await holding).toBe('held')
    expect(await client.call('runs', [])).toBe(0)
  })

  it('stands in for a service in the worker: each method sent by name with its lead arguments', async () => {
    const { client } = echoWorker()
    const here = remote(client, 'greeter', async (): Promise<[string]> => ['Oslo'])
    expect(await here.hello('Ada')).toBe('hello Ada from Oslo')
    // Awaiting the stand-in itself is not a call.
    expect(await here).toBe(here)
    const controller = new AbortController()
    const waiting = here.waitForCancel(controller.signal)
    controller.abort()
    await expect(waiting).rejects.toMatchObject({ code: 'cancelled' })
  })

  it('fails the calls of a worker that stopped, says so in the log, and starts another for the next call', async () => {
    const { client, lines } = echoWorker()
    const first = threadOf(await client.call('echo', ['a']))
    await expect(client.call('stop', [])).rejects.toMatchObject({ code: 'internal_error' })
    expect(lines.some((line) => line.includes('stopped (exit code 3)'))).toBe(true)
    const second = threadOf(await client.call('echo', ['b']))
    expect(second).not.toBe(first)
  })

  it("makes the calls a worker asks main for, and gives the worker main's answer or error", async () => {
    const { client, lines } = echoWorker({
      answer: async (method, args) => {
        if (method === 'double') return (args[0] as number) * 2
        throw method === 'refused'
          ? new AppError({ code: 'not_found', message: 'No such model.' })
          : new Error('broken')
      },
    })
    expect(await client.call('askMain', ['double', [21]])).toBe(42)
    await expect(client.call('askMain', ['refused', []])).rejects.toMatchObject({
      code: 'not_found',
      message: 'No such model.',
    })
    // An error that is not the app's own is logged in main and reaches the worker as an internal error.
    await expect(client.call('askMain', ['broken', []])).rejects.toMatchObject({ code: 'internal_error' })
    expect(lines).toEqual(['a call broken asked by a worker failed'])
  })

  it('closes within its grace a worker whose call never answers, and one too busy to hear the close', async () => {
    for (const [method, args] of [
      ['waitForCancel', []],
      ['hold', [600_000]],
    ] as const) {
      const { client } = echoWorker({ closeGraceMs: 300 })
      const call = client.call(method, args as never)
      // Without the grace, the close would wait for the call: forever, or ten minutes.
      await client.close()
      await expect(call).rejects.toBeInstanceOf(AppError)
    }
  })

  it('ends an idle worker and starts another with the next call, with no warning', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const { client, lines } = echoWorker({ idleMs: 60_000 })
    const first = threadOf(await client.call('echo', ['a']))
    vi.advanceTimersByTime(59_000)
    expect(threadOf(await client.call('echo', ['still busy']))).toBe(first)
    vi.advanceTimersByTime(60_000)
    expect(threadOf(await client.call('echo', ['after a minute']))).not.toBe(first)
    expect(lines).toEqual([])
  })
})
