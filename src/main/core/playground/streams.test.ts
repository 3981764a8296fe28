// Streams reach the renderer as contract events keyed by request id, and end cleanly when cancelled.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventName, EventPayload } from '#shared/ipc/events'
import { createCore } from '../compose.ts'
import type { Core } from '../core.ts'
import { createNodePlatform } from '../node-platform.ts'

let core: Core
const seen: { name: EventName; payload: EventPayload<EventName> }[] = []
const dispatch = (route: string, input: unknown) =>
  core.dispatcher(() => ['app://gateway-desk'])(route, input, {
    url: 'app://gateway-desk/',
    isTopFrame: true,
  })
/** The first `name` event of a request from now on. */
const next = <N extends 'stream.event' | 'stream.end'>(name: N, requestId: string) =>
  new Promise<EventPayload<N>>((resolve) => {
    const stop = core.events.subscribe((seenName, payload) => {
      if ((seenName as string) === name && (payload as { requestId: string }).requestId === requestId) {
        stop()
        resolve(payload as unknown as EventPayload<N>)
      }
    })
  })
const endOf = (requestId: string) => next('stream.end', requestId)

beforeAll(async () => {
  core = await createCore(createNodePlatform({ userData: await mkdtemp(join(tmpdir(), 'gd-streams-')) }))
  core.events.subscribe((name, payload) => void seen.push({ name, payload }))
})
afterAll(() => core.close())

describe('streamed calls', () => {
  it('forwards every event of a messages stream, then one end', async () => {
    const ended = endOf('r1')
    expect(
      await dispatch('streams.messages', {
        requestId: 'r1',
        body: {
          model: 'nimbus/chat-4',
          max_tokens: 100,
          messages: [{ role: 'user', content: 'hello there' }],
        },
      }),
    ).toEqual({
      ok: true,
      data: { requestId: 'r1' },
    })
    expect(await ended).toMatchObject({ requestId: 'r1', outcome: 'finished' })
    const events = seen.filter(
      (e) => e.name === 'stream.event' && (e.payload as { requestId: string }).requestId === 'r1',
    )
    expect(events.map((e) => (e.payload as { event?: string }).event)[0]).toBe('message_start')
    expect(events.map((e) => (e.payload as { event?: string }).event).at(-1)).toBe('message_stop')
    const times = events.map((e) => (e.payload as { at: number }).at)
    expect([...times].sort((a, b) => a - b)).toEqual(times)
  })

  it('ends with `cancelled` when the renderer cancels, and reports a service error as `failed`', async () => {
    const ended = endOf('r2')
    const started = next('stream.event', 'r2')
    await dispatch('streams.generateContent', {
      requestId: 'r2',
      model: 'aurora/flash-2',
      body: { contents: [{ parts: [{ text: 'a long story about the sea and ships' }] }] },
    })
    // Cancelled midway: after its first event, long before its last.
    await started
    expect(await dispatch('requests.cancel', { requestId: 'r2' })).toEqual({
      ok: true,
      data: { cancelled: true },
    })
    expect(await ended).toMatchObject({ outcome: 'cancelled' })
    const failed = endOf('r3')
    await dispatch('streams.generateContent', {
      requestId: 'r3',
      model: 'no/such-model',
      body: { contents: [{ parts: [{ text: 'x' }] }] },
    })
    expect(await failed).toMatchObject({ outcome: 'failed', error: { code: 'service_error', status: 404 } })
  })
})
