// "Test connection" tells a bad address from a bad key from an unreachable host; the status bar's check every
// minute says the same without listing the catalog whenever the service answers as it does for a working key.

import type { AppError } from '#shared/ipc/app-error'
import type { ConnectionTest } from '#shared/ipc/routes/profiles'
import { createGateway } from '../gateway/gateway.ts'
import { type Connection, createTransport } from '../gateway/transport.ts'

/** A job id that cannot exist: reading it proves the key is accepted without touching anything. */
const probeJob = '00000000-0000-4000-8000-000000000000'
/** One status read, never retried: a rate limit is an answer (and §8 limits status reads per key). */
const probeRead = { timeoutMs: 8000, retry: false } as const

const connected = (latencyMs: number): ConnectionTest => ({
  outcome: 'ok',
  message: 'Connected: the service accepts this key.',
  latencyMs,
})
const unreachable = (failure: AppError) =>
  failure.code === 'service_unreachable' || failure.code === 'timeout'
/** What document 2 §7 answers a working key for a job that does not exist, or for too many status reads. */
const keyAccepted = (failure: AppError) =>
  (failure.status === 404 && failure.serviceCode === 'not_found') ||
  (failure.status === 429 && failure.serviceCode === 'rate_limited')

/** "Test connection": the public listing proves the address, then a status read tells whether the key works. */
export async function testConnection(
  connection: Connection,
  fetchImpl: typeof fetch = fetch,
): Promise<ConnectionTest> {
  const { gateway, took } = prober(connection, fetchImpl)
  try {
    await gateway.listings.unified.all({ timeoutMs: 8000 })
  } catch (error) {
    const failure = error as AppError
    if (unreachable(failure)) return { outcome: 'unreachable', message: failure.message, latencyMs: took() }
    return {
      outcome: 'bad_url',
      message: 'Something answered at this address, but not the gateway service. Check the address.',
      latencyMs: took(),
    }
  }
  if (!connection.apiKey)
    return { outcome: 'no_key', message: 'The address works. Add an API key to use it.', latencyMs: took() }
  try {
    await gateway.getVideo(probeJob, probeRead)
    return connected(took())
  } catch (error) {
    const failure = error as AppError
    if (failure.status === 404 || failure.status === 429) return connected(took())
    if (failure.status === 401 || failure.status === 403) {
      return {
        outcome: 'bad_key',
        message: 'The address works, but the service refused this API key.',
        latencyMs: took(),
      }
    }
    return { outcome: 'unreachable', message: failure.message, latencyMs: took() }
  }
}

/**
 * The status bar's check, every minute: one status read. When the service answers it as it answers a working
 * key, that is all; anything else (no key, a refused key, another server's answer) is told by the whole test,
 * whose listing holds every model of the service.
 */
export async function checkHealth(
  connection: Connection,
  fetchImpl: typeof fetch = fetch,
): Promise<ConnectionTest> {
  if (connection.apiKey) {
    const { gateway, took } = prober(connection, fetchImpl)
    try {
      await gateway.getVideo(probeJob, probeRead)
      return connected(took())
    } catch (error) {
      const failure = error as AppError
      if (unreachable(failure)) return { outcome: 'unreachable', message: failure.message, latencyMs: took() }
      if (keyAccepted(failure)) return connected(took())
    }
  }
  return testConnection(connection, fetchImpl)
}

function prober(connection: Connection, fetchImpl: typeof fetch) {
  const started = performance.now()
  const gateway = createGateway(
    createTransport({ connection: async () => connection, fetch: fetchImpl, timeoutMs: 8000 }),
  )
  return { gateway, took: () => Math.round(performance.now() - started) }
}
