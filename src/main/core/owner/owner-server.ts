// The data folder's owner serves the contract to the other front doors (the command line in any shell) on the
// folder's socket: the same routes and events as the window's IPC, through the same dispatcher. A client first
// proves it may use the folder with the token only the folder's user can read (checked in constant time before
// any route runs), then names the profile it works with and the secrets it holds for this connection alone.
import { timingSafeEqual } from 'node:crypto'
import { createServer, type Server, type Socket } from 'node:net'
import { AppError } from '#shared/ipc/app-error'
import type { EventBus } from '../events.ts'
import type { Dispatch } from '../ipc/dispatcher.ts'
import { bindOwnerSocket, socketPathOf } from './folder-socket.ts'
import { type Frame, readFrames, writeFrame } from './frames.ts'

/** What a client asks for when it attaches: a profile (by id or name) and secrets held for it alone. */
export interface Hello {
  profile?: string | undefined
  /** A service by its address alone (`GATEWAY_BASE_URL`): a profile for this client, never written. */
  baseUrl?: string | undefined
  secrets?: Record<string, string> | undefined
}

/** A client's view of the core, for as long as it is attached. */
export interface Attachment {
  profileId: string
  /** Runs a call as this client: its profile active, its secrets held. */
  run<T>(work: () => T): T
  detach(): void
}

export interface OwnerDeps {
  dispatch: Dispatch
  events: Pick<EventBus, 'subscribe'>
  /** Opens a client's view; throws an AppError (an unknown profile) to refuse it. */
  attach(hello: Hello): Attachment
  /** A client went away: the batches it started and still runs are stopped there, resumable. */
  stopBatch(id: string): Promise<unknown>
  /**
   * The app asks for the folder: an owner that lets it go (the command line's) stops serving, closes its core
   * and attaches to the app. Without it, the owner keeps the folder and says so.
   */
  handOver?: () => void
}

/** Clients attached at once, at most; a hello must come within this time. */
export const ownerLimits = { clients: 64, helloMs: 5000 }
/** The sender every client's calls are checked as: the app's own origin, as the window's are. */
const sender = { url: 'app://gateway-desk/', isTopFrame: true }

/** The folder's socket, bound: this process owns the folder. Connections made before `serve` wait for it. */
export interface FolderClaim {
  path: string
  /** Serves the contract on the socket, to the clients waiting and those to come. */
  serve(deps: OwnerDeps): void
  clients(): number
  /**
   * Stops serving; with `handingOver`, each client is told another owner comes. The folder stays held (a client
   * that comes now is told to wait) until `release`, once the core has closed its history.
   */
  stop(options?: { handingOver?: boolean }): void
  /** Lets the folder go: another process may own it from now on. */
  release(): Promise<void>
}

/** Binds the folder's socket; null when another process owns the folder. */
export async function claimFolder(userData: string): Promise<FolderClaim | null> {
  const open = new Set<Socket>()
  let deps: OwnerDeps | null = null
  /** The owner is going: its core closes, and the batches its clients run are left as it leaves them. */
  let closing = false
  const waiting: Socket[] = []
  const server: Server = createServer((socket) => {
    socket.on('error', () => {})
    // The owner is closing its core: the folder is not free yet, and there is no one to serve.
    if (closing) {
      writeFrame(socket, { type: 'going' })
      socket.end()
      // Read to its end (what it sent is dropped), so that the connection closes when the client ends its side.
      socket.resume()
      return void setTimeout(() => socket.destroy(), 1000).unref()
    }
    if (open.size >= ownerLimits.clients) return void socket.destroy()
    open.add(socket)
    socket.once('close', () => open.delete(socket))
    if (deps) handle(socket, deps)
    else waiting.push(socket)
  })
  const token = await bindOwnerSocket(server, userData)
  if (token === null) {
    server.close()
    return null
  }
  const expected = Buffer.from(token)

  function handle(socket: Socket, deps: OwnerDeps) {
    let attachment: Attachment | null = null
    let stopEvents = () => {}
    const started = new Set<string>()
    const helloTimer = setTimeout(() => socket.destroy(), ownerLimits.helloMs)
    const end = (reason: string) => {
      writeFrame(socket, { type: 'refused', message: reason })
      socket.end()
      socket.destroy()
    }
    socket.once('close', () => {
      clearTimeout(helloTimer)
      stopEvents()
      if (!closing) for (const id of started) void deps.stopBatch(id).catch(() => {})
      attachment?.detach()
    })
    readFrames(
      socket,
      (frame) => {
        // The core is closing: a call would reach it half closed, and the folder is being let go already. The
        // client hears that it was cut short when the connection ends.
        if (closing) return
        if (!attachment) return hello(frame)
        if (frame.type === 'hand-over') {
          if (!deps.handOver) return end('The app keeps this data folder.')
          writeFrame(socket, { type: 'handing-over' })
          return deps.handOver()
        }
        if (frame.type !== 'call' || typeof frame.id !== 'number')
          return end('a frame the owner does not read')
        const { id, route, input, callId } = frame
        const scope = attachment
        void scope
          .run(() => deps.dispatch(route, input, sender, callId))
          .then((envelope) => {
            if ((route === 'batches.start' || route === 'batches.resume') && envelope.ok)
              started.add((envelope.data as { id: string }).id)
            writeFrame(socket, { type: 'result', id, envelope })
          })
      },
      end,
    )

    function hello(frame: Frame) {
      const given = typeof frame.token === 'string' ? Buffer.from(frame.token) : Buffer.alloc(0)
      if (frame.type !== 'hello' || given.length !== expected.length || !timingSafeEqual(given, expected))
        return end('The token is not this folder’s.')
      clearTimeout(helloTimer)
      const secrets =
        typeof frame.secrets === 'object' && frame.secrets !== null
          ? Object.fromEntries(
              Object.entries(frame.secrets).filter(
                (entry): entry is [string, string] => typeof entry[1] === 'string',
              ),
            )
          : undefined
      try {
        attachment = deps.attach({
          profile: typeof frame.profile === 'string' ? frame.profile : undefined,
          baseUrl: typeof frame.baseUrl === 'string' ? frame.baseUrl : undefined,
          secrets,
        })
      } catch (error) {
        return end(error instanceof AppError ? error.message : 'The owner could not attach this client.')
      }
      stopEvents = deps.events.subscribe((name, payload) =>
        writeFrame(socket, { type: 'event', name, payload }),
      )
      writeFrame(socket, { type: 'ready', profileId: attachment.profileId })
    }
  }

  const stop = (options?: { handingOver?: boolean }) => {
    if (closing) return
    closing = true
    for (const socket of open) {
      if (options?.handingOver) writeFrame(socket, { type: 'handing-over' })
      // Ended, so that what was written reaches the client; a client that does not end its side is cut.
      socket.end()
      setTimeout(() => socket.destroy(), 1000).unref()
    }
    for (const socket of waiting) socket.destroy()
  }

  return {
    path: socketPathOf(userData),
    serve(given) {
      deps = given
      for (const socket of waiting.splice(0)) if (!socket.destroyed) handle(socket, given)
    },
    clients: () => open.size,
    stop,
    async release() {
      stop()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
