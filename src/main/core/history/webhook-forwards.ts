// What the app passed on to the person's own server, and what that server answered: a verified delivery
// forwarded as it arrived or sent again, or a test delivery (whose signed body is kept here, so it too can be
// sent again byte for byte).
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import type { DamagedRows } from './damaged-rows.ts'
import { integer, maybeText, rowsOf, text } from './rows.ts'

export const forwardKinds = ['forward', 'resend', 'test'] as const

const ForwardRow = z.object({
  id: integer,
  deliveryId: z.number().int().nullable(),
  profileId: maybeText,
  kind: z.enum(forwardKinds),
  event: maybeText,
  jobId: maybeText,
  url: text,
  sentAt: integer,
  ms: integer,
  status: z.number().int().nullable(),
  answer: maybeText,
  error: maybeText,
})
export type WebhookForwardRow = z.infer<typeof ForwardRow>
const forwardRows = rowsOf('forwarded delivery', ForwardRow)

/** As the window sees a send: without the scope fields only main uses. */
export const shownForward = ({ deliveryId: _d, profileId: _p, ...forward }: WebhookForwardRow) => forward

const columns = `id, delivery_id AS deliveryId, profile_id AS profileId, kind, event, job_id AS jobId, url,
  sent_at AS sentAt, ms, status, answer, error`

export function webhookForwardRepository(db: DatabaseSync, damaged: DamagedRows) {
  const insert =
    db.prepare(`INSERT INTO webhook_forwards (delivery_id, profile_id, kind, event, job_id, url, sent_at,
    ms, status, answer, error, headers_json, body)
    VALUES (:deliveryId, :profileId, :kind, :event, :jobId, :url, :sentAt, :ms, :status, :answer, :error,
    :headersJson, :body)`)
  const forDelivery = db.prepare(
    `SELECT ${columns} FROM webhook_forwards WHERE delivery_id = ? ORDER BY sent_at DESC, id DESC LIMIT ?`,
  )
  const tests = db.prepare(
    `SELECT ${columns} FROM webhook_forwards WHERE kind = 'test' AND (profile_id = ?1 OR profile_id IS NULL)
     ORDER BY sent_at DESC, id DESC LIMIT ?2`,
  )
  const sent = db.prepare('SELECT headers_json AS headersJson, body FROM webhook_forwards WHERE id = ?')
  const byId = db.prepare(`SELECT ${columns} FROM webhook_forwards WHERE id = ?`)
  return {
    insert(
      row: Omit<WebhookForwardRow, 'id'> & { headersJson?: string; body?: Uint8Array },
    ): WebhookForwardRow {
      const result = insert.run({
        ...row,
        headersJson: row.headersJson ?? '{}',
        body: row.body ?? new Uint8Array(),
      })
      const { headersJson: _h, body: _b, ...kept } = row
      return { ...kept, id: Number(result.lastInsertRowid) }
    },
    /** The latest sends of one received delivery, newest first. */
    forDelivery: (deliveryId: number, limit: number) =>
      forwardRows.listed(forDelivery.all(deliveryId, limit), damaged),
    /** The latest send of one received delivery, as shown. */
    latestShown(deliveryId: number | undefined) {
      if (deliveryId === undefined) return null
      const [row] = forwardRows.listed(forDelivery.all(deliveryId, 1), damaged)
      return row ? shownForward(row) : null
    },
    /** The latest test deliveries of a profile, newest first. */
    tests: (profileId: string, limit: number) => forwardRows.listed(tests.all(profileId, limit), damaged),
    get: (id: number) => forwardRows.opened(byId.get(id), damaged),
    /** What a test delivery sent: its headers and its body bytes. */
    sent(id: number): { headers: Record<string, string>; body: Uint8Array } | undefined {
      const row = sent.get(id) as { headersJson: string; body: Uint8Array } | undefined
      if (!row) return undefined
      let headers: unknown
      try {
        headers = JSON.parse(row.headersJson)
      } catch {
        return undefined
      }
      const parsed = z.record(z.string(), z.string()).safeParse(headers)
      return parsed.success ? { headers: parsed.data, body: row.body } : undefined
    },
  }
}
