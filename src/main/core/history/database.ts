// Opens the history database: integrity check, schema version check, WAL, migrations in BEGIN IMMEDIATE
// transactions. A damaged file or one from a newer version of the app is moved aside (never replaced
// silently) and the last clean-close backup is restored when there is one.
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { migrations } from './migrations.ts'

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

function moveAside(path: string, label: string, now: number): string {
  const target = `${path}.${label}-${new Date(now).toISOString().replace(/[:.]/g, '-')}`
  renameSync(path, target)
  for (const suffix of sidecars) if (existsSync(path + suffix)) renameSync(path + suffix, target + suffix)
  return target
}

export function checkHistoryFile(
  path: string,
): { ok: true } | { ok: false; reason: 'damaged' | 'newer'; version?: number } {
  let db: DatabaseSync | undefined
  try {
    db = new DatabaseSync(path)
    const result = db.prepare('PRAGMA quick_check').get() as { quick_check?: string } | undefined
    if (result?.quick_check !== 'ok') return { ok: false, reason: 'damaged' }
    const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number }
    if (version > schemaVersion) return { ok: false, reason: 'newer', version }
    return { ok: true }
  } catch {
    return { ok: false, reason: 'damaged' }
  } finally {
    db?.close()
  }
}

export function openHistoryDatabase(path: string, now = Date.now()): HistoryDatabase {
  const notices: string[] = []
  const backup = `${path}.backup`
  if (existsSync(path)) {
    const state = checkHistoryFile(path)
    if (!state.ok) {
      const aside = moveAside(path, state.reason, now)
      const restored = existsSync(backup) && checkHistoryFile(backup).ok
      if (restored) copyFileSync(backup, path)
      notices.push(
        state.reason === 'newer'
          ? `The history was written by a newer version of the app (schema ${state.version}); it was moved to ${aside}.`
          : `The history database was damaged; it was moved to ${aside}.`,
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
      const temp = `${backup}.tmp`
      rmSync(temp, { force: true })
      db.exec(`VACUUM INTO '${temp.replaceAll("'", "''")}'`)
      db.close()
      renameSync(temp, backup)
    },
  }
}
