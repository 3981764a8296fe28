// How every call reaches the service: the base URL and key of the active profile, authentication by endpoint
// group, a timeout and the caller's AbortSignal, retries only for reads, one error model, and responses parsed
// with the wire schemas (unknown fields kept).
import { z } from 'zod'
import { messagesVersion } from '#shared/api/messages'
import { isLocalHost } from '#shared/domain/network-address'
import { AppError } from '#shared/ipc/app-error'
import { redact, redactValue } from '../secrets/redaction.ts'
import { gatewayErrorCodes, serviceError } from './errors.ts'
import { readServerSentEvents, type ServerSentEvent } from './sse.ts'
import { failureCause, unreachableText } from './unreachable.ts'

export type AuthGroup = 'bearer' | 'generative' | 'messages' | 'none'

export interface Connection {
  baseUrl: string
  apiKey: string | null
}

export interface TransportOptions {
  connection: () => Promise<Connection>
  fetch?: typeof fetch
  timeoutMs?: number
  /** Waits between retries; tests pass a fast one. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  random?: () => number
}

export interface CallOptions {
  signal?: AbortSignal | undefined
  timeoutMs?: number | undefined
  headers?: Record<string, string> | undefined
  /**
   * False for callers that keep their own request budget (the poller, the status bar's check): an answer that
   * asks to wait (429, 502) is theirs to handle, and a read cut before any answer is sent again only once.
   */
  retry?: boolean | undefined
  /** Sees what went over the wire: the request (key masked) and the answer as received. */
  onWire?: ((record: WireRecord) => void) | undefined
}

export type WireRecord =
  | { kind: 'request'; method: string; url: string; headers: Record<string, string>; body: string | null }
  | { kind: 'response'; status: number; headers: Record<string, string>; body: string; ms: number }

const secretHeaders = new Set(['authorization', 'x-api-key', 'x-native-api-key'])

/** Headers as they may be shown: every credential reduced to its last four characters. */
export function maskedHeaders(headers: Record<string, string>): Record<string, string> {
  const mask = (value: string) => {
    const scheme = /^Bearer /i.exec(value)?.[0] ?? ''
    return `${scheme}••••${value.slice(-4)}`
  }
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      secretHeaders.has(name.toLowerCase()) ? mask(value) : value,
    ]),
  )
}

export interface GatewayRequest<T> {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  auth: AuthGroup
  body?: unknown
  schema: z.ZodType<T>
  /**
   * A long list in the answer, at `field` of its body, whose items `schema` leaves unchecked: each is checked
   * with `item`, so that a model that does not read is named by its place in the list.
   */
  list?: { field: string; item: z.ZodType }
}

export interface GatewayResponse<T> {
  data: T
  status: number
  headers: Headers
}

const maxRetries = 3
/** How a connection cut before any answer shows (the system's code, or undici's for a socket closed on it). */
const cutBeforeAnswer = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'])
const maxRetryAfterSeconds = 30

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })
}

export function authHeaders(auth: AuthGroup, apiKey: string | null): Record<string, string> {
  if (auth === 'none') return {}
  if (!apiKey) {
    throw new AppError({
      code: gatewayErrorCodes.noKey,
      message: 'This profile has no API key. Add one in Settings.',
    })
  }
  if (auth === 'generative') return { 'x-native-api-key': apiKey }
  if (auth === 'messages') return { 'x-api-key': apiKey, 'native-version': messagesVersion }
  return { authorization: `Bearer ${apiKey}` }
}

/** The first place where a response does not match its schema, in words. */
function describeMismatch(error: z.ZodError): string {
  const issue = error.issues[0]
  const field = issue?.path.length ? issue.path.map(String).join('.') : '(the whole body)'
  return `The service's answer does not match the documented format at ${field}: ${issue?.message ?? 'unexpected value'}.`
}

/** The wire view's record of an answer: its status, headers and body, without the key. */
const answered = (response: Response, body: string, sentAt: number, clean: (text: string) => string) =>
  redactValue(
    {
      kind: 'response' as const,
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body,
      ms: performance.now() - sentAt,
    },
    clean,
  )

export function createTransport(options: TransportOptions) {
  const fetchImpl = options.fetch ?? fetch
  const sleep = options.sleep ?? abortableSleep
  const random = options.random ?? Math.random

  async function exchange(
    request: GatewayRequest<unknown>,
    call: CallOptions,
  ): Promise<Response & { sentAt: number; clean: (text: string) => string }> {
    // An id with a `.` or `..` part (`a/../../v1/keys`) would move the request up the service's paths, escaped
    // or not: a URL reads `%2e` as a dot. Nothing with one is sent.
    const dotted = request.path
      .split('?')[0]
      ?.split('/')
      .find((piece) => /^(?:\.|%2e){1,2}$/i.test(piece))
    if (dotted !== undefined)
      throw new AppError({
        code: 'validation_failed',
        message: `“${request.path.split('?')[0]?.slice(0, 120)}” is not a path of the service: an id in it has a “${dotted}” part.`,
      })
    const { baseUrl, apiKey } = await options.connection()
    // What the service sends back is kept and shown (wire view, errors, history) without the key, even when the
    // service quotes it, or quotes anything shaped like one.
    const clean = (text: string) => redact(text, apiKey ? [apiKey] : [])
    const endpoint = `${request.method} ${request.path.split('?')[0]}`
    const timeout = AbortSignal.timeout(call.timeoutMs ?? options.timeoutMs ?? 60_000)
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout
    const isForm = request.body instanceof FormData
    const headers: Record<string, string> = {
      accept: 'application/json, text/event-stream',
      ...(request.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      ...authHeaders(request.auth, apiKey),
      ...call.headers,
    }
    const body =
      request.body === undefined
        ? undefined
        : isForm
          ? (request.body as FormData)
          : JSON.stringify(request.body)
    const url = new URL(request.path, baseUrl)
    call.onWire?.(
      redactValue(
        {
          kind: 'request',
          method: request.method,
          url: url.href,
          headers: maskedHeaders(headers),
          body: isForm ? '[multipart form data]' : ((body as string | undefined) ?? null),
        },
        (text) => redact(text, apiKey ? [apiKey] : [], false),
      ),
    )
    const sentAt = performance.now()
    for (let attempt = 0; ; attempt++) {
      let response: Response
      try {
        response = await fetchImpl(url, {
          method: request.method,
          headers,
          body: body ?? null,
          signal,
        })
      } catch (error) {
        if (call.signal?.aborted)
          throw new AppError({ code: gatewayErrorCodes.cancelled, message: 'Cancelled.', endpoint })
        if (timeout.aborted) {
          throw new AppError({
            code: gatewayErrorCodes.timeout,
            message: `The service did not answer in time (${endpoint}).`,
            endpoint,
          })
        }
        const cause = failureCause(error)
        // A kept-alive connection the other side closed as this request went out: nothing was answered, so a
        // read goes again at once on a new connection. A POST never does: it may have been received.
        if (
          request.method === 'GET' &&
          attempt < (call.retry === false ? 1 : maxRetries) &&
          cutBeforeAnswer.has(cause)
        )
          continue
        throw new AppError({
          code: gatewayErrorCodes.unreachable,
          ...unreachableText(new URL(baseUrl).host, cause),
          endpoint,
        })
      }
      if (response.ok) return Object.assign(response, { sentAt, clean })
      const text = await response.text()
      call.onWire?.(answered(response, text, sentAt, clean))
      const failure = new AppError(
        redactValue(serviceError(response.status, text, response.headers, endpoint).toShape(), clean),
      )
      // Only reads are retried: a POST may have billed or created something already.
      const retryable =
        call.retry !== false &&
        request.method === 'GET' &&
        attempt < maxRetries &&
        (response.status === 429 || response.status === 502)
      if (!retryable) throw failure
      const waitMs =
        response.status === 429
          ? (failure.retryAfter ?? 1) * 1000
          : Math.min(8000, 500 * 2 ** attempt) * (0.5 + random() / 2)
      if (waitMs > maxRetryAfterSeconds * 1000) throw failure
      try {
        await sleep(waitMs, call.signal)
      } catch {
        throw new AppError({ code: gatewayErrorCodes.cancelled, message: 'Cancelled.', endpoint })
      }
    }
  }

  return {
    /** Whether the service runs on this computer or its network (the sandbox, a gateway on loopback). */
    async isLocal(): Promise<boolean> {
      const { baseUrl } = await options.connection()
      return isLocalHost(new URL(baseUrl).hostname)
    },
    async send<T>(request: GatewayRequest<T>, call: CallOptions = {}): Promise<GatewayResponse<T>> {
      const response = await exchange(request, call)
      const text = await response.text()
      const { clean } = response
      call.onWire?.(answered(response, text, response.sentAt, clean))
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        throw new AppError({
          code: gatewayErrorCodes.unexpected,
          message: `The service's answer is not JSON (${request.method} ${request.path}).`,
          raw: clean(text.slice(0, 4096)),
        })
      }
      const mismatch = (error: z.ZodError) =>
        new AppError({
          code: gatewayErrorCodes.unexpected,
          message: describeMismatch(error),
          raw: clean(text.slice(0, 64 * 1024)),
        })
      const parsed = request.schema.safeParse(json)
      if (!parsed.success) throw mismatch(parsed.error)
      if (request.list) {
        const { field, item } = request.list
        const items = (parsed.data as Record<string, unknown[]>)[field] ?? []
        for (let at = 0; at < items.length; at++) {
          const checked = item.safeParse(items[at])
          if (!checked.success)
            throw mismatch(
              new z.ZodError(
                checked.error.issues.map((issue) => ({ ...issue, path: [field, at, ...issue.path] })),
              ),
            )
          items[at] = checked.data
        }
      }
      return { data: parsed.data, status: response.status, headers: response.headers }
    },

    /** Opens a streamed response and yields its events, each parsed with the schema. */
    async stream<T>(
      request: GatewayRequest<T>,
      call: CallOptions = {},
    ): Promise<{ headers: Headers; events: AsyncGenerator<{ event: string | undefined; data: T }> }> {
      const response = await exchange(request, { ...call, timeoutMs: call.timeoutMs ?? 10 * 60_000 })
      if (!response.body)
        throw new AppError({ code: gatewayErrorCodes.unexpected, message: 'The stream has no body.' })
      call.onWire?.(answered(response, '', response.sentAt, response.clean))
      const body = response.body
      async function* events(): AsyncGenerator<{ event: string | undefined; data: T }> {
        try {
          for await (const message of readServerSentEvents(body) as AsyncGenerator<ServerSentEvent>) {
            const parsed = request.schema.safeParse(JSON.parse(message.data))
            if (!parsed.success)
              throw new AppError({
                code: gatewayErrorCodes.unexpected,
                message: describeMismatch(parsed.error),
                raw: response.clean(message.data),
              })
            yield { event: message.event, data: parsed.data }
          }
        } catch (error) {
          if (call.signal?.aborted)
            throw new AppError({ code: gatewayErrorCodes.cancelled, message: 'Cancelled.' })
          throw error
        }
      }
      return { headers: response.headers, events: events() }
    },
  }
}

export type Transport = ReturnType<typeof createTransport>
