// Fetching a URL a gateway handed over (a result file, a reference image): only to public addresses unless
// the caller allows private ones, https only when asked, and redirects followed one hop at a time with every
// hop checked the same way — a redirect never leads to this computer or its network.
import { lookup } from 'node:dns/promises'
import { isForbiddenAddress, isForbiddenHostName, isIP } from '#shared/domain/network-address'

export interface FetchRules {
  /** Private, loopback and link-local destinations are allowed (a sandbox or gateway on this computer). */
  allowPrivate: boolean
  /** Plain http is refused. */
  httpsOnly: boolean
  timeoutMs: number
  maxRedirects?: number
}

/** Why a destination was refused, in a phrase that completes "The download was refused: …". */
export class RefusedDestination extends Error {}

async function checkDestination(url: URL, rules: FetchRules): Promise<void> {
  if (url.protocol !== 'https:' && (rules.httpsOnly || url.protocol !== 'http:'))
    throw new RefusedDestination(`${url.protocol.replace(':', '')} links are not followed, only https`)
  if (rules.allowPrivate) return
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const refused = () => new RefusedDestination(`${host} is a private or local address`)
  if (isIP(host)) {
    if (isForbiddenAddress(host)) throw refused()
    return
  }
  if (isForbiddenHostName(host)) throw refused()
  const addresses = await lookup(host, { all: true, verbatim: true }).catch(() => [])
  if (addresses.length === 0) throw new RefusedDestination(`${host} could not be resolved`)
  if (addresses.some(({ address }) => isForbiddenAddress(address))) throw refused()
}

const redirects = new Set([301, 302, 303, 307, 308])

export async function guardedFetch(raw: string, rules: FetchRules): Promise<Response> {
  const signal = AbortSignal.timeout(rules.timeoutMs)
  let url = new URL(raw)
  for (let hop = 0; ; hop++) {
    await checkDestination(url, rules)
    const response = await fetch(url, { redirect: 'manual', signal })
    const location = response.headers.get('location')
    if (!redirects.has(response.status) || !location) return response
    await response.body?.cancel()
    if (hop >= (rules.maxRedirects ?? 5)) throw new RefusedDestination('it redirects too many times')
    url = new URL(location, url)
  }
}

/** Reads a body up to `limit` bytes; null when it is larger (the rest is not read). */
export async function bodyUpTo(response: Response, limit: number): Promise<Uint8Array | null> {
  if (Number(response.headers.get('content-length')) > limit) {
    await response.body?.cancel()
    return null
  }
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of response.body ?? []) {
    size += chunk.length
    if (size > limit) {
      await response.body?.cancel().catch(() => undefined)
      return null
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}
