// A worker thread's calls, both sides of one exchange: main calls by name and gets the worker's answer, cancels
// a call nobody waits for any more, hears the worker's events and log lines, and makes the calls the worker asks
// of it; the worker answers one message at a time.
//
// Main's side (`startWorker`): a worker that stops fails the calls it had and is started again by the next call.
// The worker's side (`serveCalls`): each call gets a signal a cancel from main aborts, and starts only after the
// messages already waiting have been read, so one cancelled while it waited behind a long read (a keystroke's
// read superseded by the next) is dropped without running. A call that throws answers with the error's shape;
// anything but an AppError is logged in main and answered as an internal error, as the bridge does.
import { parentPort, Worker } from 'node:worker_threads'
import { AppError, type AppErrorShape, appErrorCodes, unexpectedError } from '#shared/ipc/app-error'
import type { Log } from '../log.ts'

export type ToWorker =
  | { kind: 'call'; id: number; method: string; args: unknown[] }
  | { kind: 'cancel'; id: number }
  /** Main is closing: the worker finishes what it must (closes its databases) and says so. */
  | { kind: 'close' }
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; error: AppErrorShape }

export type FromWorker =
  | { kind: 'answer'; id: number; ok: true; value: unknown }
  | { kind: 'answer'; id: number; ok: false; error: AppErrorShape }
  | { kind: 'event'; name: string; payload: unknown }
  | { kind: 'log'; level: 'info' | 'warn' | 'error'; message: string; detail?: string }
  | { kind: 'closed' }
  /** A call the worker asks main to make for it (such as one to another worker main runs). */
  | { kind: 'ask'; id: number; method: string; args: unknown[] }

/** The calls a worker answers: each takes its arguments and, last, a signal that a cancel aborts. */
// biome-ignore lint/suspicious/noExplicitAny: the arguments are each call's own; they are checked where declared
export type WorkerCalls = Record<string, (...args: any[]) => unknown>

/** A call's arguments as main gives them: a last signal parameter is added by the worker. */
export type ArgsOf<F> = F extends (...args: infer P) => unknown
  ? P extends [...infer A, AbortSignal]
    ? A
    : P
  : never

// Main's side.

/** How long a closing core waits for a worker's calls, then for its own close, before it ends the worker. */
const closeGraceMs = 10_000

const within = (work: Promise<unknown>, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    const done = () => {
      clearTimeout(timer)
      resolve()
    }
    work.then(done, done)
  })

export interface WorkerClient<C extends WorkerCalls> {
  call<K extends keyof C & string>(
    method: K,
    args: ArgsOf<C[K]>,
    signal?: AbortSignal,
  ): Promise<Awaited<ReturnType<C[K]>>>
  /** Ends the worker once the calls under way have answered. */
  close(): Promise<void>
}

interface Waiting {
  resolve(value: unknown): void
  reject(error: unknown): void
  /** Settles with the call, answered or failed. */
  settled: Promise<unknown>
}

export function startWorker<C extends WorkerCalls>(options: {
  /** The worker's module (its .ts source when run from source, its built .js in the app). */
  entry: string
  data: unknown
  log: Log
  onEvent?: (name: string, payload: unknown) => void
  /** Makes a call the worker asks main for; what it resolves with, or its error, is the worker's answer. */
  answer?: (method: string, args: unknown[]) => Promise<unknown>
  /** Start now rather than with the first call: its opening is work that call would otherwise wait for. */
  eager?: boolean
  /** End the worker once no call has waited for this long (it starts again with the next): its memory goes. */
  idleMs?: number
  /** How long a close waits for the calls under way, then for the worker's own close (`closeGraceMs`). */
  closeGraceMs?: number
}): WorkerClient<C> {
  const grace = options.closeGraceMs ?? closeGraceMs
  let worker: Worker | null = null
  let nextId = 1
  const waiting = new Map<number, Waiting>()
  let closing = false
  let closed: (() => void) | undefined
  let idle: ReturnType<typeof setTimeout> | undefined
  /** A worker retired for being idle, until it has closed its databases and ended. */
  let retiring: Promise<unknown> = Promise.resolve()

  /** An idle worker is ended after `idleMs`; the next call starts another. */
  const retireWhenIdle = () => {
    clearTimeout(idle)
    if (options.idleMs === undefined || waiting.size > 0 || closing) return
    idle = setTimeout(() => {
      const retired = worker
      if (!retired || waiting.size > 0 || closing) return
      worker = null
      retiring = new Promise((resolve) => retired.once('exit', resolve))
      retired.postMessage({ kind: 'close' } satisfies ToWorker)
    }, options.idleMs)
    idle.unref()
  }

  /** The process stays up while a call waits for its answer, and not for an idle worker. */
  const holdWhileWaiting = () => {
    if (waiting.size > 0 || closing) worker?.ref()
    else worker?.unref()
    retireWhenIdle()
  }

  const failAll = (message: string) => {
    for (const [id, call] of waiting) {
      waiting.delete(id)
      call.reject(new AppError({ code: appErrorCodes.internal, message }))
    }
  }

  async function replyTo(target: Worker, asked: { id: number; method: string; args: unknown[] }) {
    const reply = (message: ToWorker) => target.postMessage(message)
    try {
      if (!options.answer) throw new Error(`main answers no call ${asked.method} of this worker`)
      reply({ kind: 'reply', id: asked.id, ok: true, value: await options.answer(asked.method, asked.args) })
    } catch (error) {
      if (!(error instanceof AppError))
        options.log.error(`a call ${asked.method} asked by a worker failed`, error)
      const shape = error instanceof AppError ? error.toShape() : unexpectedError
      reply({ kind: 'reply', id: asked.id, ok: false, error: shape })
    }
  }

  function started(): Worker {
    if (worker) return worker
    const created = new Worker(options.entry, { workerData: options.data })
    created.on('message', (message: FromWorker) => {
      if (message.kind === 'answer') {
        const call = waiting.get(message.id)
        waiting.delete(message.id)
        if (message.ok) call?.resolve(message.value)
        else call?.reject(new AppError(message.error))
        holdWhileWaiting()
      } else if (message.kind === 'ask') void replyTo(created, message)
      else if (message.kind === 'event') options.onEvent?.(message.name, message.payload)
      else if (message.kind === 'log') options.log[message.level](message.message, message.detail)
      else if (worker === created) closed?.()
    })
    created.on('error', (error) => options.log.error(`worker ${options.entry} failed`, error))
    created.on('exit', (code) => {
      // A worker ended for being idle had no calls; those waiting now are another's.
      if (worker !== created) return
      worker = null
      if (!closing) options.log.warn(`worker ${options.entry} stopped (exit code ${code})`)
      failAll('A part of the app stopped while it was working on this. Try again.')
    })
    // An idle worker does not keep the process running; one working on a call does (`holdWhileWaiting`).
    created.unref()
    worker = created
    return created
  }

  if (options.eager) started()
  return {
    call(method, args, signal) {
      if (closing) return Promise.reject(new AppError({ code: 'cancelled', message: 'The app is closing.' }))
      const target = started()
      const id = nextId++
      let settle = () => {}
      const settled = new Promise<unknown>((resolve) => {
        settle = () => resolve(undefined)
      })
      return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(new AppError({ code: 'cancelled', message: 'Cancelled.' }))
        waiting.set(id, {
          resolve: (value) => {
            settle()
            resolve(value as never)
          },
          reject: (error) => {
            settle()
            reject(error)
          },
          settled,
        })
        signal?.addEventListener(
          'abort',
          () => {
            const call = waiting.get(id)
            if (!call) return
            waiting.delete(id)
            target.postMessage({ kind: 'cancel', id } satisfies ToWorker)
            call.reject(new AppError({ code: 'cancelled', message: 'Cancelled.' }))
            holdWhileWaiting()
          },
          { once: true },
        )
        target.postMessage({ kind: 'call', id, method, args } satisfies ToWorker)
        holdWhileWaiting()
      })
    },
    async close() {
      closing = true
      clearTimeout(idle)
      const running = worker
      // One retired a moment ago closes its databases first: the next owner of the folder may open them.
      await within(retiring, grace)
      if (!running) return
      running.ref()
      // Calls under way answer first; then the worker closes what it holds, and ends. Either may take no
      // longer than the grace: the worker is then ended, its transactions rolled back, so the folder is let go.
      await within(Promise.allSettled([...waiting.values()].map((call) => call.settled)), grace)
      const said = new Promise<void>((resolve) => {
        closed = resolve
        running.once('exit', () => resolve())
      })
      running.postMessage({ kind: 'close' } satisfies ToWorker)
      await within(said, grace)
      await running.terminate()
      failAll('The app closed while this was under way.')
      worker = null
    },
  }
}

/**
 * Main's side: each of the service's methods, without its `lead` arguments (which main supplies for every call,
 * such as the profile whose catalog it is), and with an optional signal last that cancels the call.
 */
export type Remote<S, Lead extends unknown[]> = {
  [K in keyof S]: S[K] extends (...args: [...Lead, ...infer A]) => infer R
    ? (...args: [...A, signal?: AbortSignal]) => Promise<Awaited<R>>
    : never
}

/** The methods of the service a worker serves under `prefix` (`serviceCalls`), by their own names. */
export type Served<C, P extends string> = {
  [K in keyof C as K extends `${P}.${infer Method}` ? Method : never]: C[K]
}

/** Main's stand-in for the service a worker serves under `prefix`: typed by the worker's own calls. */
export function remote<C extends WorkerCalls, P extends string, Lead extends unknown[]>(
  client: WorkerClient<C>,
  prefix: P,
  lead: () => Promise<Lead>,
): Remote<Served<C, P>, Lead> {
  const calls = client as unknown as Pick<WorkerClient<WorkerCalls>, 'call'>
  return new Proxy({} as Remote<Served<C, P>, Lead>, {
    get(_, name) {
      // Not a thenable: awaiting the stand-in itself gives the stand-in.
      if (typeof name !== 'string' || name === 'then') return undefined
      return async (...args: unknown[]) => {
        const signal = args.at(-1) instanceof AbortSignal ? (args.pop() as AbortSignal) : undefined
        return calls.call(`${prefix}.${name}`, [...(await lead()), ...args], signal)
      }
    },
  })
}

// The worker's side.

export interface WorkerSide {
  emit(name: string, payload: unknown): void
  log(level: 'info' | 'warn' | 'error', message: string, detail?: unknown): void
  /** Asks main to make a call for this worker (`answer` in `startWorker`); its answer or error comes back. */
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
          error: unexpectedError,
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
// (`remote` above) sends those calls. A new read is then written once, as a method of the service.
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
