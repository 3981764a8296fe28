// The sandbox at the level of bytes: request lines `new URL()` cannot read get a 400 (they used to end the
// process), and a body past a limit, or sent where nothing reads it, is answered and the connection closed
// rather than drained. The sandbox answers normally afterwards.
import { describe, expect, it } from 'vitest'
import { exchange, malformedRequestLines, twoOnOneConnection } from '../../scripts/testing/hostile-http.ts'
import { call, demoKey, startSandboxForFile } from './testing/client.ts'

const started = startSandboxForFile({ timeScale: 0.001 })
const port = () => Number(new URL(started.sandbox.url).port)
const stillUp = async () => expect((await call(started.url('/v1/models'))).status).toBe(200)

describe('the sandbox under hostile bytes', () => {
  it.each(malformedRequestLines)('answers “%s” with a 4xx and stays up', async (line) => {
    const answer = await exchange({ port: port() }, `${line}\r\nHost: 127.0.0.1\r\nConnection: close`)
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
    await stillUp()
  })

  it.each([
    ['past the limit of its endpoint', 'POST /v1/images/generations', 413],
    ['to a path that does not exist', 'POST /v2/nothing-here', 404],
    ['with a method the path does not take', 'PUT /v1/decisions', 405],
  ])('closes the connection after answering a body sent %s', async (_, line, status) => {
    const flood = 512 * 1024 * 1024
    const answer = await exchange(
      { port: port() },
      `${line} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${demoKey}\r\nContent-Type: application/json\r\nContent-Length: ${flood}`,
      flood,
    )
    expect(answer.status).toBe(status)
    expect(answer.closedEarly).toBe(true)
    expect(answer.bodyBytesSent).toBeLessThan(64 * 1024 * 1024)
    await stillUp()
  })

  const noJob = '/v1/videos/00000000-0000-4000-8000-000000000000'
  it.each([
    ['a job that does not exist', `GET ${noJob}`, `\r\nAuthorization: Bearer ${demoKey}`, 404],
    ['a path that does not exist', 'GET /v2/nothing-here', '', 404],
    ['a request without a key', `GET ${noJob}`, '', 401],
  ])(
    'keeps the connection after refusing at once a request without a body (%s)',
    async (_, line, key, status) => {
      const statuses = await twoOnOneConnection(
        port(),
        `${line} HTTP/1.1\r\nHost: 127.0.0.1${key}`,
        'GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close',
      )
      expect(statuses).toEqual([status, 200])
    },
  )

  it.each(['/v1/models/%', '/v1/models/%zz', '/v1/videos/%E0%A4%A'])(
    'answers a broken percent-escape in a path parameter (%s) with a 400',
    async (path) => {
      const answer = await call(started.url(path), { headers: { authorization: `Bearer ${demoKey}` } })
      expect(answer.status).toBe(400)
      expect(JSON.stringify(answer.body)).toContain('broken percent-escape')
      await stillUp()
    },
  )
})
