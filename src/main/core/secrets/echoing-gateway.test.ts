// A gateway that quotes the key it refused — in its error messages, raw bodies, headers and streams, as many
// services do — and quotes another credential too. Nothing of either reaches the window: not an error, a wire
// record, a stream event, nor the history on disk.
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Envelope } from '#shared/ipc/envelope'
import { createCore } from '../compose.ts'
import type { Core } from '../core.ts'
import { createNodePlatform } from '../node-platform.ts'

const key = 'gw-live-7d1c94e0b2a35f68'
const otherKey = 'sk-proj-another-person-0123456789'
let gateway: Server
let core: Core
let userData: string
const crossed: string[] = []

function call(route: string, input: unknown): Promise<Envelope<unknown>> {
  return core
    .dispatcher(() => ['app://gateway-desk'])(route, input, { url: 'app://gateway-desk/', isTopFrame: true })
    .then((envelope) => {
      crossed.push(JSON.stringify(envelope))
      return envelope
    })
}

beforeAll(async () => {
  gateway = createServer((req, res) => {
    const quoted = `invalid api key ${key}; did you mean Bearer ${otherKey}?`
    const headers = {
      'content-type': 'application/json',
      'x-echo-key': key,
      'www-authenticate': `Bearer ${key}`,
    }
    if (req.url?.startsWith('/msg-native/'))
      return res
        .writeHead(401, headers)
        .end(JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: quoted } }))
    res
      .writeHead(401, headers)
      .end(JSON.stringify({ error: { code: 'invalid_api_key', message: quoted, sent: `x-api-key: ${key}` } }))
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  userData = await mkdtemp(join(tmpdir(), 'gd-echo-'))
  core = await createCore(createNodePlatform({ userData }))
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

describe('a gateway that quotes the key', () => {
  it('never gets the key, nor anything shaped like one, into what crosses to the window or onto disk', async () => {
    const body = { model: 'm', max_tokens: 16, messages: [{ role: 'user', content: 'hello' }] }
    const failedTurn = await call('playground.messages', { requestId: 'r1', body })
    expect(failedTurn).toMatchObject({ ok: false, error: { status: 401 } })
    await call('streams.messages', { requestId: 'r2', body })
    await call('decisions.run', {
      run: {
        endpoint: 'unified',
        body: { model: 'sysone/judge-1', input: 'x', questions: [{ type: 'predicate', instructions: 'p' }] },
      },
    })
    await call('profiles.testConnection', { id: core.profiles.activeId() })
    // The stream's end arrives as an event once the refused call comes back.
    await expect
      .poll(() => crossed.some((text) => text.includes('"stream.end"') && text.includes('r2')))
      .toBe(true)

    const everything = crossed.join('\n')
    // What the person needs still arrives: the status, the service's words around the key.
    expect(everything).toContain('invalid api key [redacted]')
    expect(everything).toContain('"kind":"response"')
    expect(everything).not.toContain(key)
    expect(everything).not.toContain(otherKey)

    core.history.database.db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    for (const entry of readdirSync(userData, { recursive: true, withFileTypes: true }))
      if (entry.isFile())
        expect(readFileSync(join(entry.parentPath, entry.name)).includes(key), entry.name).toBe(false)
  })
})
