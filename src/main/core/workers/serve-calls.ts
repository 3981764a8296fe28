// The worker's side: answers main's calls one message at a time, each with a signal a cancel from main aborts. A
// call starts only after the messages already waiting have been read, so one cancelled while it waited behind a
// long read (a keystroke's read superseded by the next) is dropped without running.
// A call that throws answers with the error's shape; anything but an AppError is logged in main and answered
// as an internal error, as the bridge does.
import { parentPort } from 'node:worker_threads'
import { AppError, appErrorCodes } from '#shared/ipc/app-error'
import type { FromWorker, ToWorker, WorkerCalls } from './messages.ts'

export interface WorkerSide {
  emit(name: string, payload: unknown): void
  log(level: 'info' | 'warn' | 'error', message: string, detail?: unknown): void
  /** Asks main to make a call for this worker (`answer` in worker-client.ts); its answer or error comes back. */
  ask(method: string, args: unknown[]): Promise<unknown>
}

export function serveCalls(calls: WorkerCalls, onClose: () => void | Promise<void> = () => {}): WorkerSide {
  const port = parentPort
  if (!port) throw new Error('serveCalls runs in a worker thread')
  const send = (message: FromWorker) => port.postMessage(message)
  const running = new Map<number, AbortController>()
  const asked = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>()
  let nextAsk = 1
  const side: WorkerSide = {
    emit: (name, payload) => send({ kind: 'event', name, payload }),
    log: (level, message, detail) =>
      send({
        kind: 'log',
        level,
        message,
        ...(detail === undefined
          ? {}
          : { detail: detail instanceof Error ? (detail.stack ?? detail.message) : String(detail) }),
      }),
    ask: (method, args) =>
      new Promise((resolve, reject) => {
        const id = nextAsk++
        asked.set(id, { resolve, reject })
        send({ kind: 'ask', id, method, args })
      }),
  }
  port.on('message', async (message: ToWorker) => {
    if (message.kind === 'reply') {
      const waiting = asked.get(message.id)
      asked.delete(message.id)
      if (message.ok) waiting?.resolve(message.value)
      else waiting?.reject(new AppError(message.error))
      return
    }
    if (message.kind === 'cancel') {
      running.get(message.id)?.abort()
      return
    }
    if (message.kind === 'close') {
      try {
        await onClose()
      } catch (error) {
        side.log('error', 'a worker could not close cleanly', error)
      }
      send({ kind: 'closed' })
      port.close()
      return
    }
    const controller = new AbortController()
    running.set(message.id, controller)
    // The messages that arrived while this thread was busy are read first: a cancel among them aborts it here.
    await new Promise((resolve) => setImmediate(resolve))
    try {
      stopIfCancelled(controller.signal)
      const call = Object.hasOwn(calls, message.method) ? calls[message.method] : undefined
      if (!call) throw new Error(`no call ${message.method} in this worker`)
      const value = await call(...message.args, controller.signal)
      send({ kind: 'answer', id: message.id, ok: true, value })
    } catch (error) {
      if (error instanceof AppError)
        send({ kind: 'answer', id: message.id, ok: false, error: error.toShape() })
      else {
        side.log('error', `worker call ${message.method} failed`, error)
        send({
          kind: 'answer',
          id: message.id,
          ok: false,
          error: {
            code: appErrorCodes.internal,
            message: 'Something went wrong in the app. Details are in the log.',
          },
        })
      }
    } finally {
      running.delete(message.id)
    }
  })
  return side
}

/** Throws the app's "cancelled" error when `signal` is aborted: between steps of work nobody waits for. */
export function stopIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new AppError({ code: 'cancelled', message: 'Cancelled.' })
}

// A service that lives in a worker is answered by its methods' names (`prefix.method`); main's stand-in for it
// (`remote` in worker-client.ts) sends those calls. A new read is then written once, as a method of the service.
/** A service's methods as a worker's calls, each named `prefix.method`. */
export type ServiceCalls<P extends string, S> = {
  [K in keyof S & string as S[K] extends (...args: never[]) => unknown ? `${P}.${K}` : never]: S[K]
}

/** The worker's side: the service's methods, answered by name. */
export function serviceCalls<P extends string, S extends object>(prefix: P, service: S): ServiceCalls<P, S> {
  return Object.fromEntries(
    Object.entries(service)
      .filter(([, method]) => typeof method === 'function')
      .map(([name, method]) => [`${prefix}.${name}`, method]),
  ) as ServiceCalls<P, S>
}
