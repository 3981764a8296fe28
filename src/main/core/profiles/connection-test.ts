// "Test connection" tells a bad address from a bad key from an unreachable host; the status bar's check every
// minute does it without listing the catalog.

import type { AppError } from '#shared/ipc/app-error'
import type { ConnectionTest } from '#shared/ipc/routes/profiles'
import { createGateway } from '../gateway/gateway.ts'
import { type Connection, createTransport } from '../gateway/transport.ts'

/** A job id that cannot exist: reading it proves the key is accepted without touching anything. */
const probeJob = '00000000-0000-4000-8000-000000000000'

/** The gateway answered with its own error envelope (a `code` in `{"error": {...}}`), not another server. */
const fromTheGateway = (failure: AppError) => failure.serviceCode !== undefined

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
    if (failure.code === 'service_unreachable' || failure.code === 'timeout') {
      return { outcome: 'unreachable', message: failure.message, latencyMs: took() }
    }
    return { outcome: 'bad_url', message: badUrl, latencyMs: took() }
  }
  if (!connection.apiKey)
    return { outcome: 'no_key', message: 'The address works. Add an API key to use it.', latencyMs: took() }
  return readProbeJob(gateway, took, true)
}

/**
 * The status bar's check, every minute: one status read, whose answer tells an accepted key from a refused one
 * and the gateway from another server by its error envelope. The listing, which holds every model of the
 * service, is read only when there is no key to check.
 */
export async function checkHealth(
  connection: Connection,
  fetchImpl: typeof fetch = fetch,
): Promise<ConnectionTest> {
  if (!connection.apiKey) return testConnection(connection, fetchImpl)
  const { gateway, took } = prober(connection, fetchImpl)
  return readProbeJob(gateway, took, false)
}

const badUrl = 'Something answered at this address, but not the gateway service. Check the address.'

function prober(connection: Connection, fetchImpl: typeof fetch) {
  const started = performance.now()
  const gateway = createGateway(
    createTransport({ connection: async () => connection, fetch: fetchImpl, timeoutMs: 8000 }),
  )
  return { gateway, took: () => Math.round(performance.now() - started) }
}

/** Reads a job that cannot exist; `addressProven` when the listing already showed the gateway is there. */
async function readProbeJob(
  gateway: ReturnType<typeof createGateway>,
  took: () => number,
  addressProven: boolean,
): Promise<ConnectionTest> {
  try {
    await gateway.getVideo(probeJob, { timeoutMs: 8000 })
    return { outcome: 'ok', message: 'Connected: the service accepts this key.', latencyMs: took() }
  } catch (error) {
    const failure = error as AppError
    if (failure.code === 'service_unreachable' || failure.code === 'timeout') {
      return { outcome: 'unreachable', message: failure.message, latencyMs: took() }
    }
    if (!addressProven && !fromTheGateway(failure))
      return { outcome: 'bad_url', message: badUrl, latencyMs: took() }
    if (failure.status === 404 || failure.status === 429) {
      return { outcome: 'ok', message: 'Connected: the service accepts this key.', latencyMs: took() }
    }
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
