// A connection that fails is said as what happened, never as undici's "fetch failed": the code its cause
// carries (or the first of several addresses tried), its own words when it has no code, a port fetch refuses.
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import type { AppError } from '#shared/ipc/app-error'
import { createGateway } from './gateway.ts'
import { createTransport } from './transport.ts'

/** What the gateway says when reading the listing of `baseUrl` fails as `fetchImpl` does. */
async function saidFor(baseUrl: string, fetchImpl: typeof fetch = fetch) {
  const gateway = createGateway(
    createTransport({
      connection: async () => ({ baseUrl, apiKey: null }),
      fetch: fetchImpl,
      timeoutMs: 5000,
    }),
  )
  const failure = await gateway.listings.unified.all({ retry: false }).then(
    () => null,
    (error: unknown) => error as AppError,
  )
  return { code: failure?.code, message: failure?.message, hint: failure?.hint }
}

/** A fetch that fails as undici's does: a TypeError "fetch failed" whose cause says why. */
const failingWith =
  (cause?: unknown): typeof fetch =>
  async () => {
    throw new TypeError('fetch failed', cause === undefined ? {} : { cause })
  }
const withCode = (code: string, message = code) => Object.assign(new Error(message), { code })

describe('a connection that fails', () => {
  it('says a refused connection in plain words', async () => {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const { port } = probe.address() as { port: number }
    await new Promise<void>((resolve) => probe.close(() => resolve()))
    expect(await saidFor(`http://127.0.0.1:${port}`)).toEqual({
      code: 'service_unreachable',
      message: `Could not reach 127.0.0.1:${port}. Connection refused: nothing is listening at that address and port (ECONNREFUSED).`,
      hint: 'Check the port in the address, and that the service is running.',
    })
  })

  it('says that fetch never connects to a port kept for another protocol, such as 9', async () => {
    const said = await saidFor('http://127.0.0.1:9')
    expect(said.message).toBe(
      'Could not reach 127.0.0.1:9. Port blocked: the app never connects to port 9, which is kept for another protocol.',
    )
    expect(said.hint).toBe('Use the port the service listens on.')
  })

  it('says timeouts, names not found, certificates and a cut connection, and never "fetch failed"', async () => {
    const host = 'https://gateway.example.com'
    const cases: [unknown, string][] = [
      [withCode('UND_ERR_CONNECT_TIMEOUT'), 'Connection timed out: nothing answered at that address'],
      [withCode('ETIMEDOUT'), 'Connection timed out: nothing answered at that address'],
      [withCode('ENOTFOUND'), 'Name not found: no computer answers to that name'],
      [withCode('EAI_AGAIN'), 'Name lookup failed: the name could not be looked up just now'],
      [withCode('CERT_HAS_EXPIRED'), 'Certificate expired: the service’s certificate is out of date'],
      [withCode('DEPTH_ZERO_SELF_SIGNED_CERT'), 'Certificate not trusted: it is self-signed'],
      [withCode('ERR_SSL_WRONG_VERSION_NUMBER'), 'Secure connection failed: that port does not speak HTTPS'],
      [withCode('ECONNRESET'), 'Connection cut: the connection was cut before the service answered'],
    ]
    for (const [cause, words] of cases) {
      const said = await saidFor(host, failingWith(cause))
      expect(said.message).toMatch(
        new RegExp(`^Could not reach gateway\\.example\\.com\\. ${words} \\(\\w+\\)\\.$`),
      )
      expect(said.message).not.toContain('fetch failed')
      expect(said.hint).not.toBe('')
    }
    // Both addresses of a name tried and refused: the code of the first.
    const both = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], '')
    expect((await saidFor(host, failingWith(both))).message).toContain('Connection refused')
    // A cause without a code says what it is in its own words; no cause at all, that the connection failed.
    expect(
      (await saidFor(host, failingWith(new Error('Response does not match the HTTP/1.1 protocol')))).message,
    ).toBe(
      'Could not reach gateway.example.com. The connection failed: Response does not match the HTTP/1.1 protocol.',
    )
    expect((await saidFor(host, failingWith(withCode('UND_ERR_SOMETHING_NEW')))).message).toBe(
      'Could not reach gateway.example.com. The connection failed (UND_ERR_SOMETHING_NEW).',
    )
    expect((await saidFor(host, failingWith())).message).toBe(
      'Could not reach gateway.example.com. The connection failed.',
    )
  })
})
