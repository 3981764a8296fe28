// Fetching a URL a gateway handed over (a result file, a reference image): only to public addresses unless
// the caller allows private ones, https only when asked, and redirects followed one hop at a time with every
// hop checked the same way. The address is checked when the connection is made (the lookup refuses
// private answers), so a name cannot point somewhere public for a check and somewhere private for the fetch.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { Readable } from 'node:stream'
import { isForbiddenAddress, isForbiddenHostName, isIP } from '#shared/domain/network-address'

export interface FetchRules {
  /** Private, loopback and link-local destinations are allowed (a sandbox or gateway on this computer). */
  allowPrivate: boolean
  /** Plain http is refused. */
  httpsOnly: boolean
  timeoutMs: number
  maxRedirects?: number
}

/** Why a destination was refused, in a phrase that completes "The link was refused: …". */
export class RefusedDestination extends Error {}

const refusedCode = 'EFORBIDDEN'

/** A `lookup` for http(s).request that answers only public addresses unless private ones are allowed. */
export function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: object,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, [])
      const allowed = allowPrivate
        ? addresses
        : addresses.filter((entry) => !isForbiddenAddress(entry.address))
      if (allowed.length === 0)
        return callback(
          Object.assign(new Error(`${hostname} resolves only to private or local addresses`), {
            code: refusedCode,
          }),
          [],
        )
      if ((options as { all?: boolean }).all) return callback(null, allowed)
      callback(null, allowed[0]?.address ?? '', allowed[0]?.family)
    })
  }
}

function checkDestination(url: URL, rules: FetchRules): void {
  if (url.protocol !== 'https:' && (rules.httpsOnly || url.protocol !== 'http:'))
    throw new RefusedDestination(`${url.protocol.replace(':', '')} links are not followed, only https`)
  if (rules.allowPrivate) return
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) ? isForbiddenAddress(host) : isForbiddenHostName(host))
    throw new RefusedDestination(`${host} is a private or local address`)
}

/** What a request sends besides a GET's nothing. */
export interface SentRequest {
  method: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: Uint8Array
  /** Stops the request before its time limit (the app is quitting). */
  signal?: AbortSignal
}

/** One request, as a web Response, connecting only where the rules allow. */
function send(
  url: URL,
  rules: FetchRules,
  signal: AbortSignal,
  sent: SentRequest = { method: 'GET' },
): Promise<Response> {
  const open = url.protocol === 'https:' ? httpsRequest : httpRequest
  const headers = {
    ...sent.headers,
    ...(sent.body ? { 'content-length': String(sent.body.byteLength) } : {}),
  }
  return new Promise((resolve, reject) => {
    const request = open(
      url,
      { method: sent.method, headers, signal, lookup: guardedLookup(rules.allowPrivate) },
      (answer: IncomingMessage) => {
        const headers = new Headers()
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
        const status = answer.statusCode ?? 502
        const empty = status === 204 || status === 304
        if (empty) answer.resume()
        resolve(new Response(empty ? null : (Readable.toWeb(answer) as ReadableStream), { status, headers }))
      },
    )
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === refusedCode ? new RefusedDestination(error.message) : error),
    )
    request.end(sent.body)
  })
}

const redirects = new Set([301, 302, 303, 307, 308])

export async function guardedFetch(raw: string, rules: FetchRules): Promise<Response> {
  const signal = AbortSignal.timeout(rules.timeoutMs)
  let url = new URL(raw)
  for (let hop = 0; ; hop++) {
    checkDestination(url, rules)
    const response = await send(url, rules, signal)
    const location = response.headers.get('location')
    if (!redirects.has(response.status) || !location) return response
    await response.body?.cancel()
    if (hop >= (rules.maxRedirects ?? 5)) throw new RefusedDestination('it redirects too many times')
    url = new URL(location, url)
  }
}

/**
 * One request that follows no redirect: a 3xx is the answer. The signal stays with the response, so `timeoutMs`
 * also bounds reading its body.
 */
export function guardedRequest(raw: string, rules: FetchRules, sent: SentRequest): Promise<Response> {
  const url = new URL(raw)
  checkDestination(url, rules)
  const timeout = AbortSignal.timeout(rules.timeoutMs)
  return send(url, rules, sent.signal ? AbortSignal.any([timeout, sent.signal]) : timeout, sent)
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
    if (size > limit) return null
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}
