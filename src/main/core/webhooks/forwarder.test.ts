// The forwarder's time limit: a server that takes the request and never answers is given up on, in words.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, it } from 'vitest'
import { forwardDelivery } from './forwarder.ts'

it('gives up on a server that never answers, and says so', async () => {
  const server = createServer(() => {
    // Takes the request and never answers.
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = server.address() as AddressInfo
    const outcome = await forwardDelivery(
      `http://127.0.0.1:${port}/hooks`,
      { headers: { 'content-type': 'application/json' }, body: Buffer.from('{}') },
      Date.now,
      300,
    )
    expect(outcome).toMatchObject({ status: null, answer: null, error: 'No answer within 0.3 s.' })
  } finally {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
})

it('keeps the start of an answer that never ends, and stops reading it', async () => {
  let written = 0
  let closed = false
  const chunk = Buffer.alloc(64 * 1024, 'x')
  // A server that would send gigabytes: it writes for as long as the connection takes it.
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' })
    const more = () => {
      while (!res.destroyed && written < 4 * 1024 ** 3) {
        written += chunk.length
        if (!res.write(chunk)) return void res.once('drain', more)
      }
    }
    res.on('close', () => {
      closed = true
    })
    more()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = server.address() as AddressInfo
    const outcome = await forwardDelivery(
      `http://127.0.0.1:${port}/hooks`,
      { headers: { 'content-type': 'application/json' }, body: Buffer.from('{}') },
      Date.now,
    )
    expect(outcome.status).toBe(200)
    expect(outcome.answer?.length).toBeLessThanOrEqual(4096 + 1)
    await expect.poll(() => closed).toBe(true)
    // What was written before the connection was cut: the socket's buffers, nowhere near the gigabytes.
    expect(written).toBeLessThan(64 * 1024 * 1024)
  } finally {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
})
