// A gateway that sends the key back in other spellings: JSON-escaped in an answer and a header, %-escaped, and
// split over two streamed text deltas. None of them reaches the window in a form that reads as the key, nor the
// disk, nor an export.
import { createReadStream, readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { Envelope } from '#shared/ipc/envelope'
import { createBatch } from '../../testing/batches.ts'
import { createCore } from '../compose.ts'
import type { Core } from '../core.ts'
import { createNodePlatform } from '../node-platform.ts'
import { createStreamHold } from './redaction.ts'

const key = 'gw-live-7d1c94e0b2a35f68'
/** Every character of the key as a JSON `\u` escape. */
const escaped = [...key].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
const percent = [...key].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')
let gateway: Server
let core: Core
let userData: string
let platform: ReturnType<typeof createNodePlatform>
const crossed: string[] = []

/** Text with every `\uXXXX` (behind any number of backslashes) and %-escape resolved, as a reader would. */
const decoded = (text: string) =>
  text
    .replace(/\\+u([0-9a-fA-F]{4})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/%([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

function call(route: string, input: unknown): Promise<Envelope<unknown>> {
  return core
    .dispatcher(() => ['app://gateway-desk'])(route, input, { url: 'app://gateway-desk/', isTopFrame: true })
    .then((envelope) => {
      crossed.push(JSON.stringify(envelope))
      return envelope
    })
}

function sse(res: import('node:http').ServerResponse) {
  const pieces = ['Your key is gw-live-7d1', 'c94e0b2a35f68, keep it safe.']
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  const send = (event: string, data: unknown) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
  send('message_start', {
    type: 'message_start',
    message: {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'm',
      content: [],
      stop_reason: null,
      usage: { input_tokens: 3, output_tokens: 1 },
    },
  })
  send('content_block_start', {
    type: 'content_block_start',
    index: 0,
    content_block: { type: 'text', text: '' },
  })
  for (const text of pieces)
    send('content_block_delta', {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text },
    })
  send('content_block_stop', { type: 'content_block_stop', index: 0 })
  send('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: { output_tokens: 9 },
  })
  send('message_stop', { type: 'message_stop' })
  res.end()
}

beforeAll(async () => {
  gateway = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    req.on('end', () => {
      if (req.url === '/msg-native/v1/messages' && body.includes('"stream":true')) return sse(res)
      if (req.url === '/msg-native/v1/messages') {
        // The answer's text holds the key JSON-escaped; a header holds it %-escaped and escaped.
        res.writeHead(200, { 'content-type': 'application/json', 'x-echo': `${percent} "${escaped}"` })
        return res.end(
          `{"id":"msg_2","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":"key: ${escaped}"}],"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":3,"output_tokens":4}}`,
        )
      }
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not here"}}')
    })
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  userData = await mkdtemp(join(tmpdir(), 'gd-escaped-'))
  platform = createNodePlatform({ userData })
  core = await createCore(platform)
  core.events.subscribe((event, payload) => crossed.push(JSON.stringify({ event, payload })))
  const saved = await call('profiles.save', {
    name: 'Echoing',
    baseUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
  })
  const profile = (saved as { ok: true; data: { id: string } }).data
  await call('profiles.setSecret', { profileId: profile.id, secret: 'apiKey', value: key })
  await call('profiles.activate', { id: profile.id })
})
afterAll(async () => {
  await core.close()
  gateway.close()
  await rm(userData, { recursive: true, force: true })
})

describe('the key in another spelling', () => {
  it('is redacted in answers, headers and wire records once its escapes are resolved', async () => {
    const body = { model: 'm', max_tokens: 16, messages: [{ role: 'user', content: 'hello' }] }
    const turn = await call('playground.messages', { requestId: 'e1', body })
    expect(turn).toMatchObject({ ok: true })
    await expect.poll(() => crossed.some((text) => text.includes('x-echo'))).toBe(true)
    const everything = crossed.join('\n')
    expect(everything).toContain('[redacted]')
    expect(decoded(everything)).not.toContain(key)
  })

  it('is redacted when a stream splits it over two deltas, and a saved conversation does not keep it', async () => {
    const body = { model: 'm', max_tokens: 16, messages: [{ role: 'user', content: 'hello' }] }
    const before = crossed.length
    await call('streams.messages', { requestId: 's1', body })
    await expect
      .poll(() => crossed.some((text) => text.includes('"stream.end"') && text.includes('s1')))
      .toBe(true)
    const events = crossed
      .slice(before)
      .map((text) => JSON.parse(text) as { event?: string; payload?: { requestId?: string; data?: unknown } })
      .filter((item) => item.event === 'stream.event' && item.payload?.requestId === 's1')
    const joined = events
      .map((item) => (item.payload?.data as { delta?: { text?: string } } | undefined)?.delta?.text ?? '')
      .join('')
    // The person still reads everything around the key, in order.
    expect(joined).toBe('Your key is [redacted], keep it safe.')

    // A conversation the window puts together holding the key (typed, or from elsewhere) is kept without it.
    await call('conversations.save', {
      id: 'c1',
      protocol: 'messages',
      title: 'keys',
      model: 'm',
      state: { messages: [{ role: 'user', content: `my key ${key}` }] },
    })
    core.history.database.db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    for (const entry of readdirSync(userData, { recursive: true, withFileTypes: true }))
      if (entry.isFile())
        expect(readFileSync(join(entry.parentPath, entry.name)).includes(key), entry.name).toBe(false)
  })

  it('is taken out of a batch exported as CSV or JSON, in either spelling', async () => {
    // A batch whose inputs hold the key, as a person might paste it, plainly and JSON-escaped.
    createBatch(core.history, { id: 'pasted', concurrency: 1, status: 'done' }, 0)
    core.history.transaction(() =>
      core.history.database.db
        .prepare(
          "INSERT INTO decision_batch_items (batch_id, idx, input_json, status) VALUES (?, ?, ?, 'pending')",
        )
        .run('pasted', 0, JSON.stringify(`my key is ${key}, or "${escaped}"`)),
    )
    for (const format of ['csv', 'json'] as const) {
      const target = join(userData, `pasted.${format}`)
      platform.dialogAnswers.push(target)
      expect(await call('batches.export', { id: 'pasted', format })).toMatchObject({
        ok: true,
        data: { savedTo: target },
      })
      const text = readFileSync(target, 'utf8')
      expect(text).toContain('my key is [redacted]')
      expect(decoded(text)).not.toContain(key)
    }
  })

  it('holds back only what could start a secret, and gives back a tail that never became one', () => {
    const hold = createStreamHold(() => [key])
    const delta = (text: string, index = 0) => ({
      type: 'content_block_delta',
      index,
      delta: { type: 'text_delta', text },
    })
    const texts = (events: unknown[]) =>
      events.map((event) => (event as ReturnType<typeof delta>).delta?.text)
    expect(texts(hold.next(delta('plain words gw-li')))).toEqual(['plain words '])
    expect(texts(hold.next(delta('ke a key')))).toEqual(['gw-like a key'])
    expect(texts(hold.next(delta('ends with gw')))).toEqual(['ends with '])
    expect(hold.rest()).toEqual([delta('gw')])
    // Fields that are not text are never held.
    expect(hold.next({ type: 'message_delta', delta: { stop_reason: 'end_turn' } })).toEqual([
      { type: 'message_delta', delta: { stop_reason: 'end_turn' } },
    ])
  })

  it('keeps what it holds to its own block, and gives it back as that block ends', () => {
    const hold = createStreamHold(() => ['sk-held-secret-0001'])
    const delta = (text: string, index: number) => ({
      type: 'content_block_delta',
      index,
      delta: { type: 'text_delta', text },
    })
    expect(hold.next(delta('Here are the results', 0))).toEqual([delta('Here are the result', 0)])
    // The block ends: its held "s" comes back before its end, in its own block.
    expect(hold.next({ type: 'content_block_stop', index: 0 })).toEqual([
      delta('s', 0),
      { type: 'content_block_stop', index: 0 },
    ])
    expect(hold.next(delta('Paris is the capital.', 2))).toEqual([delta('Paris is the capital.', 2)])
    // A thought and the answer after it, at the same place in their events, are two texts.
    const part = (text: string, thought?: true) => ({
      candidates: [{ content: { role: 'model', parts: [{ text, ...(thought ? { thought } : {}) }] } }],
    })
    expect(hold.next(part('thinking of s', true))).toEqual([part('thinking of ', true)])
    expect(hold.next(part('The answer.'))).toEqual([part('The answer.')])
    expect(hold.rest()).toEqual([part('s', true)])
  })

  it('is not in an export, even when a row holds it', async () => {
    core.history.database.db
      .prepare('UPDATE conversations SET state_json = ? WHERE id = ?')
      .run(JSON.stringify({ note: `pasted ${key} and ${escaped}` }), 'c1')
    const exportFolder = await mkdtemp(join(tmpdir(), 'gd-escaped-export-'))
    onTestFinished(() => rm(exportFolder, { recursive: true, force: true }))
    const target = join(exportFolder, 'export.tar.gz')
    platform.dialogAnswers.push(target)
    expect(await call('history.export', {})).toMatchObject({ ok: true, data: { savedTo: target } })
    const packed: Buffer[] = []
    await pipeline(createReadStream(target), createGunzip(), async (stream) => {
      for await (const chunk of stream) packed.push(chunk as Buffer)
    })
    const text = Buffer.concat(packed).toString('latin1')
    expect(decoded(text)).not.toContain(key)
    expect(text).toContain('pasted [redacted]')
  })
})
