// The local relay under hostile input: malformed request lines and bodies past its limit get a 4xx and a
// closed connection, and it keeps carrying requests to the receiver afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exchange, linesNotRefused } from '../../../../scripts/testing/hostile-http.ts'
import { startCore } from '../../testing/core.ts'

let env: Awaited<ReturnType<typeof startCore>>
let port = 0

beforeAll(async () => {
  env = await startCore()
  const up = await env.call('tunnel.start', { provider: 'loopback' })
  port = Number(new URL(up.publicUrl ?? '').port)
})
afterAll(() => env.core.close())

/** The relay still carries a request to the receiver (which answers an unknown path with 404). */
async function stillCarrying() {
  const answer = await exchange(
    { port, tls: true },
    'GET /webhooks/unknown HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close',
  )
  expect(answer.status).toBe(404)
}

describe('the local relay under hostile input', () => {
  it('answers malformed request lines with a 4xx and stays up', async () => {
    expect(await linesNotRefused({ port, tls: true })).toEqual([])
    await stillCarrying()
  })

  it('refuses a body past its limit and closes the connection', async () => {
    const flood = 256 * 1024 * 1024
    const answer = await exchange(
      { port, tls: true },
      `POST /webhooks/anything HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${flood}`,
      flood,
    )
    expect(answer.status).toBe(413)
    expect(answer.closedEarly).toBe(true)
    await stillCarrying()
  })
})
