// The harness under hostile input: request lines new URL() cannot read, bodies it never reads, and bridge
// frames of `null`, past the size limit, or with invalid UTF-8. Each gets a 4xx or closes that one
// connection; the harness keeps serving pages and answering the bridge.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { exchange, linesNotRefused } from '../../scripts/testing/hostile-http.ts'
import { type Harness, startHarness } from './server.ts'

let harness: Harness
const port = () => Number(new URL(harness.origin).port)

beforeAll(async () => {
  const rendererDir = await mkdtemp(join(tmpdir(), 'gd-harness-renderer-'))
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>t</title><script></script>')
  harness = await startHarness({ userData: await mkdtemp(join(tmpdir(), 'gd-harness-')), rendererDir })
})
afterAll(() => harness.close())

/** A bridge connection as the page opens it. */
async function bridge(): Promise<WebSocket> {
  const token = new URL(harness.url).searchParams.get('token')
  const socket = new WebSocket(`${harness.origin.replace('http', 'ws')}/__bridge?token=${token}`, {
    origin: harness.origin,
  })
  socket.on('error', () => {})
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('close', reject)
  })
  return socket
}

/** The harness still serves its page and answers a route over a new bridge connection. */
async function stillServing(): Promise<void> {
  expect((await fetch(harness.url)).status).toBe(200)
  const socket = await bridge()
  const answer = new Promise<string>((resolve) => socket.once('message', (data) => resolve(data.toString())))
  socket.send(JSON.stringify({ id: 7, route: 'app.info', input: {} }))
  expect(JSON.parse(await answer)).toMatchObject({ id: 7, result: { ok: true } })
  socket.close()
}

describe('the harness under hostile input', () => {
  it('answers request lines new URL() cannot read with a 4xx', async () => {
    expect(await linesNotRefused({ port: port() })).toEqual([])
    await stillServing()
  })

  it('closes the connection on a body it never reads instead of draining it', async () => {
    const flood = 512 * 1024 * 1024
    const answer = await exchange(
      { port: port() },
      `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${flood}`,
      flood,
    )
    expect(answer.status).toBe(405)
    expect(answer.closedEarly).toBe(true)
    await stillServing()
  })

  it.each([
    ['null', (socket: WebSocket) => socket.send('null')],
    ['an array', (socket: WebSocket) => socket.send('[1]')],
    [
      'invalid UTF-8',
      (socket: WebSocket) => socket.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false }),
    ],
    ['over 64 MiB', (socket: WebSocket) => socket.send(Buffer.alloc(65 * 1024 * 1024, 0x20))],
  ])('survives a bridge frame of %s', async (_, sendBad) => {
    const socket = await bridge()
    const closed = new Promise((resolve) => socket.once('close', resolve))
    sendBad(socket)
    // A frame the bridge ignores leaves the connection open: close it from here.
    socket.send(JSON.stringify({ id: 1, route: 'app.info', input: {} }))
    socket.once('message', () => socket.close())
    await closed
    await stillServing()
  })
})
