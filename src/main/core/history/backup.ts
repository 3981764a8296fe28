// The history's backup (history.db.backup): a consistent copy (`VACUUM INTO`, from one read transaction, so the
// app's writes go on beside it), made by the process that owns the folder in its background worker, at most once
// a day, and before a migration. Closing never copies the history, so a command's time does not grow with it.
// SQLite's page-by-page online backup is not used: it starts over at every write of another connection, and a
// busy app writes more often than a large history can be copied. A backup is never replaced by a database that holds
// fewer rows: the older one is kept beside it under a dated name (the three newest).
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'

export const backupOf = (path: string) => `${path}.backup`
/** A backup younger than this is not made again. */
export const backupEvery = 24 * 60 * 60 * 1000
/** Backups an emptier database has displaced, newest first: the few most recent are kept. */
const keptBackups = 3

/** A time as a file name may carry it. */
export const stamp = (now: number) => new Date(now).toISOString().replace(/[:.]/g, '-')

/** Every page of the database reads (SQLite's quick check). */
export function pagesIntact(db: DatabaseSync): boolean {
  const result = db.prepare('PRAGMA quick_check').get() as { quick_check?: string } | undefined
  return result?.quick_check === 'ok'
}

/** When the backup of the history at `path` was made, or null when there is none. */
export function backupMadeAt(path: string): number | null {
  try {
    return statSync(backupOf(path)).mtimeMs
  } catch {
    return null
  }
}

/**
 * Backs up the history at `path` when its backup is missing or a day old (`force`: whatever its age), through a
 * temporary file renamed at the end. Every page is read first: a history with damaged pages never replaces the
 * backup. Resolves what was done.
 */
export async function backUpHistory(
  path: string,
  now = Date.now(),
  force = false,
): Promise<'made' | 'recent' | 'damaged'> {
  const made = backupMadeAt(path)
  if (!force && made !== null && now - made < backupEvery) return 'recent'
  const target = backupOf(path)
  const temp = `${target}.${process.pid}.tmp`
  // A copy a quit cut short is removed once it is an hour old (a copy under way is never that old for long).
  for (const name of readdirSync(dirname(path)))
    if (name.startsWith(`${basename(target)}.`) && name.endsWith('.tmp')) {
      const leftover = join(dirname(path), name)
      if (name === basename(temp) || now - statSync(leftover).mtimeMs > 60 * 60 * 1000)
        rmSync(leftover, { force: true, recursive: true })
    }
  const db = new DatabaseSync(path, { readOnly: true })
  try {
    if (!pagesIntact(db)) return 'damaged'
    db.exec(`VACUUM INTO '${temp.replaceAll("'", "''")}'`)
  } catch (error) {
    rmSync(temp, { force: true, recursive: true })
    throw error
  } finally {
    db.close()
  }
  keepLargerBackup(target, temp, now)
  renameSync(temp, target)
  return 'made'
}

/** The same, at once and in this thread: before a migration changes the file. */
export function backUpBeforeMigration(db: DatabaseSync, path: string, now = Date.now()): void {
  const target = backupOf(path)
  const temp = `${target}.${process.pid}.tmp`
  try {
    rmSync(temp, { force: true })
    db.exec(`VACUUM INTO '${temp.replaceAll("'", "''")}'`)
  } catch (error) {
    rmSync(temp, { force: true, recursive: true })
    throw error
  }
  keepLargerBackup(target, temp, now)
  renameSync(temp, target)
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

/** Before `next` replaces the backup: a backup holding more rows is kept under a dated name. */
function keepLargerBackup(backupFile: string, next: string, now: number): void {
  if (!existsSync(backupFile)) return
  const before = rowsIn(backupFile)
  const after = rowsIn(next)
  if (before === null || after === null || after >= before) return
  try {
    renameSync(backupFile, `${backupFile}.kept-${stamp(now)}`)
  } catch (error) {
    // Another process moved it a moment ago.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const prefix = `${basename(backupFile)}.kept-`
  const kept = readdirSync(dirname(backupFile))
    .filter((name) => name.startsWith(prefix))
    .sort()
    .reverse()
  for (const name of kept.slice(keptBackups)) rmSync(join(dirname(backupFile), name), { force: true })
}
