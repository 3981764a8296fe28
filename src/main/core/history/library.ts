// Image results, questionnaires with their versions and the draft being built, and decision runs.
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import type { DamagedRows } from './damaged-rows.ts'
import { containing, distinctSql, whereOf } from './filters.ts'
import { integer, maybeInteger, maybeText, named, rowsOf, text } from './rows.ts'

const ImageResultRow = z.object({
  id: text,
  mediaId: text,
  parentId: maybeText,
  model: text,
  provider: maybeText,
  prompt: text,
  paramsJson: text,
  usageJson: maybeText,
  cost: maybeText,
  createdAt: integer,
  kind: z.enum(['generated', 'edited', 'uploaded']),
  width: maybeInteger,
  height: maybeInteger,
  thoughtsJson: maybeText,
  /** The profile that made it; none for an uploaded file. */
  profileId: maybeText,
})
export type ImageResultRow = z.infer<typeof ImageResultRow>
const imageRows = rowsOf('image', ImageResultRow)

const QuestionnaireRow = z.object({
  id: text,
  name: text,
  latestVersion: integer,
  createdAt: integer,
  updatedAt: integer,
})
export type QuestionnaireRow = z.infer<typeof QuestionnaireRow>
const questionnaireRows = rowsOf('questionnaire', QuestionnaireRow)

const DecisionRunRow = z.object({
  id: text,
  questionnaireId: maybeText,
  batchId: maybeText,
  model: text,
  endpoint: text,
  requestJson: text,
  responseJson: maybeText,
  errorJson: maybeText,
  cost: maybeText,
  createdAt: integer,
  /** The questionnaire as the builder had it, so the run can be re-opened after it changed. */
  questionnaireJson: maybeText,
  /** The profile the run was sent for. */
  profileId: maybeText,
})
export type DecisionRunRow = z.infer<typeof DecisionRunRow>
const runRows = rowsOf('decision run', DecisionRunRow)

const versionRows = rowsOf('questionnaire version', z.object({ bodyJson: text }))

export function imageResultRepository(db: DatabaseSync, damaged: DamagedRows) {
  const columns = `id, media_id AS mediaId, parent_id AS parentId, model, provider, prompt, params_json AS paramsJson,
    usage_json AS usageJson, cost, created_at AS createdAt, kind, width, height, thoughts_json AS thoughtsJson,
    profile_id AS profileId`
  const insert =
    db.prepare(`INSERT INTO image_results (id, media_id, parent_id, model, provider, prompt, params_json, usage_json, cost, created_at,
    kind, width, height, thoughts_json, profile_id)
    VALUES (:id, :mediaId, :parentId, :model, :provider, :prompt, :paramsJson, :usageJson, :cost, :createdAt,
    :kind, :width, :height, :thoughtsJson, :profileId)`)
  const usesOfMedia = db.prepare('SELECT count(*) AS uses FROM image_results WHERE media_id = ?')
  const madeWith = db.prepare(distinctSql('image_results', 'model'))
  const prompts = db.prepare(`SELECT prompt FROM image_results WHERE kind != 'uploaded'
    GROUP BY prompt ORDER BY max(created_at) DESC LIMIT ?`)
  const byId = db.prepare(`SELECT ${columns} FROM image_results WHERE id = ?`)
  const remove = db.prepare('DELETE FROM image_results WHERE id = ?')
  return {
    insert: (row: ImageResultRow) => void insert.run(named(row)),
    get: (id: string) => imageRows.maybe(byId.get(id)),
    delete: (id: string) => remove.run(id).changes > 0,
    /** How many images point at a stored file (the file goes when none does). */
    usesOfMedia: (mediaId: string) => (usesOfMedia.get(mediaId) as { uses: number }).uses,
    recentPrompts: (limit: number) => (prompts.all(limit) as { prompt: string }[]).map((row) => row.prompt),
    /** The models images were made with, by id (along the index by model). */
    madeWith: () =>
      (madeWith.all() as { value: string }[]).map((row) => row.value).filter((model) => model !== 'upload'),
    latest(filter: {
      text?: string | undefined
      model?: string | undefined
      limit: number
    }): ImageResultRow[] {
      const { sql: where, params } = whereOf([
        ['model = ?', filter.model],
        ["prompt LIKE ? ESCAPE '\\'", containing(filter.text)],
      ])
      const sql = `SELECT ${columns} FROM image_results ${where} ORDER BY created_at DESC LIMIT ?`
      return imageRows.listed(db.prepare(sql).all(...params, filter.limit), damaged)
    },
  }
}

export function questionnaireRepository(db: DatabaseSync, damaged: DamagedRows) {
  const columns =
    'id, name, latest_version AS latestVersion, created_at AS createdAt, updated_at AS updatedAt'
  const upsert =
    db.prepare(`INSERT INTO questionnaires (id, name, latest_version, created_at, updated_at) VALUES (?, ?, 1, ?, ?)
    ON CONFLICT(id) DO UPDATE SET name = excluded.name, latest_version = latest_version + 1, updated_at = excluded.updated_at
    RETURNING latest_version AS version`)
  const addVersion = db.prepare(
    'INSERT INTO questionnaire_versions (questionnaire_id, version, body_json, created_at) VALUES (?, ?, ?, ?)',
  )
  const list = db.prepare(`SELECT ${columns} FROM questionnaires ORDER BY updated_at DESC`)
  const version = db.prepare(
    'SELECT body_json AS bodyJson FROM questionnaire_versions WHERE questionnaire_id = ? AND version = ?',
  )
  const remove = db.prepare('DELETE FROM questionnaires WHERE id = ?')
  const exists = db.prepare('SELECT 1 FROM questionnaires WHERE id = ?')
  return {
    exists: (id: string) => exists.get(id) !== undefined,
    /** Saves a new version; call inside a transaction. Returns its number. */
    save(id: string, name: string, bodyJson: string, now: number): number {
      const { version: number } = upsert.get(id, name, now, now) as { version: number }
      addVersion.run(id, number, bodyJson, now)
      return number
    },
    list: () => questionnaireRows.listed(list.all(), damaged),
    version: (id: string, number: number) => versionRows.maybe(version.get(id, number))?.bodyJson,
    delete: (id: string) => remove.run(id).changes > 0,
  }
}

const DraftRow = z.object({ bodyJson: text, updatedAt: integer })
const draftRows = rowsOf('draft', DraftRow)

/** Work in progress by kind (`questionnaire`): written as it changes, read back after a restart. */
export function draftRepository(db: DatabaseSync) {
  const put = db.prepare(`INSERT INTO drafts (kind, body_json, updated_at) VALUES (?, ?, ?)
    ON CONFLICT(kind) DO UPDATE SET body_json = excluded.body_json, updated_at = excluded.updated_at`)
  const get = db.prepare('SELECT body_json AS bodyJson, updated_at AS updatedAt FROM drafts WHERE kind = ?')
  return {
    put: (kind: string, bodyJson: string, now: number) => void put.run(kind, bodyJson, now),
    get: (kind: string) => draftRows.maybe(get.get(kind)),
  }
}

export function decisionRunRepository(db: DatabaseSync, damaged: DamagedRows) {
  const columns = `id, questionnaire_id AS questionnaireId, batch_id AS batchId, model, endpoint, request_json AS requestJson,
    response_json AS responseJson, error_json AS errorJson, cost, created_at AS createdAt, questionnaire_json AS questionnaireJson,
    profile_id AS profileId`
  const insert =
    db.prepare(`INSERT INTO decision_runs (id, questionnaire_id, batch_id, model, endpoint, request_json, response_json, error_json, cost, created_at, questionnaire_json, profile_id)
    VALUES (:id, :questionnaireId, :batchId, :model, :endpoint, :requestJson, :responseJson, :errorJson, :cost, :createdAt, :questionnaireJson, :profileId)`)
  const byId = db.prepare(`SELECT ${columns} FROM decision_runs WHERE id = ?`)
  const remove = db.prepare('DELETE FROM decision_runs WHERE id = ?')
  const latest = db.prepare(`SELECT ${columns} FROM decision_runs ORDER BY created_at DESC LIMIT ?`)
  return {
    insert: (row: DecisionRunRow) => void insert.run(named(row)),
    latest: (limit: number) => runRows.listed(latest.all(limit), damaged),
    get: (id: string) => runRows.maybe(byId.get(id)),
    delete: (id: string) => remove.run(id).changes > 0,
  }
}
