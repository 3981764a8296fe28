// A history database that looks wrong is kept aside and the last backup restored, with a message: a 0-byte
// file, a truncated one, a garbage header, a log of recent changes that would drop committed work. A backup
// is never replaced by a database holding fewer rows.
import { copyFileSync, existsSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it, onTestFinished } from 'vitest'
import { backUpHistory } from './backup.ts'
import { openHistory } from './history.ts'
import { migrations } from './migrations.ts'
import { pendingVideoJob } from './video-jobs.ts'
import { inspectWriteAheadLog } from './write-ahead-log.ts'

async function folder() {
  const dir = await mkdtemp(join(tmpdir(), 'gd-recovery-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  return dir
}
const job = (id: string, createdAt: number) =>
  pendingVideoJob({ id, profileId: 'sandbox', model: 'orbit/motion-2', prompt: `prompt ${id}`, createdAt })

/** A history with `count` jobs, closed and backed up (so its backup holds them too). */
async function savedHistory(count: number) {
  const dir = await folder()
  const history = openHistory(dir)
  history.transaction(() => {
    for (let index = 0; index < count; index++) history.videoJobs.insert(job(`job-${index}`, index))
  })
  history.close()
  expect(await backUpHistory(join(dir, 'history.db'))).toBe('made')
  return dir
}
/** A day and a minute: the backup's own time is a moment after the `now` it was made at. */
const day = 24 * 60 * 60 * 1000 + 60_000

/** The databases kept aside under `label` (their logs, when they had any, beside them). */
const asideFiles = (dir: string, label: string) =>
  readdirSync(dir).filter((name) => name.includes(`.${label}-`) && !/-(wal|shm)$/.test(name))

describe('the backup', () => {
  it('is never made by a close, and at most once a day while the history is open', async () => {
    const dir = await folder()
    const path = join(dir, 'history.db')
    const history = openHistory(dir)
    history.transaction(() => history.videoJobs.insert(job('job-0', 0)))
    history.close()
    expect(existsSync(join(dir, 'history.db.backup'))).toBe(false)
    const reopened = openHistory(dir)
    const now = Date.now()
    // Made beside the open history, as the app does in its background worker.
    expect(await backUpHistory(path, now)).toBe('made')
    reopened.transaction(() => reopened.videoJobs.insert(job('job-1', 1)))
    expect(await backUpHistory(path, now + 12 * 60 * 60 * 1000)).toBe('recent')
    expect(await backUpHistory(path, now + day)).toBe('made')
    const backup = new DatabaseSync(join(dir, 'history.db.backup'), { readOnly: true })
    expect(backup.prepare('SELECT count(*) AS n FROM video_jobs').get()).toEqual({ n: 2 })
    backup.close()
    reopened.close()
    // A copy a quit cut short is removed by the next backup.
    writeFileSync(join(dir, 'history.db.backup.99999.tmp'), 'half a copy')
    expect(await backUpHistory(path, now + 2 * day)).toBe('made')
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  it('is never replaced by a history whose pages do not all read', async () => {
    const dir = await savedHistory(400)
    const path = join(dir, 'history.db')
    const before = readFileSync(join(dir, 'history.db.backup'))
    // Garbage over a page in the middle of the jobs' table: the header and the schema still read.
    const bytes = readFileSync(path)
    bytes.fill(0x5a, 8 * 4096, 9 * 4096)
    writeFileSync(path, bytes)
    expect(await backUpHistory(path, Date.now() + day)).toBe('damaged')
    expect(readFileSync(join(dir, 'history.db.backup'))).toEqual(before)
  })

  it('is made before a migration, holding the history as the older version left it', async () => {
    const dir = await folder()
    const db = new DatabaseSync(join(dir, 'history.db'))
    for (const migration of migrations.slice(0, -1)) db.exec(migration)
    db.exec(`PRAGMA user_version = ${migrations.length - 1}`)
    db.close()
    const history = openHistory(dir)
    history.close()
    const backup = new DatabaseSync(join(dir, 'history.db.backup'), { readOnly: true })
    expect(backup.prepare('PRAGMA user_version').get()).toEqual({ user_version: migrations.length - 1 })
    backup.close()
  })
})

describe('opening a history that looks wrong', () => {
  const spoiled: [string, (file: string) => void, string][] = [
    ['cut to 0 bytes', (file) => truncateSync(file, 0), 'empty'],
    ['truncated mid-page', (file) => truncateSync(file, 5000), 'damaged'],
    ['with a garbage header', (file) => writeFileSync(file, Buffer.alloc(4096, 0x41)), 'damaged'],
  ]
  it.each(spoiled)(
    'restores the backup when the database was %s, keeping the bad file',
    async (_, spoil, label) => {
      const dir = await savedHistory(3)
      spoil(join(dir, 'history.db'))
      const history = openHistory(dir)
      expect(history.notices.join(' ')).toMatch(/kept as|moved to/)
      expect(history.notices.join(' ')).toMatch(
        /The last backup, made .*, was restored: work since then is not in it\./,
      )
      expect(history.database.db.prepare('SELECT count(*) AS n FROM video_jobs').get()).toEqual({ n: 3 })
      expect(asideFiles(dir, label)).toHaveLength(1)
      history.close()
      // The backup still holds the three jobs: the empty file did not replace it.
      const backup = new DatabaseSync(join(dir, 'history.db.backup'), { readOnly: true })
      expect(backup.prepare('SELECT count(*) AS n FROM video_jobs').get()).toEqual({ n: 3 })
      backup.close()
    },
  )

  it('keeps aside a log of recent changes that would drop committed work, and says so', async () => {
    const dir = await savedHistory(1)
    const history = openHistory(dir)
    for (let index = 0; index < 5; index++)
      history.transaction(() => history.videoJobs.insert(job(`later-${index}`, 100 + index)))
    // The power goes: copy the files as they are on disk while the app still has them open.
    const copy = await folder()
    for (const name of ['history.db', 'history.db-wal']) copyFileSync(join(dir, name), join(copy, name))
    history.close()
    const log = readFileSync(join(copy, 'history.db-wal'))
    expect(inspectWriteAheadLog(log)).toMatchObject({ kind: 'intact' })
    // One flipped byte in the first frame's page: every later (committed) frame would be dropped silently.
    log[32 + 24 + 100] = (log[32 + 24 + 100] ?? 0) ^ 0xff
    writeFileSync(join(copy, 'history.db-wal'), log)

    const reopened = openHistory(copy)
    expect(reopened.notices[0]).toMatch(
      /log of recent changes was damaged \(a committed change follows a damaged frame\); it was kept as .*history\.db-wal\.damaged-/,
    )
    expect(asideFiles(copy, 'damaged')).toHaveLength(1)
    expect(
      readFileSync(join(copy, readdirSync(copy).find((name) => name.includes('-wal.damaged-')) ?? '')),
    ).toEqual(log)
    reopened.close()
  })

  const changedLogs: [string, (log: Buffer, frameBytes: number) => void, string][] = [
    [
      'one flipped byte in a frame’s salt',
      (log, frameBytes) => {
        const at = 32 + frameBytes + 9
        log[at] = (log[at] ?? 0) ^ 0x01
      },
      'a frame’s salt does not match its log',
    ],
    ['every frame blanked', (log) => log.fill(0, 32), 'its frames are blank'],
  ]
  for (const [what, change, reason] of changedLogs)
    it(`keeps aside, with a notice, a log with ${what}`, async () => {
      const dir = await savedHistory(1)
      const history = openHistory(dir)
      for (let index = 0; index < 5; index++)
        history.transaction(() => history.videoJobs.insert(job(`later-${index}`, 100 + index)))
      const copy = await folder()
      for (const name of ['history.db', 'history.db-wal']) copyFileSync(join(dir, name), join(copy, name))
      history.close()
      const log = readFileSync(join(copy, 'history.db-wal'))
      change(log, 24 + log.readUInt32BE(8))
      writeFileSync(join(copy, 'history.db-wal'), log)

      const reopened = openHistory(copy)
      expect(reopened.notices[0]).toContain(`log of recent changes was damaged (${reason})`)
      expect(asideFiles(copy, 'damaged')).toHaveLength(1)
      reopened.close()
    })

  it('opens a log whose last transaction was torn by the power cut without complaint', async () => {
    const dir = await savedHistory(1)
    const history = openHistory(dir)
    for (let index = 0; index < 3; index++)
      history.transaction(() => history.videoJobs.insert(job(`later-${index}`, 100 + index)))
    const copy = await folder()
    for (const name of ['history.db', 'history.db-wal']) copyFileSync(join(dir, name), join(copy, name))
    history.close()
    const log = readFileSync(join(copy, 'history.db-wal'))
    writeFileSync(join(copy, 'history.db-wal'), log.subarray(0, log.length - 100))
    const reopened = openHistory(copy)
    expect(reopened.notices).toEqual([])
    expect(reopened.videoJobs.get('later-0')?.id).toBe('later-0')
    reopened.close()
  })

  it('reads a log that has wrapped round after checkpoints as whole, and keeps its last changes', async () => {
    const dir = await savedHistory(1)
    const history = openHistory(dir)
    // Enough committed pages for SQLite to checkpoint and start the log over, leaving older frames behind.
    for (let index = 0; index < 1500; index++)
      history.transaction(() =>
        history.videoJobs.insert({ ...job(`wrapped-${index}`, 1000 + index), prompt: 'x'.repeat(3000) }),
      )
    const copy = await folder()
    for (const name of ['history.db', 'history.db-wal']) copyFileSync(join(dir, name), join(copy, name))
    history.close()
    const log = readFileSync(join(copy, 'history.db-wal'))
    const state = inspectWriteAheadLog(log)
    expect(state).toMatchObject({ kind: 'intact' })
    // It did wrap: the file holds frames of an earlier round after the current ones.
    const pageSize = log.readUInt32BE(8)
    expect(state.kind === 'intact' && state.frames).toBeLessThan(
      Math.floor((log.length - 32) / (24 + pageSize)),
    )
    const reopened = openHistory(copy)
    expect(reopened.notices).toEqual([])
    expect(reopened.videoJobs.get('wrapped-1499')?.id).toBe('wrapped-1499')
    reopened.close()
  })

  it('keeps the backup aside instead of replacing it with a history that holds fewer rows', async () => {
    const dir = await savedHistory(4)
    const history = openHistory(dir)
    history.transaction(() => history.videoJobs.delete('job-0'))
    history.close()
    expect(await backUpHistory(join(dir, 'history.db'), Date.now() + day)).toBe('made')
    const [kept] = asideFiles(dir, 'kept')
    expect(kept).toBeDefined()
    const older = new DatabaseSync(join(dir, kept ?? ''), { readOnly: true })
    expect(older.prepare('SELECT count(*) AS n FROM video_jobs').get()).toEqual({ n: 4 })
    older.close()
    expect(existsSync(join(dir, 'history.db.backup'))).toBe(true)
  })
})

describe('reading the log of recent changes', () => {
  it('tells an empty, a foreign and a cut-short header apart', () => {
    expect(inspectWriteAheadLog(new Uint8Array())).toEqual({ kind: 'empty' })
    expect(inspectWriteAheadLog(new Uint8Array(10))).toMatchObject({ kind: 'damaged' })
    expect(inspectWriteAheadLog(new Uint8Array(4096).fill(7))).toMatchObject({
      kind: 'damaged',
      reason: 'its header is not a log’s',
    })
  })
})
