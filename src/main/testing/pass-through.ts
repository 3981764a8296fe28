// A server in front of another that passes each request on as it came: a test sees what reached the service,
// and can answer some requests itself (a service that falters) before they are passed on.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Starts it in front of `target`; `intercept` answers a request itself when it returns true. */
export async function passThrough(
  target: string,
  intercept: (req: IncomingMessage, res: ServerResponse) => boolean = () => false,
) {
  const seen: string[] = []
  const server = createServer(async (req, res) => {
    seen.push(`${req.method} ${req.url}`)
    if (intercept(req, res)) return
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method ?? 'GET',
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
        ),
      ),
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    })
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
    res.end(Buffer.from(await answer.arrayBuffer()))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Every request it received, `METHOD /path`. */
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
