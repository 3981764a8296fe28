import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it, onTestFinished } from 'vitest'
import { VideoTask } from '#shared/api/videos'
import { searchReach, shortSearchReach } from '#shared/domain/prompt-search'
import { DecisionCall } from '#shared/ipc/routes/decisions'
import { createMediaStore } from '../media/media-store.ts'
import { type BoardQuery, createBoard } from '../videos/board.ts'
import { backUpHistory } from './backup.ts'
import { schemaVersion } from './database.ts'
import { openHistory } from './history.ts'
import { migrations } from './migrations.ts'
import { historyDamaged, storedJson } from './rows.ts'
import { pendingVideoJob, type VideoJobRow } from './video-jobs.ts'

/** A history file as an earlier version wrote it: its schema up to `version`, then `rows` (SQL). */
function historyAt(dir: string, version: number, rows: string): void {
  const old = new DatabaseSync(join(dir, 'history.db'))
  for (const migration of migrations.slice(0, version)) old.exec(migration)
  old.exec(`PRAGMA user_version = ${version};\n${rows}`)
  old.close()
}

type History = ReturnType<typeof openHistory>
/** The board's ids for a filter: a page of them, or how many match. */
const board = (history: History, query: Partial<BoardQuery> = {}) =>
  createBoard(history.database.db, (id) => `/media/${id}`).page({
    offset: 0,
    limit: 1000,
    count: true,
    ...query,
  })
const listed = (history: History, query: Partial<BoardQuery> = {}) =>
  board(history, query).jobs.map((job) => job.id)
const counted = (history: History, query: Partial<BoardQuery> = {}) => board(history, query).total

/** A data folder removed when the test finishes. */
async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gd-history-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  return dir
}
const job = (id: string, createdAt: number, extra: Partial<VideoJobRow> = {}): VideoJobRow => ({
  ...pendingVideoJob({
    id,
    profileId: 'sandbox',
    model: 'orbit/motion-2',
    prompt: `prompt ${id}`,
    createdAt,
  }),
  ...extra,
})

describe('history store', () => {
  it('keeps data across a restart, and closing copies nothing', async () => {
    const dir = await folder()
    const first = openHistory(dir)
    first.transaction(() => {
      first.videoJobs.insert(job('a', 1))
      first.videoJobs.insert(job('b', 2, { status: 'completed' }))
    })
    first.close()
    expect(existsSync(join(dir, 'history.db.backup'))).toBe(false)
    const second = openHistory(dir)
    expect(second.notices).toEqual([])
    expect(listed(second)).toEqual(['b', 'a'])
    expect(listed(second, { status: 'pending' })).toEqual(['a'])
    second.close()
  })

  it('filters by text literally, model and time, newest first', async () => {
    const history = openHistory(await folder())
    history.transaction(() => {
      history.videoJobs.insert(job('x', 10, { prompt: 'a 100% cat' }))
      history.videoJobs.insert(job('y', 20, { prompt: 'a 100 cats', model: 'lumen/clip-1' }))
    })
    expect(listed(history, { text: '100%' })).toEqual(['x'])
    expect(listed(history, { model: 'lumen/clip-1' })).toEqual(['y'])
    expect(listed(history, { since: 15 })).toEqual(['y'])
    history.close()
  })

  it('searches prompts through their index in any case, counts what a filter matches, and reads it page by page', async () => {
    const history = openHistory(await folder())
    history.transaction(() => {
      for (let i = 0; i < 250; i++)
        history.videoJobs.insert(
          job(`j${i}`, i, { prompt: i % 5 === 0 ? `A Lighthouse "keeper" ${i}` : `a cat ${i}` }),
        )
    })
    expect(counted(history, { text: 'lighthouse' })).toBe(50)
    expect(counted(history, { text: 'HOUSE "KEEP' })).toBe(50)
    // Two letters are too short for the index and are looked for by scanning, with the same meaning.
    expect(counted(history, { text: 'Li' })).toBe(50)
    expect(counted(history)).toBe(250)
    const pages = [0, 100, 200].map((offset) => listed(history, { limit: 100, offset }))
    expect(pages.map((page) => page.length)).toEqual([100, 100, 50])
    expect(pages.flat()).toEqual(Array.from({ length: 250 }, (_, i) => `j${249 - i}`))

    history.transaction(() => {
      history.videoJobs.delete('j245')
      history.videoJobs.insert(job('later', 1000, { prompt: 'one more lighthouse' }))
    })
    expect(listed(history, { limit: 3, text: 'lighthouse' })).toEqual(['later', 'j240', 'j235'])
    expect(counted(history, { text: 'lighthouse' })).toBe(50)
    history.close()
  })

  it('orders jobs created in the same millisecond one way in every filter and on every page', async () => {
    const history = openHistory(await folder())
    const statuses = ['pending', 'completed', 'failed'] as const
    const promptOf = (i: number) => `a ${i % 2 ? 'lighthouse' : 'harbour'} at dusk ${i}`
    // Forty jobs a millisecond: a batch sent at once lands in the same millisecond.
    history.transaction(() => {
      for (let i = 0; i < 600; i++)
        history.videoJobs.insert(
          job(`j${i}`, 1000 + Math.floor(i / 40), { prompt: promptOf(i), status: statuses[i % 3] }),
        )
    })
    const all = listed(history)
    expect(all).toHaveLength(600)
    const filters: [Partial<BoardQuery>, (i: number) => boolean][] = [
      [{}, () => true],
      [{ status: 'completed' }, (i) => statuses[i % 3] === 'completed'],
      [{ text: 'at' }, () => true],
      [{ text: 'lighthouse' }, (i) => i % 2 === 1],
      [{ model: 'orbit/motion-2', status: 'failed' }, (i) => statuses[i % 3] === 'failed'],
    ]
    for (const [filter, matches] of filters) {
      // Each plan (the time index, the status index, a scan, the text index) keeps the order of the whole list,
      // and pages of it join up with nothing repeated or left out: read by position, or each after the last.
      const expected = all.filter((id) => matches(Number(id.slice(1))))
      const byPosition = [0, 1, 2, 3, 4, 5, 6].flatMap((page) =>
        listed(history, { ...filter, limit: 90, offset: page * 90 }),
      )
      expect(byPosition).toEqual(expected)
      const byCursor: string[] = []
      let after: BoardQuery['after']
      for (let page = 0; page < 8; page++) {
        const read = board(history, { ...filter, limit: 90, after })
        byCursor.push(...read.jobs.map((job) => job.id))
        if (!read.next) break
        after = read.next
      }
      expect(byCursor).toEqual(expected)
    }
    history.close()
  })

  it('searches the newest matches of the index, and the newest jobs for a short text, saying what it left out', async () => {
    const history = openHistory(await folder())
    const many = 12_050
    history.transaction(() => {
      for (let i = 0; i < many; i++)
        history.videoJobs.insert(job(`k${i}`, i, { prompt: i < 50 ? `an old owl ${i}` : `kite ${i}` }))
    })
    // Past the reach: the newest matches, and the board is told older ones were left out.
    expect(board(history, { text: 'kite' })).toMatchObject({ total: searchReach, leftOut: 'older matches' })
    expect(listed(history, { text: 'kite', limit: 1 })).toEqual([`k${many - 1}`])
    // kite 120–129, 1200–1299 and 12000–12049 (12 is an owl): within the reach, however old.
    expect(board(history, { text: 'kite 12' })).toMatchObject({ total: 160, leftOut: null })
    expect(board(history, { text: 'old owl' })).toMatchObject({ total: 50, leftOut: null })
    // One or two letters: the newest jobs only, where no owl is.
    expect(board(history, { text: 'ow' })).toMatchObject({ total: 0, leftOut: 'older jobs' })
    expect(board(history, { text: 'ki' })).toMatchObject({ total: shortSearchReach, leftOut: 'older jobs' })
    expect(board(history, {}).leftOut).toBeNull()
    history.close()
  })

  it('makes the prompts of a history written before the index searchable when it opens', async () => {
    const dir = await folder()
    historyAt(
      dir,
      7,
      `
      INSERT INTO video_jobs (id, profile_id, model, prompt, mode, status, request_json, created_at, updated_at)
        VALUES ('old1', 'p', 'm', 'a lighthouse at dusk', 'text2video', 'completed', '{}', 1, 1),
               ('old2', 'p', 'm', 'a cat', 'text2video', 'completed', '{}', 2, 2);`,
    )
    const history = openHistory(dir)
    expect(listed(history, { text: 'house at' })).toEqual(['old1'])
    history.transaction(() => history.videoJobs.insert(job('new', 3, { prompt: 'another lighthouse' })))
    expect(listed(history, { text: 'lighthouse' })).toEqual(['new', 'old1'])
    history.close()
  })

  it('rolls back a failed transaction completely', async () => {
    const history = openHistory(await folder())
    expect(() =>
      history.transaction(() => {
        history.videoJobs.insert(job('kept-out', 1))
        history.videoJobs.insert(job('kept-out', 2))
      }),
    ).toThrow()
    expect(history.videoJobs.get('kept-out')).toBeUndefined()
    history.close()
  })

  it('moves a damaged database aside and restores the last backup', async () => {
    const dir = await folder()
    const history = openHistory(dir)
    history.videoJobs.insert(job('saved', 1))
    history.close()
    await backUpHistory(join(dir, 'history.db'))
    writeFileSync(join(dir, 'history.db'), Buffer.alloc(8192, 7))
    const reopened = openHistory(dir, Date.UTC(2026, 0, 1))
    expect(reopened.notices[0]).toMatch(/damaged; it was moved to .*history\.db\.damaged-2026-01-01/)
    expect(reopened.notices[1]).toMatch(/last backup, made .*, was restored/)
    expect(reopened.videoJobs.get('saved')?.id).toBe('saved')
    expect(readdirSync(dir).some((name) => name.startsWith('history.db.damaged-'))).toBe(true)
    reopened.close()
  })

  it('moves aside a database from a newer version and starts empty when there is no backup', async () => {
    const dir = await folder()
    const db = new DatabaseSync(join(dir, 'history.db'))
    db.exec(`PRAGMA user_version = ${schemaVersion + 1}`)
    db.close()
    const history = openHistory(dir)
    expect(history.notices[0]).toMatch(/newer version of the app/)
    expect(history.notices[1]).toMatch(/new, empty history/)
    expect(listed(history)).toEqual([])
    history.close()
  })
})

describe('media store', () => {
  it('stores by content, never leaves temporary files, and deletes file and row together', async () => {
    const dir = await folder()
    const history = openHistory(dir)
    const media = createMediaStore(join(dir, 'media'), history.database.db)
    const bytes = new TextEncoder().encode('not really a png')
    const item = await media.put(bytes, 'image/png')
    expect(item.id).toMatch(/^[0-9a-f]{64}$/)
    expect((await media.put(bytes, 'image/png')).id).toBe(item.id)
    const found = await media.locate(item.id)
    expect(found?.size).toBe(bytes.byteLength)
    expect(readdirSync(join(dir, 'media'))).toEqual([item.fileName])
    expect(await media.locate('../history.db')).toBeNull()
    expect(await media.delete(item.id)).toBe(true)
    expect(readdirSync(join(dir, 'media'))).toEqual([])
    expect(await media.locate(item.id)).toBeNull()
    history.close()
  })

  it('gives the work stored before profiles were kept to the profile active at the upgrade, and a delivery to its job', async () => {
    const dir = await folder()
    // A history as the version before wrote it: schema 5, with a batch, a run, a conversation, a generated and an
    // uploaded image, and a delivery of a job that belongs to another profile.
    historyAt(
      dir,
      5,
      `
      INSERT INTO media (id, mime_type, bytes, file_name, created_at) VALUES ('m1', 'image/png', 1, 'm1.png', 1);
      INSERT INTO video_jobs (id, profile_id, model, prompt, mode, status, request_json, created_at, updated_at)
        VALUES ('j1', 'team-b', 'm', 'p', 'text', 'pending', '{}', 1, 1);
      INSERT INTO decision_batches (id, name, questionnaire_json, model, endpoint, template_json, concurrency,
        spend_cap, status, created_at, updated_at) VALUES ('b1', 'n', '{}', 'm', 'unified', '{}', 1, NULL, 'interrupted', 1, 1);
      INSERT INTO decision_runs (id, model, endpoint, request_json, created_at) VALUES ('r1', 'm', 'unified', '{}', 1);
      INSERT INTO conversations (id, protocol, title, model, state_json, created_at, updated_at)
        VALUES ('c1', 'messages', 't', 'm', '{}', 1, 1);
      INSERT INTO image_results (id, media_id, model, prompt, params_json, created_at, kind)
        VALUES ('i1', 'm1', 'm', 'p', '{}', 1, 'generated'), ('i2', 'm1', 'upload', 'p', '{}', 2, 'uploaded');
      INSERT INTO webhook_deliveries (received_at, job_id, verified, duplicate, answered, headers_json, body)
        VALUES (1, 'j1', 1, 0, 200, '{}', x'00');`,
    )
    const history = openHistory(dir)
    history.transaction(() => history.adoptUnscoped('team-a'))
    const profileOf = (table: string, id: string) =>
      (
        history.database.db.prepare(`SELECT profile_id AS p FROM ${table} WHERE id = ?`).get(id) as {
          p: string | null
        }
      ).p
    expect(history.decisionBatches.get('b1')?.profileId).toBe('team-a')
    expect(history.decisionRuns.get('r1')?.profileId).toBe('team-a')
    expect(history.conversations.get('c1')?.profileId).toBe('team-a')
    expect(profileOf('image_results', 'i1')).toBe('team-a')
    expect(profileOf('image_results', 'i2')).toBeNull()
    // A delivery received now takes its job's profile; one for a job the app never made, none.
    history.transaction(() => {
      for (const jobId of ['j1', 'nobody'])
        history.webhookDeliveries.insert({
          receivedAt: 2,
          jobId,
          idempotencyKey: null,
          event: null,
          verified: false,
          reason: null,
          duplicate: false,
          answered: 401,
          headersJson: '{}',
          body: new Uint8Array(),
        })
    })
    const deliveries = history.database.db
      .prepare('SELECT job_id AS job, profile_id AS profile FROM webhook_deliveries ORDER BY id')
      .all()
    expect(deliveries.map((row) => ({ ...row }))).toEqual([
      { job: 'j1', profile: 'team-b' },
      { job: 'j1', profile: 'team-b' },
      { job: 'nobody', profile: null },
    ])
    history.close()
  })

  it('reports a damaged row or stored value as damaged, naming what, and never hands it on', async () => {
    const dir = await folder()
    const history = openHistory(dir)
    history.transaction(() => {
      history.videoJobs.insert(job('a', 1))
      history.videoJobs.insert(job('b', 2))
    })
    history.database.db.exec("UPDATE video_jobs SET status = 'half-done' WHERE id = 'a'")
    history.database.db.exec("UPDATE video_jobs SET created_at = 'yesterday' WHERE id = 'b'")
    expect(() => history.videoJobs.get('a')).toThrow(
      expect.objectContaining({
        code: historyDamaged,
        message: expect.stringMatching(/a stored video job could not be read \(status: /),
      }),
    )
    expect(() => storedJson('batch request', DecisionCall, '{"endpoint":"elsewhere"}')).toThrow(
      expect.objectContaining({ code: historyDamaged, message: expect.stringContaining('batch request') }),
    )
    expect(() => storedJson('video task', VideoTask, '{not json')).toThrow(
      expect.objectContaining({ message: expect.stringContaining('is not readable JSON') }),
    )
    history.close()
  })
})
