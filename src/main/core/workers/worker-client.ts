// Main's side of a worker thread: calls by name that resolve with the worker's answer, a signal that cancels a
// call nobody waits for any more, the worker's events, and the calls it asks main to make. A worker that stops
// fails the calls it had and is started again by the next call.
import { Worker } from 'node:worker_threads'
import { AppError, appErrorCodes } from '#shared/ipc/app-error'
import type { Log } from '../log.ts'
import type { ArgsOf, FromWorker, ToWorker, WorkerCalls } from './messages.ts'

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
}): WorkerClient<C> {
  let worker: Worker | null = null
  let nextId = 1
  const waiting = new Map<number, Waiting>()
  let closing = false
  let closed: (() => void) | undefined
  let idle: ReturnType<typeof setTimeout> | undefined

  /** An idle worker is ended after `idleMs`; the next call starts another. */
  const retireWhenIdle = () => {
    clearTimeout(idle)
    if (options.idleMs === undefined || waiting.size > 0 || closing) return
    idle = setTimeout(() => {
      const retired = worker
      if (!retired || waiting.size > 0 || closing) return
      worker = null
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
      const shape =
        error instanceof AppError
          ? error.toShape()
          : {
              code: appErrorCodes.internal,
              message: 'Something went wrong in the app. Details are in the log.',
            }
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
      const running = worker
      if (!running) return
      running.ref()
      // Calls under way answer first; then the worker closes what it holds, and ends.
      await Promise.allSettled([...waiting.values()].map((call) => call.settled))
      const said = new Promise<void>((resolve) => {
        closed = resolve
        running.once('exit', () => resolve())
      })
      running.postMessage({ kind: 'close' } satisfies ToWorker)
      await said
      await running.terminate()
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

export function remote<S, Lead extends unknown[]>(
  client: WorkerClient<WorkerCalls>,
  prefix: string,
  lead: () => Promise<Lead>,
): Remote<S, Lead> {
  return new Proxy({} as Remote<S, Lead>, {
    get(_, name) {
      // Not a thenable: awaiting the stand-in itself gives the stand-in.
      if (typeof name !== 'string' || name === 'then') return undefined
      return async (...args: unknown[]) => {
        const signal = args.at(-1) instanceof AbortSignal ? (args.pop() as AbortSignal) : undefined
        return client.call(`${prefix}.${name}`, [...(await lead()), ...args], signal)
      }
    },
  })
}
