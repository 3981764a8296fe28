// A service that lives in a worker, used from main as if it were here: its methods become the worker's calls (named
// `prefix.method`), and main's side is a stand-in whose every method sends that call. A new read is then written
// once, as a method of the service; nothing forwards it by name.
import type { WorkerCalls } from './messages.ts'
import type { WorkerClient } from './worker-client.ts'

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
