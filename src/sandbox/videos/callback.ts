// Callback URL checks (document 2 §4.1 rule 4): https only; every address the host resolves to must be
// public. Delivery uses the same check at connect time (guardedLookup), so a name cannot be re-pointed after
// the fact.
import type { LookupAddress } from 'node:dns'
import { lookup } from 'node:dns/promises'
import { isForbiddenAddress, isIP } from '#shared/domain/network-address'
import { checkCallbackUrl, videoMessages } from '#shared/domain/videos'
import { ServiceError } from '../http.ts'

export async function verifyCallbackUrl(raw: string, allowPrivate: boolean): Promise<URL> {
  const problem = checkCallbackUrl(raw, { allowPrivate })
  if (problem) throw ServiceError.from(problem)
  const url = new URL(raw)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (allowPrivate || isIP(host)) return url
  let addresses: LookupAddress[]
  try {
    addresses = await lookup(host, { all: true, verbatim: true })
  } catch {
    throw new ServiceError(400, 'invalid_callback_url', `callback_url host "${host}" could not be resolved.`)
  }
  if (addresses.length === 0 || addresses.some((entry) => isForbiddenAddress(entry.address))) {
    throw new ServiceError(400, 'invalid_callback_url', videoMessages.callbackPrivate)
  }
  return url
}

export const isLoopbackHost = (host: string) => {
  const bare = host.replace(/^\[|\]$/g, '')
  return bare === 'localhost' || bare === '::1' || bare.startsWith('127.') || bare === '::ffff:127.0.0.1'
}
