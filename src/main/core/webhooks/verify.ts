// Webhook authenticity (document 2 §5, §6): the signature is recomputed over the raw bytes as received and
// compared in constant time against the current and the previous secret; the body must name the same task
// and status as the unsigned idempotency key, so a replayed body cannot pass as a new event.
import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto'
import { WebhookEnvelope as EnvelopeSchema, type WebhookEnvelope, webhookEvents } from '#shared/api/videos'

export type Verdict =
  | { ok: true; envelope: WebhookEnvelope; secretIndex: number }
  | { ok: false; status: number; reason: string; envelope?: WebhookEnvelope }

/** Keys made once per secret: HMAC with a prepared key is several times cheaper than with a Buffer. */
export function webhookKeys(secrets: string[]): KeyObject[] {
  return secrets.map((secret) => createSecretKey(Buffer.from(secret, 'utf8')))
}

export function signatureMatches(body: Uint8Array, signature: string | undefined, keys: KeyObject[]): number {
  if (!signature) return -1
  const given = Buffer.from(signature, 'base64url')
  // An HMAC-SHA256 is 32 bytes: a different length cannot match, and timingSafeEqual needs equal lengths.
  // Only its one base64url spelling passes: no padding, no other last character that decodes alike.
  if (given.length !== 32 || given.toString('base64url') !== signature) return -1
  for (const [index, key] of keys.entries()) {
    if (timingSafeEqual(createHmac('sha256', key).update(body).digest(), given)) return index
  }
  return -1
}

export function verifyDelivery(
  body: Uint8Array,
  headers: { signature?: string; idempotencyKey?: string },
  keys: KeyObject[],
): Verdict {
  if (keys.length === 0)
    return { ok: false, status: 503, reason: 'no webhook secret is set for this profile' }
  if (!headers.signature) return { ok: false, status: 401, reason: 'missing X-Svc-Signature' }
  const secretIndex = signatureMatches(body, headers.signature, keys)
  if (secretIndex === -1) return { ok: false, status: 401, reason: 'signature does not match' }
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(body).toString('utf8'))
  } catch {
    return { ok: false, status: 400, reason: 'body is not JSON' }
  }
  const envelope = EnvelopeSchema.safeParse(parsed)
  if (!envelope.success) return { ok: false, status: 400, reason: 'body is not a video webhook envelope' }
  const { data } = envelope.data
  const expectedKey = `${data.id}-${data.status}`
  const eventMatches = webhookEvents[data.status as keyof typeof webhookEvents] === envelope.data.event
  if (envelope.data.id !== data.id || !eventMatches) {
    return { ok: false, status: 400, reason: 'event, id and data disagree', envelope: envelope.data }
  }
  if (headers.idempotencyKey !== expectedKey) {
    return {
      ok: false,
      status: 400,
      reason: `X-Svc-Idempotency-Key does not match the body (expected ${expectedKey})`,
      envelope: envelope.data,
    }
  }
  return { ok: true, envelope: envelope.data, secretIndex }
}
