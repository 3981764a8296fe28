// Opens the history database: integrity check, schema version check, WAL, migrations in BEGIN IMMEDIATE
// transactions (a backup is made before the first). A damaged, emptied or newer file is moved aside (never
// replaced silently) and the last backup (`backup.ts`) is restored when there is one; a write-ahead log that
// would drop committed work is kept aside too. Each of these is told to the person.
import {
  closeSync,
  copyFileSync,
  existsSync,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
} from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { backUpBeforeMigration, backupMadeAt, backupOf, pagesIntact, stamp } from './backup.ts'
import { migrations } from './migrations.ts'
import { schemaDifference } from './schema-check.ts'
import { inspectWriteAheadLog } from './write-ahead-log.ts'

export interface HistoryDatabase {
  db: DatabaseSync
  /** What happened while opening, in a sentence for the person (empty when all was well). */
  notices: string[]
  /** Runs `work` in one BEGIN IMMEDIATE transaction; rolls back if it throws. */
  transaction<T>(work: () => T): T
  /** Checkpoints and closes; never copies the history (`backup.ts` does, at most once a day). */
  close(): void
}

export const schemaVersion = migrations.length
const sidecars = ['-wal', '-shm']

function moveAside(path: string, label: string, now: number): string {
  const target = `${path}.${label}-${stamp(now)}`
  renameSync(path, target)
  for (const suffix of sidecars) if (existsSync(path + suffix)) renameSync(path + suffix, target + suffix)
  return target
}

export type HistoryFileState =
  | { ok: true }
  | { ok: false; reason: 'damaged' | 'empty' }
  | { ok: false; reason: 'newer'; version: number }
  | { ok: false; reason: 'foreign'; difference: string }

/**
 * Whether a file can be opened as the history: intact, of a version the app knows, of the app's own structure.
 * `pages`: `all` reads every page (an archive's database, a backup about to be restored); `size` only checks
 * that the file holds the pages its header counts (the history at every start, whatever its size: its pages
 * are read whole once a day, before its backup).
 */
export function checkHistoryFile(path: string, pages: 'all' | 'size' = 'all'): HistoryFileState {
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
    if (pages === 'all' ? !pagesIntact(db) : cutShort(path)) return { ok: false, reason: 'damaged' }
    // The app writes its schema before anything else: a file without one was emptied (or cut to 0 bytes).
    if (version === 0) return { ok: false, reason: 'empty' }
    return { ok: true }
  } catch {
    return { ok: false, reason: 'damaged' }
  } finally {
    db?.close()
  }
}

/** Whether the file is shorter than the pages its own header counts (a copy or a disk that cut it). */
function cutShort(path: string): boolean {
  const header = Buffer.alloc(100)
  const file = openSync(path, 'r')
  try {
    if (readSync(file, header, 0, 100, 0) < 100) return false
    // Bytes 16–17: the page size (1 means 65,536); 28–31: the pages at the last checkpoint.
    const pageSize = header.readUInt16BE(16) === 1 ? 65_536 : header.readUInt16BE(16)
    return header.readUInt32BE(28) * pageSize > fstatSync(file).size
  } finally {
    closeSync(file)
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
  const backup = backupOf(path)
  if (existsSync(path)) keepDamagedLogAside(path, now, notices)
  if (existsSync(path)) {
    const state = checkHistoryFile(path, 'size')
    // The backup is read whole only when it is to be restored.
    const backupState = !state.ok && existsSync(backup) ? checkHistoryFile(backup) : null
    // An empty file with nothing to restore is a first start cut short: it simply becomes the history.
    if (!state.ok && (state.reason !== 'empty' || backupState?.ok)) {
      const aside = moveAside(path, state.reason, now)
      const restored = backupState?.ok === true
      if (restored) copyFileSync(backup, path)
      notices.push(
        `${historyFileProblem(state)}; it was moved to ${aside}.`,
        restored
          ? `The last backup, made ${new Date(backupMadeAt(path) ?? now).toLocaleString('en-GB')}, was restored: work since then is not in it.`
          : 'A new, empty history was started.',
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
  // A history written by an older version is backed up as it was before its first migration.
  if (current > 0 && current < schemaVersion) backUpBeforeMigration(db, path, now)
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
      try {
        db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
      } finally {
        db.close()
      }
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
