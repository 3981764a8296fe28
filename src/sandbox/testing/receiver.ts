// A loopback HTTPS webhook receiver for tests: records every delivery as received and answers with the
// status the test chooses.
import type { IncomingHttpHeaders } from 'node:http'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { createSelfSignedCertificate } from '#core/webhooks/self-signed'

export interface ReceivedWebhook {
  at: number
  headers: IncomingHttpHeaders
  body: string
}

export async function startReceiver(answer: (count: number) => number = () => 200) {
  const received: ReceivedWebhook[] = []
  const server = createServer(
    await createSelfSignedCertificate({ commonName: 'test receiver', days: 1 }),
    (req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => {
        body += chunk
      })
      req.on('end', () => {
        received.push({ at: Date.now(), headers: req.headers, body })
        res.writeHead(answer(received.length)).end()
      })
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `https://127.0.0.1:${port}/hooks/video`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export async function until<T>(check: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = check()
    if (value) return value
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
