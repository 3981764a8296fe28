// Every webhook request the receiver got, exactly as received, with the verdict it was given.
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import type { DamagedRows } from './damaged-rows.ts'
import { integer, maybeText, rowsOf, text } from './rows.ts'

export interface WebhookDeliveryRow {
  id?: number
  receivedAt: number
  jobId: string | null
  idempotencyKey: string | null
  event: string | null
  verified: boolean
  /** Why it was not applied: bad signature, mismatched key, unknown job, malformed body… */
  reason: string | null
  duplicate: boolean
  /** How many more times the same verified delivery arrived after it was applied (counted, not stored). */
  repeats?: number
  /** HTTP status the receiver answered. */
  answered: number
  headersJson: string
  body: Uint8Array
}

function readableHeaders(json: string): boolean {
  try {
    const value: unknown = JSON.parse(json)
    return (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).every((header) => typeof header === 'string')
    )
  } catch {
    return false
  }
}

/** As stored: flags as 0 or 1, the body as bytes; the headers a JSON object of strings. */
const deliveryRows = rowsOf(
  'webhook delivery',
  z.object({
    id: integer,
    receivedAt: integer,
    jobId: maybeText,
    idempotencyKey: maybeText,
    event: maybeText,
    verified: z.union([z.literal(0), z.literal(1)]),
    reason: maybeText,
    duplicate: z.union([z.literal(0), z.literal(1)]),
    repeats: integer,
    answered: integer,
    headersJson: text.refine(readableHeaders, 'the stored headers are not readable'),
    body: z.instanceof(Uint8Array),
  }),
)
type StoredRow = ReturnType<typeof deliveryRows.one>

const columns = `id, received_at AS receivedAt, job_id AS jobId, idempotency_key AS idempotencyKey, event, verified, reason,
  duplicate, repeats, answered, headers_json AS headersJson, body`
const fromStored = (row: StoredRow): WebhookDeliveryRow => ({
  ...row,
  verified: row.verified === 1,
  duplicate: row.duplicate === 1,
})

export function webhookDeliveryRepository(db: DatabaseSync, damaged: DamagedRows) {
  const insert =
    // A delivery belongs to the profile of the job it names; one for an unknown job belongs to none.
    db.prepare(`INSERT INTO webhook_deliveries (received_at, job_id, idempotency_key, event, verified, reason,
    duplicate, answered, headers_json, body, profile_id)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, (SELECT profile_id FROM video_jobs WHERE id = ?2))`)
  const applied = db.prepare(
    'SELECT 1 FROM webhook_deliveries WHERE idempotency_key = ? AND verified = 1 AND duplicate = 0 AND answered BETWEEN 200 AND 299 LIMIT 1',
  )
  const repeatedUnknown = db.prepare(
    `UPDATE webhook_deliveries SET repeats = repeats + 1 WHERE id = (SELECT id FROM webhook_deliveries
      WHERE idempotency_key = ? AND verified = 1 AND answered = 404 ORDER BY id LIMIT 1)`,
  )
  const repeated = db.prepare(
    `UPDATE webhook_deliveries SET repeats = repeats + 1 WHERE id = (SELECT id FROM webhook_deliveries
      WHERE idempotency_key = ? AND verified = 1 AND duplicate = 0 AND answered BETWEEN 200 AND 299 ORDER BY id LIMIT 1)`,
  )
  const forJob = db.prepare(
    `SELECT ${columns} FROM webhook_deliveries WHERE job_id = ? ORDER BY received_at, id`,
  )
  const latest = db.prepare(
    `SELECT ${columns} FROM webhook_deliveries ORDER BY received_at DESC, id DESC LIMIT ?`,
  )
  const byId = db.prepare(`SELECT ${columns} FROM webhook_deliveries WHERE id = ?`)

  return {
    insert(row: WebhookDeliveryRow): number {
      const result = insert.run(
        row.receivedAt,
        row.jobId,
        row.idempotencyKey,
        row.event,
        row.verified ? 1 : 0,
        row.reason,
        row.duplicate ? 1 : 0,
        row.answered,
        row.headersJson,
        row.body,
      )
      return Number(result.lastInsertRowid)
    },
    /** Whether a verified delivery with this idempotency key was already applied. */
    wasApplied: (idempotencyKey: string) => applied.get(idempotencyKey) !== undefined,
    /** Counts one more arrival of the applied delivery with this key. */
    countRepeat: (idempotencyKey: string) => void repeated.run(idempotencyKey),
    /**
     * Counts one more arrival of a verified delivery with this key kept for a job the history did not know;
     * false when there is none.
     */
    countRepeatOfUnknown: (idempotencyKey: string) => Number(repeatedUnknown.run(idempotencyKey).changes) > 0,
    forJob: (jobId: string) => deliveryRows.listed(forJob.all(jobId), damaged).map(fromStored),
    latest: (limit: number) => deliveryRows.listed(latest.all(limit), damaged).map(fromStored),
    get: (id: number) => {
      const row = deliveryRows.opened(byId.get(id), damaged)
      return row ? fromStored(row) : undefined
    },
  }
}
