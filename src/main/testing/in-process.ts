// A worker's calls answered in this thread, for tests of a service that talks to a worker: the same calls, the
// same arguments, the error the worker would send back.
import type { WorkerCalls, WorkerClient } from '../core/workers/calls.ts'

export function inProcess<C extends WorkerCalls>(calls: C): Pick<WorkerClient<C>, 'call'> {
  const call = (method: string, args: unknown[], signal?: AbortSignal): Promise<unknown> =>
    Promise.resolve(calls[method]?.(...args, signal ?? new AbortController().signal))
  return { call } as Pick<WorkerClient<C>, 'call'>
}
