// HTTP plumbing of the sandbox: one error type, rendered in the error shape of each endpoint group, and
// body reading with a size limit.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Violation } from '#shared/domain/violation'
import { closeUnread, hasUnreadBody, readUpTo } from '../node/close-unread.ts'

/** Endpoint groups differ in authentication and in the shape of their error bodies. */
export type Group = 'unified' | 'video' | 'generative' | 'messages' | 'listing' | 'control' | 'media'

export class ServiceError extends Error {
  readonly status: number
  readonly code: string
  readonly headers: Record<string, string>

  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message)
    this.status = status
    this.code = code
    this.headers = headers
  }

  static from(violation: Violation): ServiceError {
    return new ServiceError(violation.status, violation.code, violation.message)
  }
}

const generativeStatus: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  405: 'INVALID_ARGUMENT',
  413: 'INVALID_ARGUMENT',
  415: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  502: 'UNAVAILABLE',
}

const messageType: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  405: 'invalid_request_error',
  413: 'request_too_large',
  415: 'invalid_request_error',
  429: 'rate_limit_error',
  500: 'api_error',
  502: 'api_error',
}

function unifiedType(status: number): string {
  if (status === 401) return 'authentication_error'
  if (status === 429) return 'rate_limit_error'
  return status >= 500 ? 'api_error' : 'invalid_request_error'
}

/** The error body a client of that group expects. */
export function errorBody(group: Group, error: ServiceError): unknown {
  const isType = error.code.endsWith('_error')
  switch (group) {
    case 'unified':
    case 'listing':
      return {
        error: {
          message: error.message,
          type: isType ? error.code : unifiedType(error.status),
          code: isType ? null : error.code,
          param: null,
        },
      }
    case 'generative':
      return {
        error: {
          code: error.status,
          message: error.message,
          status: /^[A-Z_]+$/.test(error.code) ? error.code : (generativeStatus[error.status] ?? 'UNKNOWN'),
        },
      }
    case 'messages':
      return {
        type: 'error',
        error: {
          type: isType ? error.code : (messageType[error.status] ?? 'api_error'),
          message: error.message,
        },
      }
    default:
      return { error: { code: error.code, message: error.message } }
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body)
  sendAnswer(
    res,
    status,
    { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers },
    text,
  )
}

/**
 * Writes a whole answer. When the request's body was left unread (refused, or not needed) the connection is
 * closed after a linger (`closeUnread`), not at once: a `Connection: close` answer makes Node cut it as soon as
 * it is written, and a cut with the body still arriving is a reset that can discard the answer unread.
 */
export function sendAnswer(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body?: string | Uint8Array,
): void {
  const req = res.req
  if (!hasUnreadBody(req)) {
    res.writeHead(status, headers).end(body)
    return
  }
  res.writeHead(status, headers).end(body, () => closeUnread(req))
}

/** Reads the whole body, refusing it with 413 as soon as it passes `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const body = await readUpTo(req, limit)
  if (body === 'too_large') throw tooLarge(limit)
  return body
}

function tooLarge(limit: number): ServiceError {
  const mib = Math.round(limit / 1024 / 1024)
  return new ServiceError(
    413,
    'request_too_large',
    `The request body is larger than the ${mib} MiB limit of this endpoint.`,
  )
}

/** Parses a JSON object body, or explains in the group's words what is wrong with it. */
export function parseJsonObject(
  body: Buffer,
  contentType: string | undefined,
  invalidCode: string,
): Record<string, unknown> {
  if (!contentType?.toLowerCase().startsWith('application/json')) {
    throw new ServiceError(
      415,
      invalidCode,
      'The request body must be JSON, sent with Content-Type: application/json.',
    )
  }
  let value: unknown
  try {
    value = JSON.parse(body.toString('utf8'))
  } catch (error) {
    throw new ServiceError(
      400,
      invalidCode,
      `The request body is not valid JSON: ${(error as Error).message}`,
    )
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ServiceError(400, invalidCode, 'The request body must be a JSON object.')
  }
  return value as Record<string, unknown>
}

export function bearerKey(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')
  return match?.[1]
}

export const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}

/** Validates a parsed body against a wire schema; the first problem becomes the error, named by its path. */
export function parseWith<T>(
  schema: {
    safeParse(
      value: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }
  },
  value: unknown,
  invalidCode: string,
): T {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const path = issue?.path.map(String).join('.') ?? ''
  throw new ServiceError(400, invalidCode, `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid request'}`)
}
