// The connection test and the status bar's check, against a real sandbox and a server that is not the gateway.
// The check runs every minute: it must not list the catalog, which holds every model of the service.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '#sandbox/server'
import { checkHealth, testConnection } from './connection-test.ts'

const key = 'sk-live-health-0042'
let sandbox: Sandbox
const notTheService = createServer((_req, res) =>
  res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>nope</h1>'),
)
let elsewhere = ''
/** Another API, whose errors come in the same `{"error": {...}}` shape: a 404 for any path, a 401 for keys. */
const anotherApi = createServer((req, res) => {
  const refused = req.headers.authorization !== `Bearer ${key}`
  res.writeHead(refused ? 401 : 404, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      error: refused
        ? { code: 'invalid_api_key', message: 'Incorrect API key provided.' }
        : { code: '404', message: 'Resource not found' },
    }),
  )
})
let another = ''
/** The gateway's answer to too many status reads, asking to wait longer than the check's time limit. */
const limited = createServer((_req, res) =>
  res
    .writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' })
    .end(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many status reads.' } })),
)
let limitedUrl = ''
const listen = async (server: ReturnType<typeof createServer>) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  sandbox = await startSandbox({ keys: [key] })
  elsewhere = await listen(notTheService)
  another = await listen(anotherApi)
  limitedUrl = await listen(limited)
})
afterAll(async () => {
  await sandbox.close()
  for (const server of [notTheService, anotherApi, limited])
    await new Promise((resolve) => server.close(resolve))
})

/** The real fetch, recording the paths it was asked for. */
function recordingFetch() {
  const paths: string[] = []
  const fetchImpl: typeof fetch = (input, init) => {
    paths.push(new URL(input instanceof Request ? input.url : String(input)).pathname)
    return fetch(input, init)
  }
  return { paths, fetchImpl }
}

describe("the status bar's check", () => {
  it('knows an accepted key by one status read, never the listing', async () => {
    const accepted = recordingFetch()
    expect(await checkHealth({ baseUrl: sandbox.url, apiKey: key }, accepted.fetchImpl)).toMatchObject({
      outcome: 'ok',
    })
    expect(accepted.paths).toHaveLength(1)
    expect(accepted.paths[0]).toMatch(/^\/v1\/videos\//)
  })

  it('takes a rate limit as an answer, without waiting the time it asks for', async () => {
    expect(await checkHealth({ baseUrl: limitedUrl, apiKey: key })).toMatchObject({ outcome: 'ok' })
  })

  it('confirms a refused key with the whole test, and tells another API from the gateway', async () => {
    const refused = recordingFetch()
    expect(await checkHealth({ baseUrl: sandbox.url, apiKey: 'sk-wrong' }, refused.fetchImpl)).toMatchObject({
      outcome: 'bad_key',
    })
    expect(refused.paths).toContain('/v1/models')
    for (const apiKey of [key, 'sk-wrong'])
      expect(await checkHealth({ baseUrl: another, apiKey })).toMatchObject({ outcome: 'bad_url' })
  })

  it('knows another server by its answer, and a closed port as unreachable', async () => {
    expect(await checkHealth({ baseUrl: elsewhere, apiKey: key })).toMatchObject({ outcome: 'bad_url' })
    expect(await checkHealth({ baseUrl: 'http://127.0.0.1:9', apiKey: key })).toMatchObject({
      outcome: 'unreachable',
    })
  })

  it('without a key, proves the address by the listing as the connection test does', async () => {
    const { paths, fetchImpl } = recordingFetch()
    expect(await checkHealth({ baseUrl: sandbox.url, apiKey: null }, fetchImpl)).toMatchObject({
      outcome: 'no_key',
    })
    expect(paths).toEqual(['/v1/models'])
  })
})

describe('the connection test', () => {
  it('proves the address by the listing, then the key by a status read', async () => {
    const { paths, fetchImpl } = recordingFetch()
    expect(await testConnection({ baseUrl: sandbox.url, apiKey: key }, fetchImpl)).toMatchObject({
      outcome: 'ok',
    })
    expect(paths[0]).toBe('/v1/models')
    expect(paths.at(-1)).toMatch(/^\/v1\/videos\//)
    expect(await testConnection({ baseUrl: elsewhere, apiKey: key })).toMatchObject({ outcome: 'bad_url' })
  })
})
