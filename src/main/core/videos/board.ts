// The video board's pages (in the data worker): jobs newest first, filtered by status, model, mode, time and the
// words of their prompts; each page starts where the one before it ended (a range of an index, however deep the
// board is scrolled), or at a position when the board jumps there; the count of matches is read for the first
// page only, with what a search left out. Searches of three characters or more look through the newest matches of
// the prompts' trigram index; shorter ones through the newest jobs' prompts (`prompt-search.ts`).
import type { DatabaseSync } from 'node:sqlite'
import type { VideoStatus } from '#shared/api/videos'
import {
  isIndexedSearch,
  type SearchLeftOut,
  searchReach,
  shortSearchReach,
} from '#shared/domain/prompt-search'
import type { BoardCursor, VideoJobSummary } from '#shared/ipc/routes/videos'
import { createDamagedRows, type DamagedRow } from '../history/damaged-rows.ts'
import { containing, whereOf } from '../history/filters.ts'
import { jobColumns, jobSummary, readJobRow } from '../history/video-jobs.ts'

export interface BoardFilter {
  status?: VideoStatus | undefined
  model?: string | undefined
  mode?: string | undefined
  text?: string | undefined
  /** Created at or after (ms). */
  since?: number | undefined
}

export interface BoardQuery extends BoardFilter {
  /** Start after this job; otherwise skip `offset` jobs. */
  after?: BoardCursor | undefined
  offset: number
  limit: number
  /** Whether to count the matches (the first page does). */
  count: boolean
}

const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`

function boardWhere({ status, model, mode, since, text }: BoardFilter) {
  return whereOf([
    ['status = ?', status],
    ['model = ?', model],
    ['mode = ?', mode],
    ['created_at >= ?', since],
    text && isIndexedSearch(text)
      ? [
          `text_id IN (SELECT rowid FROM video_jobs_text WHERE video_jobs_text MATCH ? ORDER BY rowid DESC LIMIT ${searchReach})`,
          phrase(text),
        ]
      : [
          `text_id IN (SELECT text_id FROM (SELECT text_id, prompt FROM video_jobs ORDER BY text_id DESC LIMIT ${shortSearchReach})
              WHERE prompt LIKE ? ESCAPE '\\')`,
          containing(text),
        ],
  ])
}

/** The board over a history, its jobs' files at `mediaUrl` (the platform's address of a media item). */
export function createBoard(db: DatabaseSync, mediaUrl: (id: string) => string) {
  const statements = new Map<string, ReturnType<DatabaseSync['prepare']>>()
  const prepared = (sql: string) => {
    let statement = statements.get(sql)
    if (!statement) {
      statement = db.prepare(sql)
      statements.set(sql, statement)
    }
    return statement
  }
  /** What a search of `text` leaves out: past its reach, older matches or older jobs. */
  const leftOut = (text: string): SearchLeftOut => {
    const [sql, param, reach, what] = isIndexedSearch(text)
      ? [
          'SELECT 1 FROM video_jobs_text WHERE video_jobs_text MATCH ?',
          phrase(text),
          searchReach,
          'older matches' as const,
        ]
      : ['SELECT 1 FROM video_jobs', undefined, shortSearchReach, 'older jobs' as const]
    const { n } = prepared(`SELECT count(*) AS n FROM (${sql} LIMIT ${reach + 1})`).get(
      ...(param === undefined ? [] : [param]),
    ) as { n: number }
    return n > reach ? what : null
  }

  return {
    /** One page of the board, its jobs as the window shows them; a row that does not read is left out, named. */
    page(query: BoardQuery): {
      jobs: VideoJobSummary[]
      damaged: DamagedRow[]
      total: number | null
      next: BoardCursor | null
      leftOut: SearchLeftOut
    } {
      const where = boardWhere(query)
      const after = query.after
        ? `${where.sql ? `${where.sql} AND` : 'WHERE'} (created_at, text_id) < (?, ?)`
        : where.sql
      // The verdict of each job's latest webhook (along the deliveries' index by job), for its card.
      const rows = prepared(
        `SELECT ${jobColumns}, text_id AS arrival,
           (SELECT verified FROM webhook_deliveries AS delivery WHERE delivery.job_id = video_jobs.id
              ORDER BY received_at DESC LIMIT 1) AS webhookVerified
         FROM video_jobs ${after}
         ORDER BY created_at DESC, text_id DESC LIMIT ? OFFSET ?`,
      ).all(
        ...where.params,
        ...(query.after ? [query.after.createdAt, query.after.arrival] : []),
        query.limit,
        query.after ? 0 : query.offset,
      ) as Record<string, unknown>[]
      const last = rows.at(-1)
      const total = query.count
        ? (
            prepared(`SELECT count(*) AS n FROM video_jobs ${where.sql}`).get(...where.params) as {
              n: number
            }
          ).n
        : null
      const damaged = createDamagedRows()
      const jobs = damaged.each(
        'video job',
        rows,
        (row) => row.id,
        (row) => jobSummary(readJobRow(row), mediaUrl, row.webhookVerified),
      )
      return {
        jobs,
        damaged: damaged.list(),
        total,
        leftOut: query.count && query.text ? leftOut(query.text) : null,
        next:
          last && rows.length === query.limit
            ? { createdAt: last.createdAt as number, arrival: last.arrival as number }
            : null,
      }
    },
  }
}

export type Board = ReturnType<typeof createBoard>
