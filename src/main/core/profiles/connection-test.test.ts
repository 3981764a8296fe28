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

beforeAll(async () => {
  sandbox = await startSandbox({ keys: [key] })
  await new Promise<void>((resolve) => notTheService.listen(0, '127.0.0.1', resolve))
  elsewhere = `http://127.0.0.1:${(notTheService.address() as AddressInfo).port}`
})
afterAll(async () => {
  await sandbox.close()
  await new Promise((resolve) => notTheService.close(resolve))
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
  it('tells an accepted key from a refused one with one status read, never the listing', async () => {
    const accepted = recordingFetch()
    expect(await checkHealth({ baseUrl: sandbox.url, apiKey: key }, accepted.fetchImpl)).toMatchObject({
      outcome: 'ok',
    })
    const refused = recordingFetch()
    expect(await checkHealth({ baseUrl: sandbox.url, apiKey: 'sk-wrong' }, refused.fetchImpl)).toMatchObject({
      outcome: 'bad_key',
    })
    for (const { paths } of [accepted, refused]) {
      expect(paths).toHaveLength(1)
      expect(paths[0]).toMatch(/^\/v1\/videos\//)
    }
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
