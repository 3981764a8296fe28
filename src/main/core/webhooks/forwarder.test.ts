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
