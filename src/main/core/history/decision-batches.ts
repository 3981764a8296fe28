// Batches of decision runs: the questionnaire and request template once, one row per input with its outcome.
import type { DatabaseSync } from 'node:sqlite'

export type BatchStatus = 'running' | 'cancelled' | 'interrupted' | 'capped' | 'done'
export type BatchItemStatus = 'pending' | 'done' | 'failed'

export interface BatchRow {
  id: string
  name: string
  questionnaireJson: string
  model: string
  endpoint: string
  templateJson: string
  /** The profile the batch runs for, from its start to its last row. */
  profileId: string
  concurrency: number
  spendCap: string | null
  status: BatchStatus
  createdAt: number
  updatedAt: number
}

export interface BatchItemRow {
  index: number
  inputJson: string
  status: BatchItemStatus
  responseJson: string | null
  errorJson: string | null
  cost: string | null
  durationMs: number | null
  finishedAt: number | null
}

export interface BatchCounts {
  total: number
  done: number
  failed: number
  pending: number
}

export function decisionBatchRepository(db: DatabaseSync) {
  const columns = `id, name, questionnaire_json AS questionnaireJson, model, endpoint, template_json AS templateJson,
    profile_id AS profileId, concurrency, spend_cap AS spendCap, status, created_at AS createdAt, updated_at AS updatedAt`
  const itemColumns = `idx AS "index", input_json AS inputJson, status, response_json AS responseJson,
    error_json AS errorJson, cost, duration_ms AS durationMs, finished_at AS finishedAt`
  const insert =
    db.prepare(`INSERT INTO decision_batches (id, name, questionnaire_json, model, endpoint, template_json,
    profile_id, concurrency, spend_cap, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const insertItem = db.prepare(
    `INSERT INTO decision_batch_items (batch_id, idx, input_json, status) VALUES (?, ?, ?, 'pending')`,
  )
  const byId = db.prepare(`SELECT ${columns} FROM decision_batches WHERE id = ?`)
  const latest = db.prepare(`SELECT ${columns} FROM decision_batches ORDER BY created_at DESC LIMIT ?`)
  const setStatus = db.prepare('UPDATE decision_batches SET status = ?, updated_at = ? WHERE id = ?')
  const setCap = db.prepare('UPDATE decision_batches SET spend_cap = ?, updated_at = ? WHERE id = ?')
  const interrupt = db.prepare(
    "UPDATE decision_batches SET status = 'interrupted', updated_at = ? WHERE status = 'running'",
  )
  const items = db.prepare(`SELECT ${itemColumns} FROM decision_batch_items WHERE batch_id = ? ORDER BY idx`)
  const pending = db.prepare(
    'SELECT idx AS "index", input_json AS inputJson FROM decision_batch_items WHERE batch_id = ? AND status = \'pending\' ORDER BY idx',
  )
  const finish =
    db.prepare(`UPDATE decision_batch_items SET status = ?, response_json = ?, error_json = ?, cost = ?,
    duration_ms = ?, finished_at = ? WHERE batch_id = ? AND idx = ?`)
  const retry = db.prepare(`UPDATE decision_batch_items SET status = 'pending', error_json = NULL
    WHERE batch_id = ? AND status = 'failed' AND (? IS NULL OR idx = ?)`)
  const counts = db.prepare(`SELECT count(*) AS total,
    count(*) FILTER (WHERE status = 'done') AS done,
    count(*) FILTER (WHERE status = 'failed') AS failed,
    count(*) FILTER (WHERE status = 'pending') AS pending
    FROM decision_batch_items WHERE batch_id = ?`)
  const costs = db.prepare(
    "SELECT cost FROM decision_batch_items WHERE batch_id = ? AND status = 'done' AND cost IS NOT NULL",
  )
  const remove = db.prepare('DELETE FROM decision_batches WHERE id = ?')
  return {
    /** Creates the batch and its rows; call inside a transaction. */
    create(row: BatchRow, inputs: readonly unknown[]): void {
      insert.run(
        row.id,
        row.name,
        row.questionnaireJson,
        row.model,
        row.endpoint,
        row.templateJson,
        row.profileId,
        row.concurrency,
        row.spendCap,
        row.status,
        row.createdAt,
        row.updatedAt,
      )
      inputs.forEach((input, index) => {
        insertItem.run(row.id, index, JSON.stringify(input))
      })
    },
    get: (id: string) => byId.get(id) as BatchRow | undefined,
    latest: (limit: number) => latest.all(limit) as unknown as BatchRow[],
    setStatus: (id: string, status: BatchStatus, now: number) => void setStatus.run(status, now, id),
    setSpendCap: (id: string, cap: string | null, now: number) => void setCap.run(cap, now, id),
    /** At start: batches that were running when the app stopped wait to be resumed. */
    markInterrupted: (now: number) => Number(interrupt.run(now).changes),
    items: (id: string) => items.all(id) as unknown as BatchItemRow[],
    pending: (id: string) => pending.all(id) as unknown as { index: number; inputJson: string }[],
    finish(
      id: string,
      index: number,
      outcome: Pick<
        BatchItemRow,
        'status' | 'responseJson' | 'errorJson' | 'cost' | 'durationMs' | 'finishedAt'
      >,
    ): void {
      finish.run(
        outcome.status,
        outcome.responseJson,
        outcome.errorJson,
        outcome.cost,
        outcome.durationMs,
        outcome.finishedAt,
        id,
        index,
      )
    },
    /** Puts failed rows (one, or all) back in the queue. */
    retry: (id: string, index: number | null) => Number(retry.run(id, index, index).changes),
    counts: (id: string) => counts.get(id) as unknown as BatchCounts,
    costs: (id: string) => (costs.all(id) as { cost: string }[]).map((row) => row.cost),
    delete: (id: string) => remove.run(id).changes > 0,
  }
}
