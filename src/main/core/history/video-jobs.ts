// Video jobs as the board sees them, their polls, and the webhook deliveries received for them.
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { VideoStatus, VideoTask } from '#shared/api/videos'
import type { VideoJobSummary } from '#shared/ipc/routes/videos'
import { distinctSql } from './filters.ts'
import { integer, maybeInteger, maybeText, named, rowsOf, storedJson, text } from './rows.ts'

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
/** The rows that read; a glance (the tray) skips a damaged one rather than fail. */
const readable = (rows: readonly unknown[]): VideoJobRow[] =>
  rows.flatMap((row) => {
    const parsed = VideoJobRow.safeParse(row)
    return parsed.success ? [parsed.data] : []
  })
/** A stored row read elsewhere (the board's pages, in the data worker), through the same schema. */
export const readJobRow = (value: unknown): VideoJobRow => jobRows.one(value)

/**
 * A job as the window shows it: its kept file at `mediaUrl` (the platform's address of a media item), and the
 * verdict of its latest webhook (1 verified, 0 refused) when the board read one.
 */
export function jobSummary(
  row: VideoJobRow,
  mediaUrl: (id: string) => string,
  webhookVerified?: unknown,
): VideoJobSummary {
  const task = row.taskJson ? storedJson('video task', VideoTask, row.taskJson) : null
  return {
    id: row.id,
    profileId: row.profileId,
    model: row.model,
    prompt: row.prompt,
    mode: row.mode,
    status: row.status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    videoSeconds: row.videoSeconds,
    videoCost: row.videoCost,
    mediaUrl: row.mediaId ? mediaUrl(row.mediaId) : null,
    resultUrls: task ? [...task.mirror_urls, ...task.unsigned_urls] : [],
    webhook: webhookVerified === 1 ? 'verified' : webhookVerified === 0 ? 'refused' : null,
  }
}

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

const PollRow = z.object({
  jobId: text,
  at: integer,
  outcome: text,
  httpStatus: maybeInteger,
  detail: maybeText,
})
export type PollRow = z.infer<typeof PollRow>
const pollRows = rowsOf('status read', PollRow)

/** A job's columns as its row reads them (the history's and the board's reads alike). */
export const jobColumns = `id, profile_id AS profileId, model, prompt, mode, status, request_json AS requestJson, task_json AS taskJson,
  video_seconds AS videoSeconds, video_cost AS videoCost, media_id AS mediaId, created_at AS createdAt, updated_at AS updatedAt`

export function videoJobRepository(db: DatabaseSync) {
  const insert =
    db.prepare(`INSERT INTO video_jobs (id, profile_id, model, prompt, mode, status, request_json, task_json,
    video_seconds, video_cost, media_id, created_at, updated_at)
    VALUES (:id, :profileId, :model, :prompt, :mode, :status, :requestJson, :taskJson, :videoSeconds, :videoCost, :mediaId, :createdAt, :updatedAt)`)
  const update =
    db.prepare(`UPDATE video_jobs SET status = :status, task_json = :taskJson, video_seconds = :videoSeconds,
    video_cost = :videoCost, updated_at = :updatedAt WHERE id = :id`)
  const byId = db.prepare(`SELECT ${jobColumns} FROM video_jobs WHERE id = ?`)
  // A range of the primary key: the ids that start with a prefix (ids are ASCII).
  const startingWith = db.prepare(
    'SELECT id FROM video_jobs WHERE id >= ?1 AND id < ?1 || char(0x10ffff) AND profile_id = ?2 LIMIT 2',
  )
  const remove = db.prepare('DELETE FROM video_jobs WHERE id = ?')
  const addPoll = db.prepare(
    'INSERT INTO video_polls (job_id, at, outcome, http_status, detail) VALUES (?, ?, ?, ?, ?)',
  )
  const polls = db.prepare(
    'SELECT job_id AS jobId, at, outcome, http_status AS httpStatus, detail FROM video_polls WHERE job_id = ? ORDER BY at',
  )
  const setMedia = db.prepare('UPDATE video_jobs SET media_id = ? WHERE id = ?')
  const pending = db.prepare(
    "SELECT id, profile_id AS profileId FROM video_jobs WHERE status = 'pending' ORDER BY created_at",
  )
  const pendingCount = db.prepare("SELECT count(*) AS n FROM video_jobs WHERE status = 'pending'")
  const newestPending = db.prepare(
    `SELECT ${jobColumns} FROM video_jobs WHERE status = 'pending' ORDER BY created_at DESC LIMIT ?`,
  )
  const endedSince = db.prepare(
    `SELECT ${jobColumns} FROM video_jobs WHERE status != 'pending' AND updated_at > ? ORDER BY updated_at DESC LIMIT ?`,
  )
  const endedSinceCount = db.prepare(
    "SELECT count(*) AS n FROM video_jobs WHERE status != 'pending' AND updated_at > ?",
  )
  const usesOfMedia = db.prepare('SELECT count(*) AS uses FROM video_jobs WHERE media_id = ?')
  const madeWith = db.prepare(distinctSql('video_jobs', 'model'))

  return {
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
    /** The ids of a profile's jobs that start with `prefix`: at most two, enough to tell one from many. */
    idsStartingWith: (prefix: string, profileId: string) =>
      (startingWith.all(prefix, profileId) as { id: string }[]).map((row) => row.id),
    /** The models jobs were made with, by id (along the index by model). */
    madeWith: () => (madeWith.all() as { value: string }[]).map((row) => row.value),
    delete: (id: string) => remove.run(id).changes > 0,
    setMedia: (id: string, mediaId: string | null) => void setMedia.run(mediaId, id),
    /** How many jobs show this file: the same video downloaded twice is kept once. */
    usesOfMedia: (mediaId: string) => (usesOfMedia.get(mediaId) as { uses: number }).uses,
    /** The pending jobs, by id and profile only: what polling needs of each, read fast at any count. */
    pending: () => pending.all() as { id: string; profileId: string }[],
    /** The newest jobs still running, at most `limit` (a row that does not read is left out: the board names it). */
    newestPending: (limit: number) => readable(newestPending.all(limit)),
    /** Jobs that ended after `at`, newest first, at most `limit`, and how many there are in all. */
    endedSince: (at: number, limit: number) => ({
      jobs: readable(endedSince.all(at, limit)),
      count: (endedSinceCount.get(at) as { n: number }).n,
    }),

    recordPoll(poll: PollRow): void {
      addPoll.run(poll.jobId, poll.at, poll.outcome, poll.httpStatus, poll.detail)
    },
    polls: (jobId: string) => pollRows.all(polls.all(jobId)),
  }
}

/** What applying a task read from the service did to the stored job: moved it, left it, or found no such job. */
export interface TaskApplied {
  outcome: 'changed' | 'unchanged' | 'unknown'
  row?: VideoJobRow | undefined
}
