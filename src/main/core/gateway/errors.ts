// One error model for every endpoint group: the service's status, code or type, message, Retry-After and
// endpoint, read from whichever error shape the group uses, plus a sentence for the person.
import { GenerativeErrorBody, MessageErrorBody, UnifiedErrorBody, VideoErrorBody } from '#shared/api/errors'
import { AppError } from '#shared/ipc/app-error'

/** What the person should know or do, per documented code. */
export const serviceHints: Record<string, string> = {
  unauthorized: 'The service did not receive an API key. Add one to this profile in Settings.',
  invalid_api_key: 'The service refused the API key. Check the key of this profile in Settings.',
  authentication_error: 'The service refused the API key. Check the key of this profile in Settings.',
  UNAUTHENTICATED: 'The service refused the API key. Check the key of this profile in Settings.',
  upstream_auth_failed:
    'The provider behind the service refused its credentials. This is on the service side; try later.',
  insufficient_credits:
    'Your balance is too low for this job. Add credits, or choose a shorter or lower-resolution video.',
  rate_limited: 'The service is limiting requests for this key. Wait for the countdown, then try again.',
  rate_limit_error: 'The service is limiting requests for this key. Wait a moment, then try again.',
  RESOURCE_EXHAUSTED: 'The service is limiting requests for this key. Wait a moment, then try again.',
  upstream_error: 'The provider behind the service failed. Try again in a moment.',
  route_error: 'The service could not route the request to a provider. Try again in a moment.',
  internal_error:
    'The service hit an unexpected error. Try again; if it keeps happening, the service is having trouble.',
  not_found: 'The service does not know this item, or it belongs to another API key.',
  model_not_found: 'The service does not know this model. Pick one from the Models screen.',
  endpoint_not_supported: 'This model cannot answer decisions. Pick a decision model.',
  provider_type_unavailable: 'The pinned provider does not serve this model. Pin another provider or none.',
  content_policy_violation:
    'The provider rejected the prompt under its content policy. Pin the origin provider, which is more permissive, or rephrase.',
  references_conflict: 'Use either frame images or input references, not both.',
  too_many_references: 'Too many references: at most 9 images, 3 audio clips and 1 video.',
  invalid_callback_url:
    'The callback URL must be public HTTPS. Start a tunnel, or leave the callback out and rely on polling.',
  cancel_not_supported: 'This model cannot interrupt a job once it has started; it will finish on its own.',
  cancel_failed: 'The job had already finished, so there was nothing to cancel.',
  invalid_request: 'The service found a problem with the request; the message says which field.',
  invalid_request_error: 'The service found a problem with the request; the message says which field.',
  INVALID_ARGUMENT: 'The service found a problem with the request; the message says which field.',
  PERMISSION_DENIED: 'This item belongs to another API key: only the key that created it can use it.',
  NOT_FOUND: 'The service does not know this item; it may have expired or been deleted.',
  request_too_large: 'The request is larger than the service accepts.',
}

const groupParsers = [UnifiedErrorBody, VideoErrorBody, GenerativeErrorBody, MessageErrorBody]

/** Reads any of the service's error shapes. */
export function readServiceError(text: string): { code?: string; type?: string; message?: string } {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return {}
  }
  for (const parser of groupParsers) {
    const parsed = parser.safeParse(body)
    if (!parsed.success) continue
    const error = parsed.data.error as { code?: unknown; type?: unknown; status?: unknown; message: string }
    const code =
      typeof error.code === 'string'
        ? error.code
        : typeof error.status === 'string'
          ? error.status
          : undefined
    const type = typeof error.type === 'string' ? error.type : undefined
    return { ...(code ? { code } : {}), ...(type ? { type } : {}), message: error.message }
  }
  return {}
}

export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value)
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000))
}

export function serviceError(status: number, text: string, headers: Headers, endpoint: string): AppError {
  const { code, type, message } = readServiceError(text)
  const retryAfter = parseRetryAfter(headers.get('retry-after'))
  const hint = serviceHints[code ?? ''] ?? serviceHints[type ?? ''] ?? `The service answered ${status}.`
  return new AppError({
    code: 'service_error',
    message: message ?? `The service answered ${status} without an error message.`,
    hint,
    status,
    endpoint,
    raw: text.slice(0, 64 * 1024),
    ...(code ? { serviceCode: code } : {}),
    ...(type ? { serviceType: type } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  })
}

export const gatewayErrorCodes = {
  unreachable: 'service_unreachable',
  timeout: 'timeout',
  cancelled: 'cancelled',
  unexpected: 'unexpected_response',
  invalid: 'invalid_request',
  noKey: 'no_api_key',
} as const
