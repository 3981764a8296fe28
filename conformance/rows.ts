// The conformance tables: each row cites a section of one document, says its rule in a line, and is run in
// order. A service row is one HTTP exchange with the standalone sandbox; a client row runs one of the app's
// request builders through the real gateway and checks what went over the wire, byte for byte as sent.
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { createGateway, type Gateway } from '#core/gateway/gateway'
import { createTransport } from '#core/gateway/transport'
import { messagesVersion } from '#shared/api/messages'
import { keys } from './standalone.ts'

export type Auth = 'bearer' | 'generative' | 'messages' | 'none'
/** Values one row leaves for a later one (a job id, a cache handle). */
export type Context = Record<string, string>
type Lazy<T> = T | ((context: Context) => T)

export interface Reply {
  status: number
  headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in each row's own check
  body: any
  text: string
}

export interface ServiceRow {
  /** The document's section, such as `4.1`. */
  section: string
  rule: string
  method?: 'GET' | 'POST' | 'DELETE'
  path: Lazy<string>
  auth?: Auth
  key?: string
  headers?: Record<string, string>
  /** Sent as JSON. */
  body?: Lazy<unknown>
  /** Sent as is (a form, or text that is not JSON). */
  raw?: Lazy<string | FormData>
  /** An exchange fetch cannot make (a body the server stops reading): the answer's status and body text. */
  send?: (base: string) => Promise<{ status: number | null; text: string }>
  status: number
  /** The error's code or type, wherever its group carries it. */
  code?: string
  message?: string | RegExp
  /** The whole answer must parse with this shape. */
  answer?: z.ZodType
  check?: (reply: Reply, context: Context) => void | Promise<void>
}

export interface SentRequest {
  method: string
  url: URL
  headers: Headers
  /** Parsed JSON, or the parts of a form by name. */
  body: unknown
}

export interface ClientRow {
  section: string
  rule: string
  /** Runs the builder; the last request it makes is the one checked. */
  send: (gateway: Gateway, context: Context) => Promise<unknown>
  method: 'GET' | 'POST' | 'DELETE'
  /** The path and query exactly as sent. */
  path: Lazy<string>
  auth: Auth
  /** The body must parse with this shape (strict: nothing the documents do not name). */
  body?: z.ZodType
  /** Further checks of what was sent. */
  sent?: (request: SentRequest) => void
}

export const authHeaders = (auth: Auth, key = keys.demo): Record<string, string> =>
  auth === 'bearer'
    ? { authorization: `Bearer ${key}` }
    : auth === 'generative'
      ? { 'x-native-api-key': key }
      : auth === 'messages'
        ? { 'x-api-key': key, 'native-version': messagesVersion }
        : {}

const resolve = <T>(value: Lazy<T>, context: Context): T =>
  typeof value === 'function' ? (value as (context: Context) => T)(context) : value

/** Every place an error group puts its code: `error.code`, `error.type`, `error.status`. */
function codesOf(body: unknown): unknown[] {
  const error = (body as { error?: Record<string, unknown> } | null)?.error
  return error ? [error.code, error.type, error.status] : []
}

function messageOf(body: unknown): string {
  return String((body as { error?: { message?: unknown } } | null)?.error?.message ?? '')
}

const sectionKey = (section: string) => section.split('.').map(Number)
function before(a: string, b: string): boolean {
  const [x, y] = [sectionKey(a), sectionKey(b)]
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const difference = (x[i] ?? 0) - (y[i] ?? 0)
    if (difference !== 0) return difference < 0
  }
  return false
}

const parsedOrText = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

async function exchange(base: string, row: ServiceRow, context: Context): Promise<Reply> {
  if (row.send) {
    const { status, text } = await row.send(base)
    return { status: status ?? 0, headers: new Headers(), body: parsedOrText(text), text }
  }
  const raw = row.raw === undefined ? undefined : resolve(row.raw, context)
  const body = row.body === undefined ? undefined : JSON.stringify(resolve(row.body, context))
  const response = await fetch(`${base}${resolve(row.path, context)}`, {
    method: row.method ?? (body !== undefined || raw !== undefined ? 'POST' : 'GET'),
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...authHeaders(row.auth ?? 'none', row.key),
      ...row.headers,
    },
    body: body ?? raw ?? null,
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: parsedOrText(text), text }
}

/** A gateway on the standalone sandbox whose every request is kept as it was handed to fetch. */
function recordingGateway(base: () => string, sent: SentRequest[]): Gateway {
  const transport = createTransport({
    connection: async () => ({ baseUrl: base(), apiKey: keys.demo }),
    fetch: async (input, init) => {
      const body = init?.body
      sent.push({
        method: init?.method ?? 'GET',
        url: new URL(String(input)),
        headers: new Headers(init?.headers),
        body:
          body instanceof FormData
            ? Object.fromEntries([...body.keys()].map((name) => [name, body.getAll(name)]))
            : typeof body === 'string'
              ? JSON.parse(body)
              : undefined,
      })
      return fetch(input, init)
    },
  })
  return createGateway(transport)
}

function checkAuth(headers: Headers, auth: Auth) {
  const credentials = ['authorization', 'x-api-key', 'x-native-api-key', 'native-version']
  const expected = authHeaders(auth)
  for (const name of credentials) expect(headers.get(name), name).toBe(expected[name] ?? null)
}

/**
 * Walks one document's table: the rows must follow the document's sections in order, and each runs as its own
 * test, named by its section and rule.
 */
export function walk(
  document: string,
  sandbox: { readonly base: string },
  rows: { service?: ServiceRow[]; client?: ClientRow[] },
): void {
  const context: Context = {}
  describe(document, () => {
    for (const [kind, table] of Object.entries(rows))
      it(`${kind} rows follow the document's sections in order`, () => {
        const sections = (table as { section: string }[]).map((row) => row.section)
        const outOfOrder = sections.filter(
          (section, index) => index > 0 && before(section, sections[index - 1] ?? ''),
        )
        expect(outOfOrder).toEqual([])
      })
    for (const row of rows.service ?? [])
      it(`§${row.section} ${row.rule}`, async () => {
        const reply = await exchange(sandbox.base, row, context)
        expect(reply.status, reply.text).toBe(row.status)
        if (row.code !== undefined) expect(codesOf(reply.body), reply.text).toContain(row.code)
        if (row.message !== undefined)
          if (typeof row.message === 'string') expect(messageOf(reply.body)).toBe(row.message)
          else expect(messageOf(reply.body)).toMatch(row.message)
        if (row.answer) {
          const parsed = row.answer.safeParse(reply.body)
          expect(parsed.success ? [] : parsed.error.issues, reply.text.slice(0, 400)).toEqual([])
        }
        await row.check?.(reply, context)
      })
    const sent: SentRequest[] = []
    const gateway = recordingGateway(() => sandbox.base, sent)
    for (const row of rows.client ?? [])
      it(`§${row.section} the app ${row.rule}`, async () => {
        sent.length = 0
        await row.send(gateway, context)
        // A row may prepare with earlier requests (a job to cancel): its last request is the one checked.
        const request = sent.at(-1) as SentRequest
        expect(request).toBeDefined()
        expect(request.method).toBe(row.method)
        expect(`${request.url.pathname}${request.url.search}`).toBe(resolve(row.path, context))
        checkAuth(request.headers, row.auth)
        if (row.body) {
          const parsed = row.body.safeParse(request.body)
          expect(parsed.success ? [] : parsed.error.issues).toEqual([])
        }
        row.sent?.(request)
      })
  })
}
