// Room for the connections that deliver: at the cap, a new connection closes the oldest one with no request in
// progress (an idle kept-alive socket, or one that never finished its handshake) and takes its place; only when
// every open connection is answering a request is the new one refused. Idle sockets reopened in a loop cannot
// keep a genuine delivery out: each new connection pushes the oldest idle one out.
import type { Server } from 'node:https'
import type { Socket } from 'node:net'

export function keepConnectionRoom(
  server: Server,
  cap: number,
  /** Told when the cap was reached: `made` when an idle connection was closed for the new one. */
  atCap: (made: boolean) => void,
): void {
  // A Set keeps the order connections came in: its first idle entry is the oldest idle connection.
  const open = new Set<Socket>()
  const working = new WeakMap<Socket, number>()
  server.on('connection', (socket: Socket) => {
    if (open.size >= cap) {
      const idle = [...open].find((one) => !working.get(one))
      if (!idle) {
        socket.destroy()
        atCap(false)
        return
      }
      open.delete(idle)
      idle.destroy()
      atCap(true)
    }
    open.add(socket)
    socket.once('close', () => open.delete(socket))
  })
  server.on('request', (req, res) => {
    // A request arrives on the TLS socket wrapped around the connection counted above.
    const raw = (req.socket as Socket & { _parent?: Socket })._parent ?? req.socket
    working.set(raw, (working.get(raw) ?? 0) + 1)
    res.once('close', () => working.set(raw, Math.max(0, (working.get(raw) ?? 1) - 1)))
  })
}
