// The playground through the contract against the embedded sandbox: turns with their wire records and the
// key masked, streamed turns, answer images kept, cache handles from create to expiry and deletion, the
// 403 of another key's cache, and saved conversations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EventPayload } from '#shared/ipc/events'
import { startCore, until } from '../../testing/core.ts'

let env: Awaited<ReturnType<typeof startCore>>
beforeAll(async () => {
  env = await startCore()
})
afterAll(() => env.core.close())

const sandboxUrl = () => env.core.profiles.connection().then((c) => c.baseUrl)

describe('turns', () => {
  it('sends a messages turn and returns what went over the wire, the key masked', async () => {
    const { response, wire } = await env.call('playground.messages', {
      body: { model: 'nimbus/chat-4', max_tokens: 200, messages: [{ role: 'user', content: 'Hello there' }] },
    })
    expect(response.stop_reason).toBeTruthy()
    const [request, answer] = wire
    expect(request).toMatchObject({ kind: 'request', method: 'POST' })
    expect(request?.kind === 'request' && request.url).toMatch(/\/msg-native\/v1\/messages$/)
    const key = (await env.core.profiles.connection()).apiKey ?? ''
    expect(JSON.stringify(wire)).not.toContain(key)
    expect(request?.kind === 'request' && request.headers['x-api-key']).toBe(`••••${key.slice(-4)}`)
    expect(answer).toMatchObject({ kind: 'response', status: 200 })
    expect(JSON.parse(answer?.kind === 'response' ? answer.body : '{}').id).toBe(response.id)
  })

  it('keeps the images of a generateContent answer in the gallery', async () => {
    const { response, images } = await env.call('playground.generate', {
      model: 'aurora/flash-image',
      body: { contents: [{ role: 'user', parts: [{ text: 'a red kite over the sea' }] }] },
    })
    expect(response.candidates[0]?.content.parts.some((part) => part.thought)).toBe(true)
    expect(images).toHaveLength(1)
    expect(images[0]).toMatchObject({ model: 'aurora/flash-image', prompt: 'a red kite over the sea' })
  })

  it('streams a turn with its wire records as events, and keeps a streamed image', async () => {
    const seen: { wire: EventPayload<'stream.wire'>[]; events: number; end?: EventPayload<'stream.end'> } = {
      wire: [],
      events: 0,
    }
    const stop = env.core.events.subscribe((event, payload) => {
      if (event === 'stream.wire') seen.wire.push(payload as EventPayload<'stream.wire'>)
      if (event === 'stream.event') seen.events++
      if (event === 'stream.end') seen.end = payload as EventPayload<'stream.end'>
    })
    const before = (await env.call('images.list', {})).length
    await env.call('streams.generateContent', {
      requestId: 'stream-1',
      model: 'aurora/flash-image',
      body: { contents: [{ role: 'user', parts: [{ text: 'a lighthouse' }] }] },
    })
    await until(() => seen.end)
    stop()
    expect(seen.end?.outcome).toBe('finished')
    expect(seen.events).toBeGreaterThan(1)
    expect(seen.wire.map((w) => w.record.kind)).toEqual(['request', 'response'])
    await until(async () => (await env.call('images.list', {})).length === before + 1)
  })
})

describe('cache handles', () => {
  const create = () =>
    env.call('caches.create', {
      model: 'models/aurora/flash-2',
      contents: [{ role: 'user', parts: [{ text: 'A long reference document. '.repeat(200) }] }],
      ttl: '900s',
      displayName: 'reference',
    })

  it('keeps the handles it creates, with token count, write cost and expiry, and uses one in a turn', async () => {
    const handle = await create()
    expect(handle).toMatchObject({ model: 'aurora/flash-2', displayName: 'reference', state: 'active' })
    expect(handle.tokenCount).toBeGreaterThan(100)
    expect(handle.writeCost).not.toBeNull()
    expect(handle.expireAt - handle.createdAt).toBe(900_000)
    expect((await env.call('caches.list', {})).map((h) => h.name)).toContain(handle.name)
    const { response } = await env.call('playground.generate', {
      model: 'aurora/flash-2',
      body: { cachedContent: handle.name, contents: [{ role: 'user', parts: [{ text: 'Summarize it.' }] }] },
    })
    expect(response.usageMetadata?.cachedContentTokenCount).toBe(handle.tokenCount)
  })

  it('marks an expired handle, explains using it, and deletes one', async () => {
    const handle = await create()
    const id = handle.name.replace('cachedContents/', '')
    await fetch(`${await sandboxUrl()}/__sandbox/caches/${id}/expire`, { method: 'POST' })
    expect((await env.call('caches.get', { name: handle.name })).state).toBe('expired')
    await expect(
      env.call('playground.generate', {
        model: 'aurora/flash-2',
        body: { cachedContent: handle.name, contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
      }),
    ).rejects.toMatchObject({
      message: `${handle.name} has expired or was deleted; the service no longer has it.`,
    })
    const other = await create()
    expect((await env.call('caches.delete', { name: other.name })).state).toBe('deleted')
  })

  it('explains a 403: the handle belongs to another key', async () => {
    const url = await sandboxUrl()
    await fetch(`${url}/__sandbox/keys/sk-other-person`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credits: 5 }),
    })
    const created = await fetch(`${url}/gen-native/v1beta/cachedContents`, {
      method: 'POST',
      headers: { 'x-native-api-key': 'sk-other-person', 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'models/aurora/flash-2',
        contents: [{ parts: [{ text: 'x '.repeat(50) }] }],
      }),
    })
    const { name } = (await created.json()) as { name: string }
    await expect(
      env.call('playground.generate', {
        model: 'aurora/flash-2',
        body: { cachedContent: name, contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
      }),
    ).rejects.toMatchObject({ message: expect.stringContaining('was created with another API key') })
  })
})

describe('conversations', () => {
  it('saves, lists, re-opens and deletes a conversation', async () => {
    await env.call('conversations.save', {
      id: 'c1',
      protocol: 'messages',
      title: 'Weather tool',
      model: 'nimbus/chat-4',
      state: { turns: [{ role: 'user', text: 'hi' }] },
    })
    expect((await env.call('conversations.list', {})).map((c) => c.title)).toEqual(['Weather tool'])
    expect((await env.call('conversations.get', { id: 'c1' })).state).toEqual({
      turns: [{ role: 'user', text: 'hi' }],
    })
    expect(await env.call('conversations.delete', { id: 'c1' })).toEqual({ deleted: true })
  })
})
