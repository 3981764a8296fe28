// Video jobs as the board sees them, their polls, and the webhook deliveries received for them.
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { VideoStatus } from '#shared/api/videos'
import { isIndexedSearch, type SearchLeftOut, searchReach, shortSearchReach } from '#shared/domain/job-search'
import type { DamagedRows } from './damaged-rows.ts'
import { type Condition, containing, whereOf } from './filters.ts'
import { integer, maybeInteger, maybeText, named, rowsOf, text } from './rows.ts'

const VideoJobRow = z.object({
  id: text,
  profileId: text,
  model: text,
  prompt: text,
  mode: text,
  status: VideoStatus,
  requestJson: text,
  taskJson: maybeText,
  videoSeconds: z.number().nullable(),
  videoCost: maybeText,
  mediaId: maybeText,
  createdAt: integer,
  updatedAt: integer,
})
export type VideoJobRow = z.infer<typeof VideoJobRow>
const jobRows = rowsOf('video job', VideoJobRow)

/** A job just created: pending, with nothing reported yet. */
export function pendingVideoJob(
  fields: Pick<VideoJobRow, 'id' | 'profileId' | 'model' | 'prompt'> &
    Partial<Pick<VideoJobRow, 'mode' | 'requestJson' | 'createdAt'>>,
): VideoJobRow {
  const createdAt = fields.createdAt ?? Date.now()
  return {
    mode: 'text2video',
    requestJson: '{}',
    ...fields,
    status: 'pending',
    taskJson: null,
    videoSeconds: null,
    videoCost: null,
    mediaId: null,
    createdAt,
    updatedAt: createdAt,
  }
}

export interface VideoJobFilter {
  status?: VideoStatus | undefined
  model?: string | undefined
  mode?: string | undefined
  text?: string | undefined
  /** Created at or after (ms). */
  since?: number | undefined
  limit: number
  /** Created before this job's time (ms), for paging. */
  before?: number | undefined
  /** Jobs to skip, newest first, for paging. */
  offset?: number | undefined
}

const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`

/**
 * The search as a condition: through the index, the newest `searchReach` matches (newest as they came into
 * the history); shorter text, the matches among the newest `shortSearchReach` jobs. Both match anywhere in
 * the prompt, in any case: the index folds the case of every letter, a short search (LIKE) that of ASCII
 * letters only (the page's copy of the rule: `promptContains`).
 */
function promptContaining(text: string | undefined): Condition {
  if (!text) return ['', undefined]
  return isIndexedSearch(text)
    ? [
        `text_id IN (SELECT rowid FROM video_jobs_text WHERE video_jobs_text MATCH ? ORDER BY rowid DESC LIMIT ${searchReach})`,
        phrase(text),
      ]
    : [
        `text_id IN (SELECT text_id FROM (SELECT text_id, prompt FROM video_jobs ORDER BY text_id DESC LIMIT ${shortSearchReach})
          WHERE prompt LIKE ? ESCAPE '\\')`,
        containing(text),
      ]
}

function jobsWhere(filter: Omit<VideoJobFilter, 'limit'>) {
  return whereOf([
    ['status = ?', filter.status],
    ['model = ?', filter.model],
    ['mode = ?', filter.mode],
    ['created_at >= ?', filter.since],
    ['created_at < ?', filter.before],
    promptContaining(filter.text),
  ])
}

const PollRow = z.object({
  jobId: text,
  at: integer,
  outcome: text,
  httpStatus: maybeInteger,
  detail: maybeText,
})
export type PollRow = z.infer<typeof PollRow>
const pollRows = rowsOf('status read', PollRow)

const columns = `id, profile_id AS profileId, model, prompt, mode, status, request_json AS requestJson, task_json AS taskJson,
  video_seconds AS videoSeconds, video_cost AS videoCost, media_id AS mediaId, created_at AS createdAt, updated_at AS updatedAt`

export function videoJobRepository(db: DatabaseSync, damaged: DamagedRows) {
  const insert =
    db.prepare(`INSERT INTO video_jobs (id, profile_id, model, prompt, mode, status, request_json, task_json,
    video_seconds, video_cost, media_id, created_at, updated_at)
    VALUES (:id, :profileId, :model, :prompt, :mode, :status, :requestJson, :taskJson, :videoSeconds, :videoCost, :mediaId, :createdAt, :updatedAt)`)
  const update =
    db.prepare(`UPDATE video_jobs SET status = :status, task_json = :taskJson, video_seconds = :videoSeconds,
    video_cost = :videoCost, updated_at = :updatedAt WHERE id = :id`)
  const byId = db.prepare(`SELECT ${columns} FROM video_jobs WHERE id = ?`)
  const remove = db.prepare('DELETE FROM video_jobs WHERE id = ?')
  const addPoll = db.prepare(
    'INSERT INTO video_polls (job_id, at, outcome, http_status, detail) VALUES (?, ?, ?, ?, ?)',
  )
  const polls = db.prepare(
    'SELECT job_id AS jobId, at, outcome, http_status AS httpStatus, detail FROM video_polls WHERE job_id = ? ORDER BY at',
  )
  const setMedia = db.prepare('UPDATE video_jobs SET media_id = ? WHERE id = ?')
  const pending = db.prepare(`SELECT ${columns} FROM video_jobs WHERE status = 'pending' ORDER BY created_at`)
  const pendingCount = db.prepare("SELECT count(*) AS n FROM video_jobs WHERE status = 'pending'")
  const jobCount = db.prepare('SELECT count(*) AS n FROM video_jobs')
  const newestBefore = db.prepare(
    `SELECT ${columns}, text_id AS textId FROM video_jobs WHERE text_id < ? ORDER BY text_id DESC LIMIT ?`,
  )
  const byIdWithArrival = db.prepare(`SELECT ${columns}, text_id AS textId FROM video_jobs WHERE id = ?`)
  const usesOfMedia = db.prepare('SELECT count(*) AS uses FROM video_jobs WHERE media_id = ?')
  const matchesPastReach = db.prepare(
    `SELECT count(*) AS n FROM (SELECT 1 FROM video_jobs_text WHERE video_jobs_text MATCH ? LIMIT ${searchReach + 1})`,
  )

  type ArrivingRow = { id?: unknown; textId: number }
  /** Rows read with their place in the order jobs came in; those that do not read reported and left out. */
  const arriving = (values: ArrivingRow[]) =>
    damaged.each(
      'video job',
      values,
      (value) => value.id,
      (value) => ({ row: jobRows.one(value), textId: value.textId }),
    )

  return {
    /** How many jobs the history holds. */
    total: () => (jobCount.get() as { n: number }).n,
    /** Jobs still running (the dock or taskbar badge). */
    pendingCount: () => (pendingCount.get() as { n: number }).n,
    insert(row: VideoJobRow): void {
      insert.run(named(row))
    },
    /** Writes a newer task state; returns false when the job is unknown. */
    update(
      row: Pick<VideoJobRow, 'id' | 'status' | 'taskJson' | 'videoSeconds' | 'videoCost' | 'updatedAt'>,
    ): boolean {
      const { id, status, taskJson, videoSeconds, videoCost, updatedAt } = row
      return update.run({ id, status, taskJson, videoSeconds, videoCost, updatedAt }).changes > 0
    },
    get: (id: string) => jobRows.maybe(byId.get(id)),
    delete: (id: string) => remove.run(id).changes > 0,
    setMedia: (id: string, mediaId: string | null) => void setMedia.run(mediaId, id),
    /** How many jobs show this file: the same video downloaded twice is kept once. */
    usesOfMedia: (mediaId: string) => (usesOfMedia.get(mediaId) as { uses: number }).uses,
    pending: () => jobRows.all(pending.all()),

    /** Newest first, filtered; uses the (status, created_at) index when a status is given. */
    latest(filter: VideoJobFilter): VideoJobRow[] {
      const { sql: where, params } = jobsWhere(filter)
      const sql = `SELECT ${columns} FROM video_jobs ${where} ORDER BY created_at DESC LIMIT ? OFFSET ?`
      return jobRows.listed(db.prepare(sql).all(...params, filter.limit, filter.offset ?? 0), damaged)
    },

    /**
     * Every job a part at a time, newest first as they came into the history (the order a search's reach
     * counts in), each with its place in that order (`textId`): the jobs before `before`, at most `limit`
     * rows, and the place the next part is read before (null after the oldest).
     */
    inArrivalOrder(
      before: number,
      limit: number,
    ): { found: { row: VideoJobRow; textId: number }[]; next: number | null } {
      const values = newestBefore.all(before, limit) as ArrivingRow[]
      // Where the next part starts, damaged rows counted: a row left out does not end the reading.
      return { found: arriving(values), next: values.length < limit ? null : (values.at(-1)?.textId ?? null) }
    },
    /** A job with its place in that order; none when it is not in the history or does not read. */
    withArrival: (id: string) => arriving(byIdWithArrival.all(id) as ArrivingRow[]),

    /** How many jobs the filter matches (the limit and offset aside). */
    count(filter: Omit<VideoJobFilter, 'limit' | 'offset'>): number {
      const { sql: where, params } = jobsWhere(filter)
      return (db.prepare(`SELECT count(*) AS n FROM video_jobs ${where}`).get(...params) as { n: number }).n
    },

    /** What a search for `text` leaves out, if anything. */
    searchLeftOut(text: string | undefined): SearchLeftOut {
      if (!text) return null
      if (!isIndexedSearch(text))
        return (jobCount.get() as { n: number }).n > shortSearchReach ? 'older jobs' : null
      const { n } = matchesPastReach.get(phrase(text)) as { n: number }
      return n > searchReach ? 'older matches' : null
    },

    recordPoll(poll: PollRow): void {
      addPoll.run(poll.jobId, poll.at, poll.outcome, poll.httpStatus, poll.detail)
    },
    polls: (jobId: string) => pollRows.all(polls.all(jobId)),
  }
}

export type VideoJobRepository = ReturnType<typeof videoJobRepository>

/** What applying a task read from the service did to the stored job: moved it, left it, or found no such job. */
export interface TaskApplied {
  outcome: 'changed' | 'unchanged' | 'unknown'
  row?: VideoJobRow | undefined
}
