// What main and a worker say to each other: calls by name with their answers, a cancel, events the worker
// raises, lines for main's log (the log file is main's alone), and the worker's own calls to main.
import type { AppErrorShape } from '#shared/ipc/app-error'

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
