// Node-only code shared by the app's servers and the sandbox's (neither imports the other's): a body read up to
// a limit, and a connection whose body is left unread closed.
//
// A server that refuses a request before reading its body (413, 404, 405) does not drain the rest: it
// answers, takes a little more, then stops reading and gives the client time to read the answer before the
// connection is cut — a cut with unread bytes is a reset, and a reset can discard an answer the client has not
// read yet.
import type { IncomingMessage } from 'node:http'

/** What a refused request may still send after its answer before the server stops reading it. */
const lingerBytes = 256 * 1024
const lingerMs = 2000

/**
 * Whether the request still has body bytes the server has not read. A request declares a body by its length or
 * its transfer coding (RFC 9112 §6.3); one answered at once, before the parser has marked it complete, has none
 * to read when it declares none.
 */
export const hasUnreadBody = (req: IncomingMessage): boolean =>
  !req.complete &&
  (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0)

/** After the answer is written: reads a little more of the body, then none, and closes within `lingerMs`. */
export function closeUnread(req: IncomingMessage): void {
  const socket = req.socket
  let taken = 0
  const cut = () => socket.destroy()
  // Past the allowance the socket is no longer read: the client's sending stalls on a full window, and the
  // timer cuts the connection once the client has had time to read the answer.
  const stopReading = () => {
    req.removeAllListeners('data')
    req.pause()
    socket.pause()
  }
  const timer = setTimeout(cut, lingerMs)
  timer.unref()
  socket.once('close', () => clearTimeout(timer))
  socket.on('error', () => {})
  req.removeAllListeners('data')
  req.on('data', (chunk: Buffer) => {
    taken += chunk.length
    if (taken > lingerBytes) stopReading()
  })
  req.on('end', cut)
  req.resume()
}

/**
 * Reads the body up to `limit`; past it (by its declared length or by what arrives) stops reading and gives
 * 'too_large', and the answer then closes the connection.
 */
export function readUpTo(req: IncomingMessage, limit: number): Promise<Buffer | 'too_large'> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve('too_large')
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        req.removeAllListeners('data')
        req.pause()
        resolve('too_large')
      } else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}
