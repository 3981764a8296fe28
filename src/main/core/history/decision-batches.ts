// Batches of decision runs: the questionnaire and request template once, one row per input with its outcome.
import { Buffer } from 'node:buffer'
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { figureLayout } from '#shared/domain/answer-figures'
import { type BatchAnswers, batchAnswers, type ScoredItem } from '#shared/domain/batch-answers'
import type { Amount } from '#shared/domain/money'
import type { Questionnaire } from '#shared/domain/questionnaire'
import { type BatchItem, BatchStatus as BatchStatusSchema } from '#shared/ipc/routes/batches'
import type { DamagedRows } from './damaged-rows.ts'
import { amountOfParts } from './migrations.ts'
import { columnsOf, integer, maybeInteger, maybeText, named, rowsOf, text } from './rows.ts'

export type BatchStatus = z.infer<typeof BatchStatusSchema>

const BatchRow = z.object({
  id: text,
  name: text,
  questionnaireJson: text,
  model: text,
  endpoint: text,
  templateJson: text,
  /** The profile the batch runs for, from its start to its last row. */
  profileId: text,
  concurrency: integer,
  /** How often a row is sent again after a 429, a 5xx or a network failure. */
  retries: integer,
  spendCap: maybeText,
  status: BatchStatusSchema,
  createdAt: integer,
  updatedAt: integer,
  /** A CSV batch's column names, in the file's order; none for other sources. */
  sourceColumnsJson: maybeText,
})
export type BatchRow = z.infer<typeof BatchRow>
const batchRows = rowsOf('batch', BatchRow)

const BatchItemRow = z.object({
  index: integer,
  inputJson: text,
  status: z.enum(['pending', 'done', 'failed']),
  responseJson: maybeText,
  errorJson: maybeText,
  cost: maybeText,
  /** 1 when `cost` is the row's estimate: the model had no price to compute it from. */
  costEstimated: z.union([z.literal(0), z.literal(1)]),
  durationMs: maybeInteger,
  finishedAt: maybeInteger,
  /** The row's cells in the source file. */
  sourceJson: maybeText,
  line: maybeInteger,
  /** The person's answers to the row's questions, by question index. */
  labelsJson: maybeText,
})
export type BatchItemRow = z.infer<typeof BatchItemRow>
const itemRows = rowsOf('batch row', BatchItemRow)
const pendingRows = rowsOf('batch row', BatchItemRow.pick({ index: true, inputJson: true }))

const itemColumns = `idx AS "index", input_json AS inputJson, status, response_json AS responseJson,
    error_json AS errorJson, cost, cost_estimated AS costEstimated, duration_ms AS durationMs, finished_at AS finishedAt, source_json AS sourceJson, line, labels_json AS labelsJson`

/** A batch's row as the window and the command line read it. */
export const batchItemOf = (row: BatchItemRow): BatchItem => ({
  index: row.index,
  input: JSON.parse(row.inputJson),
  status: row.status,
  response: row.responseJson ? JSON.parse(row.responseJson) : null,
  error: row.errorJson ? JSON.parse(row.errorJson) : null,
  cost: row.cost,
  costEstimated: row.costEstimated === 1,
  durationMs: row.durationMs,
  finishedAt: row.finishedAt,
  source: row.sourceJson ? JSON.parse(row.sourceJson) : null,
  line: row.line,
  labels: row.labelsJson ? JSON.parse(row.labelsJson) : null,
})

/**
 * Up to `limit` of a batch's rows from its row `from` on, in their order: a range of the rows' primary key. The
 * data worker reads them so, on its own connection, for the window.
 */
export function batchItemRange(db: DatabaseSync, id: string, from: number, limit: number): BatchItem[] {
  const rows = db
    .prepare(
      `SELECT ${itemColumns} FROM decision_batch_items WHERE batch_id = ? AND idx >= ? ORDER BY idx LIMIT ?`,
    )
    .all(id, from, limit)
  return itemRows.all(rows).map(batchItemOf)
}

const answersSource = rowsOf('batch', BatchRow.pick({ questionnaireJson: true, sourceColumnsJson: true }))
// A row's figures (`shared/domain/answer-figures.ts`) are read where they are of the questionnaire's size; its
// response otherwise.
const scoredColumns = `item.idx, status, duration_ms, source_json, line, labels_json,
    CASE WHEN length(figures) = :size THEN figures END, CASE WHEN length(figures) = :size THEN NULL ELSE response_json END`
const scoredRows = columnsOf('batch row', [
  ['index', 'integer'],
  ['status', BatchItemRow.shape.status.options],
  ['durationMs', 'integer?'],
  ['sourceJson', 'text?'],
  ['line', 'integer?'],
  ['labelsJson', 'text?'],
  ['answerFigures', 'blob?'],
  ['responseJson', 'text?'],
])

/** A batch's rows as its scores read them: the columns they need alone, parsed (a response only without figures). */
function scoredItems(db: DatabaseSync, id: string, questionnaire: Questionnaire): ScoredItem[] {
  const size = figureLayout(questionnaire).size * 8
  const statement = db.prepare(`SELECT ${scoredColumns} FROM decision_batch_items AS item
      LEFT JOIN decision_batch_figures USING (batch_id, idx) WHERE batch_id = :id ORDER BY item.idx`)
  statement.setReturnArrays(true)
  const rows = scoredRows(statement.all({ id, size }) as unknown as unknown[][])
  return rows.map(([index, status, durationMs, sourceJson, line, labelsJson, figures, responseJson]) => ({
    index,
    status,
    figures,
    response: responseJson ? JSON.parse(responseJson) : null,
    durationMs,
    source: sourceJson ? JSON.parse(sourceJson) : null,
    line,
    labels: labelsJson ? JSON.parse(labelsJson) : null,
  }))
}

/** A batch's answers as its scores read them (the data worker works them out for the window), or null. */
export function batchAnswersIn(db: DatabaseSync, id: string): BatchAnswers | null {
  const found = answersSource.maybe(
    db
      .prepare(
        'SELECT questionnaire_json AS questionnaireJson, source_columns_json AS sourceColumnsJson FROM decision_batches WHERE id = ?',
      )
      .get(id),
  )
  if (!found) return null
  const questionnaire = JSON.parse(found.questionnaireJson) as Questionnaire
  return batchAnswers(
    questionnaire,
    scoredItems(db, id, questionnaire),
    found.sourceColumnsJson ? (JSON.parse(found.sourceColumnsJson) as string[]) : [],
    (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
  )
}

/** How many of batch `id`'s rows hold another input than batch `against`'s row of the same place, or have none there. */
export function rowsDifferIn(db: DatabaseSync, id: string, against: string): number {
  const { rows } = differentRows.one(
    db
      .prepare(`SELECT count(*) AS rows FROM decision_batch_items AS here
        LEFT JOIN decision_batch_items AS there ON there.batch_id = :against AND there.idx = here.idx
        WHERE here.batch_id = :id AND there.input_json IS NOT here.input_json`)
      .get({ id, against }),
  )
  return rows
}
const differentRows = rowsOf('batch count', z.object({ rows: integer }))

const BatchCounts = z.object({ total: integer, done: integer, failed: integer, pending: integer })
export type BatchCounts = z.infer<typeof BatchCounts>
const countRows = rowsOf('batch count', BatchCounts)
const labelRows = rowsOf('batch row', BatchItemRow.pick({ labelsJson: true }))
/** A batch of the questionnaire whose id is bound here (a batch whose questionnaire does not read is of none). */
const ofQuestionnaire = `CASE WHEN json_valid(questionnaire_json) THEN json_extract(questionnaire_json, '$.id') END = ?`
const labeledRow = z.object({ inputJson: text, labelsJson: text })
const runRow = BatchRow.pick({ id: true, questionnaireJson: true })
const labeledBatches = rowsOf('batch', runRow)
const baselineRows = rowsOf('baseline', z.object({ id: text }))

export function decisionBatchRepository(db: DatabaseSync, damaged: DamagedRows) {
  const columns = `id, name, questionnaire_json AS questionnaireJson, model, endpoint, template_json AS templateJson,
    profile_id AS profileId, concurrency, retries, spend_cap AS spendCap, status, created_at AS createdAt, updated_at AS updatedAt,
    source_columns_json AS sourceColumnsJson`
  const insert =
    db.prepare(`INSERT INTO decision_batches (id, name, questionnaire_json, model, endpoint, template_json,
    profile_id, concurrency, retries, spend_cap, status, created_at, updated_at, source_columns_json)
    VALUES (:id, :name, :questionnaireJson, :model, :endpoint, :templateJson, :profileId, :concurrency, :retries,
    :spendCap, :status, :createdAt, :updatedAt, :sourceColumnsJson)`)
  const insertItem = db.prepare(
    `INSERT INTO decision_batch_items (batch_id, idx, input_json, status, source_json, line)
    VALUES (?, ?, ?, 'pending', ?, ?)`,
  )
  const byId = db.prepare(`SELECT ${columns} FROM decision_batches WHERE id = ?`)
  const latest = db.prepare(`SELECT ${columns} FROM decision_batches ORDER BY created_at DESC LIMIT ?`)
  const overBudget = db.prepare(`SELECT ${columns} FROM decision_batches WHERE status = 'over_budget'`)
  const setStatus = db.prepare('UPDATE decision_batches SET status = ?, updated_at = ? WHERE id = ?')
  const cancel = db.prepare(
    "UPDATE decision_batches SET status = 'cancelled', updated_at = ? WHERE id = ? AND status = 'running'",
  )
  const setCap = db.prepare('UPDATE decision_batches SET spend_cap = ?, updated_at = ? WHERE id = ?')
  const interrupt = db.prepare(
    "UPDATE decision_batches SET status = 'interrupted', updated_at = ? WHERE status = 'running'",
  )
  const items = db.prepare(`SELECT ${itemColumns} FROM decision_batch_items WHERE batch_id = ? ORDER BY idx`)
  const settledSince = db.prepare(`SELECT ${itemColumns} FROM decision_batch_items
    WHERE batch_id = ? AND status != 'pending' AND finished_at >= ? ORDER BY finished_at, idx`)
  const pending = db.prepare(
    'SELECT idx AS "index", input_json AS inputJson FROM decision_batch_items WHERE batch_id = ? AND status = \'pending\' ORDER BY idx',
  )
  const finish = db.prepare(`UPDATE decision_batch_items SET status = :status, response_json = :responseJson,
    error_json = :errorJson, cost = :cost, cost_estimated = :costEstimated, duration_ms = :durationMs,
    finished_at = :finishedAt WHERE batch_id = :id AND idx = :index`)
  const keepFigures = db.prepare('INSERT OR REPLACE INTO decision_batch_figures VALUES (?, ?, ?)')
  const dropFigures = db.prepare('DELETE FROM decision_batch_figures WHERE batch_id = ? AND idx = ?')
  const retry = db.prepare(`UPDATE decision_batch_items SET status = 'pending', error_json = NULL
    WHERE batch_id = ? AND status = 'failed' AND (? IS NULL OR idx = ?)`)
  // Kept on the batch as its rows are written (migration 23).
  const counts = db.prepare(`SELECT rows_total AS total, rows_done AS done, rows_failed AS failed,
    rows_pending AS pending FROM decision_batches WHERE id = ?`)
  const spentOn = db.prepare(
    'SELECT spent_pico AS pico, spent_rest AS rest FROM decision_batches WHERE id = ?',
  )
  spentOn.setReadBigInts(true)
  const remove = db.prepare('DELETE FROM decision_batches WHERE id = ?')
  const labelsOf = db.prepare(
    'SELECT labels_json AS labelsJson FROM decision_batch_items WHERE batch_id = ? AND idx = ?',
  )
  const setLabels = db.prepare(
    'UPDATE decision_batch_items SET labels_json = ? WHERE batch_id = ? AND idx = ?',
  )
  const otherRuns = db.prepare(`SELECT id, questionnaire_json AS questionnaireJson FROM decision_batches
    WHERE ${ofQuestionnaire} AND id != ?`)
  const labelsWhereInput = db.prepare(`SELECT labels_json AS labelsJson FROM decision_batch_items
    WHERE batch_id = ? AND idx = ? AND input_json = (SELECT input_json FROM decision_batch_items WHERE batch_id = ? AND idx = ?)`)
  const latestLabeled =
    db.prepare(`SELECT id, questionnaire_json AS questionnaireJson FROM decision_batches AS batch
    WHERE ${ofQuestionnaire} AND id != ?
      AND EXISTS (SELECT 1 FROM decision_batch_items WHERE batch_id = batch.id AND labels_json IS NOT NULL)
    ORDER BY created_at DESC LIMIT 1`)
  const labeledOf =
    db.prepare(`SELECT input_json AS inputJson, labels_json AS labelsJson FROM decision_batch_items
    WHERE batch_id = ? AND labels_json IS NOT NULL ORDER BY idx`)
  const baselineOf = db.prepare('SELECT batch_id AS id FROM decision_baselines WHERE questionnaire_id = ?')
  const keepBaseline = db.prepare(`INSERT INTO decision_baselines (questionnaire_id, batch_id) VALUES (?, ?)
    ON CONFLICT (questionnaire_id) DO UPDATE SET batch_id = excluded.batch_id`)
  const dropBaseline = db.prepare(
    'DELETE FROM decision_baselines WHERE questionnaire_id = ? AND batch_id = ?',
  )
  return {
    /** The batch a questionnaire's runs are compared with, if one was kept. */
    baseline: (questionnaireId: string) => baselineRows.maybe(baselineOf.get(questionnaireId))?.id ?? null,
    /** Keeps a batch as its questionnaire's baseline (in place of any other), or stops keeping it. */
    setBaseline(questionnaireId: string, batchId: string, kept: boolean): void {
      if (kept) keepBaseline.run(questionnaireId, batchId)
      else dropBaseline.run(questionnaireId, batchId)
    },
    /**
     * Creates the batch and its rows (with their source cells and lines, when there are some); call inside a
     * transaction.
     */
    create(
      row: BatchRow,
      inputs: readonly unknown[],
      sources?: readonly (readonly string[])[],
      lines?: readonly number[],
    ): void {
      insert.run(named(row))
      inputs.forEach((input, index) => {
        const source = sources?.[index]
        const line = lines?.[index] ?? null
        insertItem.run(row.id, index, JSON.stringify(input), source ? JSON.stringify(source) : null, line)
      })
    },
    get: (id: string) => batchRows.maybe(byId.get(id)),
    latest: (limit: number) => batchRows.listed(latest.all(limit), damaged),
    /** Batches stopped at their profile's budget, to go on when it allows. */
    overBudget: () => batchRows.listed(overBudget.all(), damaged),
    setStatus: (id: string, status: BatchStatus, now: number) => void setStatus.run(status, now, id),
    /** Stops a running batch: false when it was not running. */
    cancel: (id: string, now: number) => cancel.run(now, id).changes > 0,
    setSpendCap: (id: string, cap: string | null, now: number) => void setCap.run(cap, now, id),
    /** Batches marked running by an owner that stopped: they wait to be resumed. */
    interruptRunning: (now: number) => Number(interrupt.run(now).changes),
    items: (id: string) => itemRows.all(items.all(id)),
    /** The rows that settled at or after `since`, in the order they did. */
    settledSince: (id: string, since: number) => itemRows.all(settledSince.all(id, since)),
    pending: (id: string) => pendingRows.all(pending.all(id)),
    finish(
      id: string,
      index: number,
      outcome: Pick<
        BatchItemRow,
        'status' | 'responseJson' | 'errorJson' | 'cost' | 'costEstimated' | 'durationMs' | 'finishedAt'
      > & { answerFigures?: Uint8Array | null },
    ): void {
      const { answerFigures, ...rest } = outcome
      finish.run(named({ ...rest, id, index }))
      if (answerFigures) keepFigures.run(id, index, answerFigures)
      else dropFigures.run(id, index)
    },
    /** Puts failed rows (one, or all) back in the queue. */
    retry: (id: string, index: number | null) => Number(retry.run(id, index, index).changes),
    counts: (id: string) => countRows.maybe(counts.get(id)) ?? { total: 0, done: 0, failed: 0, pending: 0 },
    /** What the batch's answered rows cost, exactly: kept on the batch, so a list parses no costs. */
    spent: (id: string): Amount =>
      amountOfParts(
        (spentOn.get(id) as { pico: bigint; rest: bigint } | undefined) ?? { pico: 0n, rest: 0n },
      ),
    delete: (id: string) => remove.run(id).changes > 0,
    /** A row's labels as stored (JSON), or undefined when the batch has no such row. */
    labels: (id: string, index: number) => labelRows.maybe(labelsOf.get(id, index))?.labelsJson,
    /** A questionnaire's other runs than `except`, each with its questionnaire as kept. */
    otherRuns: (questionnaireId: string, except: string) =>
      otherRuns.all(questionnaireId, except).flatMap((row) => {
        const read = runRow.safeParse(row)
        return read.success ? [read.data] : []
      }),
    /**
     * The labels of run `id`'s row `index` when it holds the same input as run `like`'s row at that place (null when
     * it has none); undefined when it does not.
     */
    labelsLike: (id: string, index: number, like: string) =>
      labelRows.maybe(labelsWhereInput.get(id, index, like, index))?.labelsJson,
    /** The latest run of a questionnaire, other than `except`, with labels: its questionnaire and labeled rows. */
    latestLabeled(questionnaireId: string, except: string) {
      const batch = labeledBatches.maybe(latestLabeled.get(questionnaireId, except))
      const questionnaire = batch && (JSON.parse(batch.questionnaireJson) as Partial<Questionnaire>)
      // A run whose questionnaire does not read as one gives no labels.
      if (!batch || !Array.isArray(questionnaire?.questions)) return null
      // A row that does not read gives none, rather than stop the run that would start with them.
      const rows = labeledOf.all(batch.id).flatMap((row) => {
        const read = labeledRow.safeParse(row)
        return read.success ? [read.data] : []
      })
      return { questionnaire: questionnaire as Questionnaire, rows }
    },
    setLabels: (id: string, index: number, labelsJson: string | null) => {
      setLabels.run(labelsJson, id, index)
    },
  }
}
