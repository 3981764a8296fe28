// What an import leaves for the next start, done before the history is opened: a verified pending import is
// swapped in; an imported history that cannot be opened is put aside and the one from before the import put
// back; staging folders of an export or import cut short by a crash are removed. Every move is written down
// first, so a start cut short half-way finishes the same moves the next time.
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { archivedPreferences } from '../app/preferences.ts'
import { writeFileAtomic } from '../files/atomic-write.ts'
import { stamp } from '../history/backup.ts'
import { checkHistoryFile, historyFileProblem } from '../history/database.ts'
import { pendingFolder } from './history-archive.ts'

/** The files an import replaces, and of those the ones an archive brings. */
const replaced = [
  'history.db',
  'history.db-wal',
  'history.db-shm',
  'history.db.backup',
  'preferences.json',
  'media',
]
const imported = ['history.db', 'media']
// Folders are named, not given as paths, so a journal can only ever point inside the data folder.
const asideName = /^before-import-[\w-]+$/
const refusedName = /^import-refused-[\w-]+$/

async function moveAll(names: readonly string[], from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true })
  for (const name of names) if (existsSync(join(from, name))) await rename(join(from, name), join(to, name))
}

/** A JSON file's value; an empty object when it is missing or damaged. */
async function readJson(path: string): Promise<object> {
  try {
    const value: unknown = JSON.parse(await readFile(path, 'utf8'))
    return typeof value === 'object' && value !== null ? value : {}
  } catch {
    return {}
  }
}

const Journal = z.object({ aside: z.string().regex(asideName), phase: z.enum(['aside', 'in']) })

/**
 * Swaps in a verified pending import. The current files move to a dated folder first, so nothing is lost.
 * A pending history that no longer checks out (staged by an older version of the app, or changed since) is
 * refused and moved aside whole, leaving the current history as it is. Returns a notice, or null.
 */
export async function applyPendingImport(userData: string, now = Date.now()): Promise<string | null> {
  const pending = join(userData, pendingFolder)
  if (!existsSync(join(pending, 'manifest.json'))) return null
  const journalFile = join(pending, 'applying.json')
  if (!existsSync(journalFile)) {
    const state = checkHistoryFile(join(pending, 'history.db'))
    if (!state.ok) {
      const refused = join(userData, `import-refused-${stamp(now)}`)
      await rename(pending, refused)
      return `The history waiting to be imported was not: ${historyFileProblem(state)}. It was kept in ${refused}; your history is as it was.`
    }
  }
  const journal = existsSync(journalFile)
    ? Journal.parse(JSON.parse(await readFile(journalFile, 'utf8')))
    : { aside: `before-import-${stamp(now)}`, phase: 'aside' as const }
  const aside = join(userData, journal.aside)
  if (journal.phase === 'aside') {
    await writeFileAtomic(journalFile, JSON.stringify(journal))
    await moveAll(replaced, userData, aside)
    await writeFileAtomic(journalFile, JSON.stringify({ ...journal, phase: 'in' }))
  }
  await moveAll(imported, pending, userData)
  await writeFileAtomic(
    join(userData, 'preferences.json'),
    JSON.stringify(
      {
        ...(await readJson(join(aside, 'preferences.json'))),
        ...archivedPreferences(await readJson(join(pending, 'preferences.json'))),
      },
      null,
      2,
    ),
  )
  await rm(pending, { recursive: true, force: true })
  return `The imported history is in place. The one it replaced was kept in ${aside}. Forwarding addresses, budgets and the receiver's settings stay as they were here: an archive never changes them.`
}

const restoring = 'restoring-before-import.json'
const Restoring = z.object({
  previous: z.string().regex(asideName),
  refused: z.string().regex(refusedName),
  phase: z.enum(['out', 'back']),
})

/**
 * A history that cannot be opened, with no clean-close backup to restore and the history from before an import
 * kept beside it, is the imported one: it is put aside and the one from before put back (the usual recovery
 * restores a backup when there is one). Returns a notice, or null.
 */
export async function restoreBeforeBrokenImport(userData: string, now = Date.now()): Promise<string | null> {
  const journalFile = join(userData, restoring)
  let journal: z.infer<typeof Restoring>
  let problem: string | null = null
  if (existsSync(journalFile)) {
    journal = Restoring.parse(JSON.parse(await readFile(journalFile, 'utf8')))
  } else {
    const current = join(userData, 'history.db')
    if (!existsSync(current)) return null
    // Only after an import (its history before it is kept aside): otherwise a start reads no more of the history
    // than the header's page count, whatever its size.
    const folders = (await readdir(userData))
      .filter((name) => asideName.test(name))
      .sort()
      .reverse()
    if (folders.length === 0) return null
    const state = checkHistoryFile(current, 'size')
    if (state.ok) return null
    const backup = join(userData, 'history.db.backup')
    if (existsSync(backup) && checkHistoryFile(backup).ok) return null
    const previous = folders.find((name) => checkHistoryFile(join(userData, name, 'history.db')).ok)
    if (!previous) return null
    problem = historyFileProblem(state)
    journal = { previous, refused: `import-refused-${stamp(now)}`, phase: 'out' }
    await writeFileAtomic(journalFile, JSON.stringify(journal))
  }
  const previous = join(userData, journal.previous)
  const refused = join(userData, journal.refused)
  if (journal.phase === 'out') {
    await moveAll(replaced, userData, refused)
    await writeFileAtomic(journalFile, JSON.stringify({ ...journal, phase: 'back' }))
  }
  await moveAll(replaced, previous, userData)
  await rmdir(previous).catch(() => {})
  await rm(journalFile, { force: true })
  return `The imported history could not be opened${problem ? ` (${problem})` : ''}; it was kept in ${refused}, and the history you had before the import was put back.`
}

/** Staging folders of an export or an import that a crash cut short: never anything but copies. */
export async function removeLeftoverStaging(userData: string): Promise<void> {
  if (!existsSync(userData)) return
  for (const name of await readdir(userData))
    if (/^\.(import|export)-[0-9a-f]{12}$/.test(name))
      await rm(join(userData, name), { recursive: true, force: true })
}
