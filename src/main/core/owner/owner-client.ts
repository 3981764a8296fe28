// A front door that is not the folder's owner (the command line while the app, or another command, owns the
// folder): its calls and events go through the owner's socket.
import { createConnection, type Socket } from 'node:net'
import type { Envelope } from '#shared/ipc/envelope'
import type { EventName, EventPayload } from '#shared/ipc/events'
import type { EventSink } from '../events.ts'
import { answers, readToken, socketPathOf } from './folder-socket.ts'
import { readFrames, writeFrame } from './frames.ts'
import type { Hello } from './owner-server.ts'

export interface OwnerClient {
  profileId: string
  call(route: string, input: unknown, callId?: string): Promise<Envelope<unknown>>
  events: { subscribe(sink: EventSink): () => void }
  /**
   * Settles when the connection ends: `handing-over` when the owner let the folder go to the app (which owns it
   * a moment later), `gone` when the owner quit or the connection broke.
   */
  closed: Promise<'handing-over' | 'gone'>
  /** Whether the connection has ended (said before the calls still waiting are answered). */
  isClosed(): boolean
  /**
   * Asks the owner to let the folder go to this process (the app): `given`, `kept` when it keeps it, or `gone`
   * when the connection ended first (the owner was closing anyway).
   */
  askToHandOver(): Promise<'given' | 'kept' | 'gone'>
  close(): void
}

/**
 * Attaches to the folder's owner; null when no process owns the folder or its owner is letting it go. Throws when
 * the owner refuses.
 */
export async function attachToOwner(userData: string, hello: Hello): Promise<OwnerClient | null> {
  const path = socketPathOf(userData)
  if (!(await answers(path))) return null
  // An owner that has just bound writes its token a moment later.
  for (let attempt = 0; ; attempt++) {
    const token = readToken(userData)
    // A connection that breaks as it opens (an owner going away as it is reached) is tried again.
    const attached = token
      ? await connect(path, token, hello).catch((error: NodeJS.ErrnoException) => ({
          refused: `the connection broke (${error.code ?? error.message})`,
          broke: true,
        }))
      : ({ refused: 'no token' } as const)
    if (!('refused' in attached)) return attached
    // The owner is closing and lets the folder go in a moment: there is no one to attach to yet.
    if ('going' in attached) return null
    const owned = await answers(path)
    if ('broke' in attached && !owned) return null
    if (attempt >= 20 || !owned)
      throw new Error(`The process that owns ${userData} refused this command: ${attached.refused}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function connect(
  path: string,
  token: string,
  hello: Hello,
): Promise<OwnerClient | { refused: string; going?: true }> {
  return new Promise((resolve, reject) => {
    const socket: Socket = createConnection(path)
    const pending = new Map<number, (envelope: Envelope<unknown>) => void>()
    const sinks = new Set<EventSink>()
    let nextId = 1
    let settled = false
    let handingOver = false
    let ended = false
    let handOverAnswer: ((answer: 'given' | 'kept' | 'gone') => void) | null = null
    let closedResolve = (_how: 'handing-over' | 'gone') => {}
    const closed = new Promise<'handing-over' | 'gone'>((done) => {
      closedResolve = done
    })
    socket.on('error', (error) => {
      if (!settled) {
        settled = true
        reject(error)
      }
    })
    socket.once('close', () => {
      ended = true
      if (!settled) {
        settled = true
        resolve({ refused: 'the owner closed the connection' })
      }
      for (const answer of pending.values())
        answer({
          ok: false,
          error: { code: 'service_unreachable', message: 'The app that owns the data folder quit.' },
        })
      pending.clear()
      handOverAnswer?.(handingOver ? 'given' : 'gone')
      closedResolve(handingOver ? 'handing-over' : 'gone')
    })
    readFrames(
      socket,
      (frame) => {
        if (frame.type === 'refused') {
          handOverAnswer?.('kept')
          settled = true
          resolve({ refused: String(frame.message ?? 'refused') })
        } else if (frame.type === 'going') {
          settled = true
          resolve({ refused: 'the owner is letting the folder go', going: true })
        } else if (frame.type === 'handing-over') {
          handingOver = true
          handOverAnswer?.('given')
        } else if (frame.type === 'ready') {
          settled = true
          resolve({
            profileId: String(frame.profileId),
            call(route, input, callId) {
              const id = nextId++
              return new Promise((answer) => {
                pending.set(id, answer)
                writeFrame(socket, { type: 'call', id, route, input, ...(callId ? { callId } : {}) })
              })
            },
            events: {
              subscribe(sink) {
                sinks.add(sink)
                return () => sinks.delete(sink)
              },
            },
            closed,
            isClosed: () => ended,
            askToHandOver: () =>
              new Promise<'given' | 'kept' | 'gone'>((answer) => {
                // Ended already (the owner began closing as it was reached): no answer will come.
                if (ended) return answer(handingOver ? 'given' : 'gone')
                handOverAnswer = answer
                writeFrame(socket, { type: 'hand-over' })
              }),
            close: () => socket.end(),
          })
        } else if (frame.type === 'result' && typeof frame.id === 'number') {
          pending.get(frame.id)?.(frame.envelope as Envelope<unknown>)
          pending.delete(frame.id)
        } else if (frame.type === 'event') {
          for (const sink of sinks) sink(frame.name as EventName, frame.payload as EventPayload<EventName>)
        }
      },
      () => socket.destroy(),
    )
    socket.once('connect', () => writeFrame(socket, { type: 'hello', token, ...hello }))
  })
}
