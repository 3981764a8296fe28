// Opens the history database: integrity check, schema version check, WAL, migrations in BEGIN IMMEDIATE
// transactions. A damaged, emptied or newer file is moved aside (never replaced silently) and the last
// clean-close backup is restored when there is one; a write-ahead log that would drop committed work is kept
// aside too. Each of these is told to the person. A backup is never replaced by a database that holds fewer
// rows: the older backup is kept beside it.
import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { migrations } from './migrations.ts'
import { schemaDifference } from './schema-check.ts'
import { inspectWriteAheadLog } from './write-ahead-log.ts'

export interface HistoryDatabase {
  db: DatabaseSync
  /** What happened while opening, in a sentence for the person (empty when all was well). */
  notices: string[]
  /** Runs `work` in one BEGIN IMMEDIATE transaction; rolls back if it throws. */
  transaction<T>(work: () => T): T
  /** Checkpoints, writes a backup copy beside the file, closes. */
  close(): void
}

export const schemaVersion = migrations.length
const sidecars = ['-wal', '-shm']

const stamp = (now: number) => new Date(now).toISOString().replace(/[:.]/g, '-')

function moveAside(path: string, label: string, now: number): string {
  const target = `${path}.${label}-${stamp(now)}`
  renameSync(path, target)
  for (const suffix of sidecars) if (existsSync(path + suffix)) renameSync(path + suffix, target + suffix)
  return target
}

/** The rows a database holds over all its tables, or null when it cannot be read. */
function rowsIn(path: string): number | null {
  let db: DatabaseSync | undefined
  try {
    const open = new DatabaseSync(path, { readOnly: true })
    db = open
    const tables = open
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as { name: string }[]
    let rows = 0
    for (const { name } of tables)
      rows += (
        open.prepare(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`).get() as { n: number }
      ).n
    return rows
  } catch {
    return null
  } finally {
    db?.close()
  }
}

export type HistoryFileState =
  | { ok: true }
  | { ok: false; reason: 'damaged' | 'empty' }
  | { ok: false; reason: 'newer'; version: number }
  | { ok: false; reason: 'foreign'; difference: string }

/** Whether a file can be opened as the history: intact, of a version the app knows, of the app's own structure. */
export function checkHistoryFile(path: string): HistoryFileState {
  let db: DatabaseSync | undefined
  try {
    // Only pragmas and the schema are read here: a trigger or view in the file is compared, never run. The
    // schema is compared before the pages are checked, since a check evaluates each table's CHECK constraints:
    // only once every table is the app's own is any expression of the file evaluated.
    db = new DatabaseSync(path)
    const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number }
    if (version > schemaVersion) return { ok: false, reason: 'newer', version }
    const difference = schemaDifference(db, version, migrations)
    if (difference) return { ok: false, reason: 'foreign', difference }
    const result = db.prepare('PRAGMA quick_check').get() as { quick_check?: string } | undefined
    if (result?.quick_check !== 'ok') return { ok: false, reason: 'damaged' }
    // The app writes its schema before anything else: a file without one was emptied (or cut to 0 bytes).
    if (version === 0) return { ok: false, reason: 'empty' }
    return { ok: true }
  } catch {
    return { ok: false, reason: 'damaged' }
  } finally {
    db?.close()
  }
}

/** What is wrong with a history file, in a sentence without its end. */
export function historyFileProblem(state: HistoryFileState & { ok: false }): string {
  switch (state.reason) {
    case 'newer':
      return `The history was written by a newer version of the app (schema ${state.version})`
    case 'empty':
      return 'The history database was empty (the file had been emptied or cut short)'
    case 'foreign':
      return `The history database does not have the app's own structure (${state.difference})`
    case 'damaged':
      return 'The history database was damaged'
  }
}

export function openHistoryDatabase(path: string, now = Date.now()): HistoryDatabase {
  const notices: string[] = []
  const backup = `${path}.backup`
  if (existsSync(path)) keepDamagedLogAside(path, now, notices)
  if (existsSync(path)) {
    const state = checkHistoryFile(path)
    const backupState = existsSync(backup) ? checkHistoryFile(backup) : null
    // An empty file with nothing to restore is a first start cut short: it simply becomes the history.
    if (!state.ok && (state.reason !== 'empty' || backupState?.ok)) {
      const aside = moveAside(path, state.reason, now)
      const restored = backupState?.ok === true
      if (restored) copyFileSync(backup, path)
      notices.push(
        `${historyFileProblem(state)}; it was moved to ${aside}.`,
        restored ? 'The backup from the last clean close was restored.' : 'A new, empty history was started.',
      )
    }
  }

  const db = new DatabaseSync(path)
  db.exec('PRAGMA journal_mode = WAL')
  // What the app acknowledges to others (a webhook answered 2xx) must survive a power cut.
  db.exec('PRAGMA synchronous = FULL')
  db.exec('PRAGMA foreign_keys = ON')
  db.exec('PRAGMA busy_timeout = 5000')

  const transaction = <T>(work: () => T): T => {
    db.exec('BEGIN IMMEDIATE')
    try {
      const result = work()
      db.exec('COMMIT')
      return result
    } catch (error) {
      db.exec('ROLLBACK')
      throw error
    }
  }

  const { user_version: current } = db.prepare('PRAGMA user_version').get() as { user_version: number }
  for (let version = current; version < schemaVersion; version++) {
    transaction(() => {
      // Read again under the write lock: another process starting on the same folder may have migrated it.
      const { user_version: reached } = db.prepare('PRAGMA user_version').get() as { user_version: number }
      if (reached > version) return
      db.exec(migrations[version]!)
      db.exec(`PRAGMA user_version = ${version + 1}`)
    })
  }

  return {
    db,
    notices,
    transaction,
    close() {
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
      // Named by process: the app and the command line may close the same history at once.
      const temp = `${backup}.${process.pid}.tmp`
      // The database closes even when its backup cannot be written (a full disk): the failure is then the
      // caller's to report, and the last backup stays as it was.
      try {
        rmSync(temp, { force: true })
        db.exec(`VACUUM INTO '${temp.replaceAll("'", "''")}'`)
      } catch (error) {
        // A half-written copy is not left behind to fill the disk further.
        rmSync(temp, { force: true, recursive: true })
        throw error
      } finally {
        db.close()
      }
      keepLargerBackup(backup, temp, Date.now())
      renameSync(temp, backup)
    },
  }
}

/** A log that would drop committed work moves aside with its index, so the database opens as of its last checkpoint. */
function keepDamagedLogAside(path: string, now: number, notices: string[]): void {
  const log = `${path}-wal`
  if (!existsSync(log) || statSync(log).size === 0) return
  const state = inspectWriteAheadLog(readFileSync(log))
  if (state.kind !== 'damaged') return
  const aside = `${log}.damaged-${stamp(now)}`
  renameSync(log, aside)
  if (existsSync(`${path}-shm`)) renameSync(`${path}-shm`, `${aside}-shm`)
  notices.push(
    `The history's log of recent changes was damaged (${state.reason}); it was kept as ${aside}. The history opens as it was at its last checkpoint, so the latest changes may be missing.`,
  )
}

/** Backups an emptier database has displaced, newest first: the few most recent are kept. */
const keptBackups = 3

/** Before `next` replaces the backup: a backup holding more rows is kept under a dated name. */
function keepLargerBackup(backup: string, next: string, now: number): void {
  if (!existsSync(backup)) return
  const before = rowsIn(backup)
  const after = rowsIn(next)
  if (before === null || after === null || after >= before) return
  try {
    renameSync(backup, `${backup}.kept-${stamp(now)}`)
  } catch (error) {
    // Another process closing the same history moved it a moment ago.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const prefix = `${basename(backup)}.kept-`
  const kept = readdirSync(dirname(backup))
    .filter((name) => name.startsWith(prefix))
    .sort()
    .reverse()
  for (const name of kept.slice(keptBackups)) rmSync(join(dirname(backup), name), { force: true })
}
