// Raw HTTP from a hostile client, for the tests of every server (sandbox, harness, receiver, relay): bytes
// the way a browser or curl would never send them, bodies past any limit, and a record of what the server
// did — its status line, whether it closed the connection, and how many bytes it took first.
import { connect as connectTcp, type Socket } from 'node:net'
import { connect as connectTls } from 'node:tls'

export interface Exchange {
  /** The status of the first answer, or null when none came. */
  status: number | null
  response: string
  /** Body bytes the server took before it closed (or before the client finished). */
  bodyBytesSent: number
  /** Whether the server closed the connection before the client had sent all it meant to. */
  closedEarly: boolean
}

/** Request targets `new URL()` cannot read, and other lines no client should send. */
export const malformedRequestLines = [
  'GET // HTTP/1.1',
  'GET //x:99999/ HTTP/1.1',
  'GET //[::1/ HTTP/1.1',
  'GET http://[x]/ HTTP/1.1',
  'OPTIONS * HTTP/1.1',
  'GET /%E0%A4%A HTTP/1.1',
]

/**
 * Sends `head` (request line and headers, without the blank line), then up to `bodyBytes` of body, and
 * waits for the server's answer and close. The client ends its side once it has sent a whole body.
 */
export function exchange(
  target: { port: number; tls?: boolean },
  head: string,
  bodyBytes = 0,
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket: Socket = target.tls
      ? connectTls({ host: '127.0.0.1', port: target.port, rejectUnauthorized: false })
      : connectTcp({ host: '127.0.0.1', port: target.port })
    let response = ''
    let sent = 0
    let finished = false
    socket.on('data', (chunk: Buffer) => {
      response += chunk.toString('latin1')
    })
    socket.on('error', () => {})
    socket.on('close', () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]) || null,
        response,
        bodyBytesSent: sent,
        closedEarly: !finished,
      }),
    )
    socket.once(target.tls ? 'secureConnect' : 'connect', async () => {
      try {
        socket.write(`${head}\r\n\r\n`)
        const chunk = Buffer.alloc(64 * 1024, 0x61)
        while (sent < bodyBytes && !socket.destroyed && socket.writable) {
          const part = chunk.subarray(0, Math.min(chunk.length, bodyBytes - sent))
          sent += part.length
          if (!socket.write(part))
            await new Promise<void>((drained) => {
              const go = () => {
                socket.off('drain', go)
                socket.off('close', go)
                drained()
              }
              socket.once('drain', go)
              socket.once('close', go)
            })
        }
        finished = !socket.destroyed && socket.writable
        // After a body, the client says it is done; without one it waits for the answer (`Connection: close`).
        if (finished && bodyBytes > 0) socket.end()
      } catch (error) {
        reject(error)
      }
    })
  })
}

/** The malformed request lines a server did not answer with a 4xx, each sent on a connection of its own. */
export async function linesNotRefused(target: { port: number; tls?: boolean }): Promise<string[]> {
  const missed: string[] = []
  for (const line of malformedRequestLines) {
    const { status } = await exchange(target, `${line}\r\nHost: 127.0.0.1\r\nConnection: close`)
    if (status === null || status < 400 || status >= 500) missed.push(`${line} → ${status}`)
  }
  return missed
}

/**
 * Sends two requests one after the other on one kept-alive connection (each `head` without the blank line,
 * neither with a body) and gives the status of each answer; null for one that never came because the server
 * closed the connection.
 */
export function twoOnOneConnection(port: number, first: string, second: string): Promise<(number | null)[]> {
  return new Promise((resolve) => {
    const socket = connectTcp({ host: '127.0.0.1', port })
    const statuses: (number | null)[] = []
    let pending = Buffer.alloc(0)
    const done = () => {
      socket.destroy()
      resolve([...statuses, null, null].slice(0, 2))
    }
    socket.on('error', () => {})
    socket.on('close', done)
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk])
      // Whole answers only: a status line, headers, and the body its Content-Length declares.
      for (;;) {
        const end = pending.indexOf('\r\n\r\n')
        if (end < 0) return
        const head = pending.subarray(0, end).toString('latin1')
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0)
        if (pending.length < end + 4 + length) return
        statuses.push(Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]) || null)
        pending = pending.subarray(end + 4 + length)
        if (statuses.length === 1) socket.write(`${second}\r\n\r\n`)
        else return done()
      }
    })
    socket.once('connect', () => socket.write(`${first}\r\n\r\n`))
  })
}
