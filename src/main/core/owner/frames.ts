// The owner socket's frames: one JSON object a line, in UTF-8. A line past the limit, or one that is not a JSON
// object, ends only the connection that sent it.
import type { Socket } from 'node:net'
import { StringDecoder } from 'node:string_decoder'

/** The longest line read: a batch's inputs (8 MiB of text) fit many times over. */
export const maxFrameBytes = 64 * 1024 * 1024

export type Frame = Record<string, unknown>

/** Reads `socket` line by line; `onFrame` gets each object, `onBad` the reason a connection is ended. */
export function readFrames(
  socket: Socket,
  onFrame: (frame: Frame) => void,
  onBad: (reason: string) => void,
): void {
  const decoder = new StringDecoder('utf8')
  let pending = ''
  socket.on('data', (chunk: Buffer) => {
    pending += decoder.write(chunk)
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end)
      pending = pending.slice(end + 1)
      let frame: unknown
      try {
        frame = JSON.parse(line)
      } catch {
        return onBad('a frame that is not JSON')
      }
      if (typeof frame !== 'object' || frame === null || Array.isArray(frame))
        return onBad('a frame that is not an object')
      onFrame(frame as Frame)
      if (socket.destroyed) return
    }
    if (Buffer.byteLength(pending) > maxFrameBytes) onBad('a frame past the size limit')
  })
}

export function writeFrame(socket: Socket, frame: Frame): void {
  if (!socket.destroyed && socket.writable) socket.write(`${JSON.stringify(frame)}\n`)
}
