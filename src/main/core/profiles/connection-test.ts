// "Test connection": tells a bad address from a bad key from an unreachable host, with two cheap calls.

import type { AppError } from '#shared/ipc/app-error'
import type { ConnectionTest } from '#shared/ipc/routes/profiles'
import { createGateway } from '../gateway/gateway.ts'
import { type Connection, createTransport } from '../gateway/transport.ts'

/** A job id that cannot exist: reading it proves the key is accepted without touching anything. */
const probeJob = '00000000-0000-4000-8000-000000000000'

export async function testConnection(
  connection: Connection,
  fetchImpl: typeof fetch = fetch,
): Promise<ConnectionTest> {
  const started = performance.now()
  const took = () => Math.round(performance.now() - started)
  const gateway = createGateway(
    createTransport({ connection: async () => connection, fetch: fetchImpl, timeoutMs: 8000 }),
  )
  try {
    await gateway.listings.unified.all({ timeoutMs: 8000 })
  } catch (error) {
    const failure = error as AppError
    if (failure.code === 'service_unreachable' || failure.code === 'timeout') {
      return { outcome: 'unreachable', message: failure.message, latencyMs: took() }
    }
    return {
      outcome: 'bad_url',
      message: 'Something answered at this address, but not the gateway service. Check the address.',
      latencyMs: took(),
    }
  }
  if (!connection.apiKey)
    return { outcome: 'no_key', message: 'The address works. Add an API key to use it.', latencyMs: took() }
  try {
    await gateway.getVideo(probeJob, { timeoutMs: 8000 })
    return { outcome: 'ok', message: 'Connected: the service accepts this key.', latencyMs: took() }
  } catch (error) {
    const failure = error as AppError
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
