// Passing deliveries on to the person's own server ("Forward to"): the body bytes and the signature headers
// exactly as the service sent them, so their receiver verifies with the same secret. The address is the
// person's choice, so it may be on this computer or their network; as with every address the app reaches from
// data, no redirect is followed, the answer is awaited for a bounded time and only its first bytes are read.
import { webhookHeaders } from '#shared/api/videos'
import { guardedRequest, RefusedDestination } from '../../../node/guarded-fetch.ts'

export const forwardLimits = {
  timeoutMs: 10_000,
  /** Bytes of the server's answer kept to show beside the delivery. */
  answerBytes: 4096,
  addressLength: 2048,
}

/** How the forwarder names itself to the person's server (and how the receiver knows its own sends). */
export const forwarderAgent = 'GatewayDesk-Forward/1'

/** The headers passed on: what a receiver reads to verify and deduplicate, and the body's type. */
const passedHeaders = ['content-type', webhookHeaders.signature, webhookHeaders.idempotencyKey]

export interface ForwardOutcome {
  url: string
  sentAt: number
  /** From sending to the end of the part of the answer read. */
  ms: number
  /** The status the server answered, or null when there was no answer. */
  status: number | null
  /** The start of the answer's body, as text. */
  answer: string | null
  /** Why there was no answer: the connection error or the time limit, in words. */
  error: string | null
}

/** Why an address cannot be a forward address, in a sentence; null when it can. */
export function forwardAddressProblem(raw: string): string | null {
  if (raw.length > forwardLimits.addressLength) return 'The address is too long.'
  const example = 'Enter a full address, such as http://localhost:3000/webhooks.'
  // "localhost:3000" parses as a URL of the scheme "localhost": it is a missing scheme, not a wrong one.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) return example
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return example
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'The address must start with http:// or https://.'
  if (url.username || url.password) return 'Leave the user name and password out of the address.'
  return null
}

function describe(error: unknown, url: string, timeoutMs: number): string {
  const { code, name, message } = error as NodeJS.ErrnoException
  if (name === 'TimeoutError' || name === 'AbortError') return `No answer within ${timeoutMs / 1000} s.`
  if (error instanceof RefusedDestination) return `The address was refused: ${message}`
  let host = url
  try {
    host = new URL(url).host
  } catch {
    return `${url} is not an address.`
  }
  switch (code) {
    case 'ECONNREFUSED':
      return `Nothing is listening at ${host}. Is your server running?`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${host} could not be found.`
    case 'ECONNRESET':
      return `${host} closed the connection before answering.`
    default:
      return message || String(error)
  }
}

async function startOf(response: Response): Promise<string> {
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body?.getReader()
  while (reader && size < forwardLimits.answerBytes) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    size += value.byteLength
  }
  await reader?.cancel().catch(() => {})
  const bytes = Buffer.concat(chunks)
  const text = bytes.subarray(0, forwardLimits.answerBytes).toString('utf8')
  return size > forwardLimits.answerBytes ? `${text}…` : text
}

/** Sends one delivery to `url`; never throws: what happened is the outcome. */
export async function forwardDelivery(
  url: string,
  delivery: { headers: Record<string, string>; body: Uint8Array },
  now: () => number = Date.now,
  timeoutMs = forwardLimits.timeoutMs,
  signal?: AbortSignal,
): Promise<ForwardOutcome> {
  const sentAt = now()
  const started = performance.now()
  const headers = Object.fromEntries(
    passedHeaders.flatMap((name) => (delivery.headers[name] ? [[name, delivery.headers[name]]] : [])),
  )
  const outcome = (fields: Pick<ForwardOutcome, 'status' | 'answer' | 'error'>): ForwardOutcome => ({
    url,
    sentAt,
    ms: Math.round(performance.now() - started),
    ...fields,
  })
  try {
    const response = await guardedRequest(
      url,
      { allowPrivate: true, httpsOnly: false, timeoutMs },
      {
        method: 'POST',
        headers: { ...headers, 'user-agent': forwarderAgent },
        body: delivery.body,
        ...(signal ? { signal } : {}),
      },
    )
    const answer = await startOf(response).catch(() => '')
    const location = response.headers.get('location')
    return outcome({
      status: response.status,
      answer: location ? `Redirects to ${location} (not followed).\n${answer}` : answer,
      error: null,
    })
  } catch (error) {
    return outcome({ status: null, answer: null, error: describe(error, url, timeoutMs) })
  }
}
