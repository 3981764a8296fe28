// A worker for the worker client's tests: it answers by name, fails, waits until cancelled, asks main, and says
// which thread it is (a new thread has another id).
import { threadId } from 'node:worker_threads'
import { AppError } from '#shared/ipc/app-error'
import { serveCalls, serviceCalls } from '../core/workers/calls.ts'

/** A service whose methods are answered by name (`greeter.hello`), as the data worker's catalog is. */
export const greeter = {
  hello: (place: string, name: string) => `hello ${name} from ${place}`,
  /** Answers only when cancelled. */
  waitForCancel: (_place: string, signal: AbortSignal) =>
    new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve('cancelled'))),
}

const calls = {
  ...serviceCalls('greeter', greeter),
  echo: (value: string) => `${value} from ${threadId}`,
  refuse: () => {
    throw new AppError({ code: 'not_found', message: 'There is no such thing.' })
  },
  /** Answers only when cancelled, with how it ended. */
  waitForCancel: (signal: AbortSignal) =>
    new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve('cancelled'))),
  stop: () => process.exit(3),
  /** Holds the thread for `ms`, as a long read does: messages sent meanwhile wait. */
  hold: (ms: number) => {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
    return 'held'
  },
  /** Asks main to make a call for it, and answers with main's answer. */
  askMain: (method: string, args: unknown[]) => side.ask(method, args),
  /** Counts its runs: what a read that ran would have cost. */
  counted: () => ++runs,
  runs: () => runs,
}
let runs = 0
export type EchoCalls = typeof calls

const side = serveCalls(calls)
