// Links a gateway hands over are followed only where they may lead: never to a private or local address
// unless allowed, https only when asked, and every redirect hop checked as the first one was.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bodyUpTo, guardedFetch, guardedLookup, RefusedDestination } from './guarded-fetch.ts'

const server = createServer((req, res) => {
  const hops = Number(/^\/hop\/(\d+)$/.exec(req.url ?? '')?.[1] ?? -1)
  if (req.url === '/file') return res.writeHead(200, { 'content-type': 'video/mp4' }).end('0123456789')
  if (req.url === '/to-ftp') return res.writeHead(302, { location: 'ftp://files.example/x' }).end()
  if (hops > 0) return res.writeHead(307, { location: `/hop/${hops - 1}` }).end()
  if (hops === 0) return res.writeHead(302, { location: '/file' }).end()
  res.writeHead(404).end()
})
let origin = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const local = { allowPrivate: true, httpsOnly: false, timeoutMs: 5000 }
const strict = { allowPrivate: false, httpsOnly: false, timeoutMs: 5000 }
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof RefusedDestination ? error.message : `not refused: ${error}`),
  )

describe('guardedFetch', () => {
  it.each([
    'http://127.0.0.1:9/x',
    'http://localhost:9/x',
    'http://[::1]:9/x',
    'http://[::ffff:0:7f00:1]:9/x',
    'http://[2002:7f00:1::1]:9/x',
    'http://[fec0::1]:9/x',
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.1/x',
  ])('refuses %s when private addresses are not allowed', async (url) => {
    expect(await refusal(guardedFetch(url, strict))).toMatch(/is a private or local address$/)
  })

  it('refuses plain http when https is required, and schemes other than http(s) always', async () => {
    expect(await refusal(guardedFetch(`${origin}/file`, { ...local, httpsOnly: true }))).toBe(
      'http links are not followed, only https',
    )
    expect(await refusal(guardedFetch(`${origin}/to-ftp`, local))).toBe(
      'ftp links are not followed, only https',
    )
  })

  it('follows redirects hop by hop, up to a limit', async () => {
    const response = await guardedFetch(`${origin}/hop/3`, local)
    expect(await response.text()).toBe('0123456789')
    expect(await refusal(guardedFetch(`${origin}/hop/9`, local))).toBe('it redirects too many times')
  })

  it('checks the address again when it connects, so a name cannot be re-pointed after the check', async () => {
    const answer = (allowPrivate: boolean) =>
      new Promise<string>((resolve) =>
        guardedLookup(allowPrivate)('localhost', {}, (error, address) =>
          resolve(error ? `${(error as NodeJS.ErrnoException).code}: ${error.message}` : String(address)),
        ),
      )
    expect(await answer(false)).toBe('EFORBIDDEN: localhost resolves only to private or local addresses')
    expect(await answer(true)).toMatch(/^(127\.|::1)/)
  })

  it('reads a body only up to its limit', async () => {
    expect(await bodyUpTo(await guardedFetch(`${origin}/file`, local), 4)).toBeNull()
    expect(
      Buffer.from((await bodyUpTo(await guardedFetch(`${origin}/file`, local), 10)) ?? []).toString(),
    ).toBe('0123456789')
  })
})
