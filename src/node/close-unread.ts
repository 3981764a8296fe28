// Node-only code shared by the app's servers and the sandbox's (neither imports the other's).
//
// A server that refuses a request before reading its body (413, 404, 405) does not drain the rest: it
// answers, stops writing, takes a little more so the answer is not lost to a reset, and closes.
import type { IncomingMessage } from 'node:http'

/** What a refused request may still send after its answer before the connection is cut. */
const lingerBytes = 256 * 1024
const lingerMs = 2000

/** Whether the request still has body bytes the server has not read. */
export const hasUnreadBody = (req: IncomingMessage): boolean => !req.complete

/** After the answer is written: closes the connection without reading more than a little of the body. */
export function closeUnread(req: IncomingMessage): void {
  const socket = req.socket
  let taken = 0
  const cut = () => socket.destroy()
  const timer = setTimeout(cut, lingerMs)
  timer.unref()
  socket.once('close', () => clearTimeout(timer))
  socket.on('error', () => {})
  req.removeAllListeners('data')
  req.on('data', (chunk: Buffer) => {
    taken += chunk.length
    if (taken > lingerBytes) cut()
  })
  req.on('end', cut)
  req.resume()
}
