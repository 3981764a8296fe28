// The parts of an export and an import that read a whole database — its copy and counts, the checks of a staged
// one — run in the background worker: a history of a million rows takes seconds that main's loop never waits.
import { DatabaseSync } from 'node:sqlite'
import { checkHistoryFile, type HistoryFileState } from '../history/database.ts'
import { mediaRowProblem } from '../media/media-store.ts'

const countedTables = [
  'video_jobs',
  'image_results',
  'questionnaires',
  'decision_runs',
  'decision_batches',
  'conversations',
]

/** A consistent copy of the history at `source`, written to `target`, and how many of each kind it holds. */
export function copyHistory(source: string, target: string): Record<string, number> {
  const db = new DatabaseSync(source, { readOnly: true })
  try {
    db.exec(`VACUUM INTO '${target.replaceAll("'", "''")}'`)
  } finally {
    db.close()
  }
  const copy = new DatabaseSync(target, { readOnly: true })
  try {
    return Object.fromEntries(
      countedTables.map((table) => [
        table,
        (copy.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
      ]),
    )
  } finally {
    copy.close()
  }
}

function problemOf(state: HistoryFileState & { ok: false }): string {
  switch (state.reason) {
    case 'newer':
      return 'it was written by a newer version of the app'
    case 'empty':
      return 'its database is not a Gateway Desk history'
    case 'foreign':
      return `its database is not one this app writes: it has ${state.difference}`
    case 'damaged':
      return 'its history database is damaged'
  }
}

/** Why an unpacked history cannot be taken in (its state, schema, media rows), in a phrase; null when it can. */
export function stagedHistoryProblem(path: string): string | null {
  const state = checkHistoryFile(path)
  if (!state.ok) return problemOf(state)
  const db = new DatabaseSync(path, { readOnly: true })
  try {
    const rows = db.prepare('SELECT id, file_name AS fileName FROM media').all() as {
      id: string
      fileName: string
    }[]
    for (const row of rows) {
      const problem = mediaRowProblem(row)
      if (problem) return `its ${problem}`
    }
    return null
  } finally {
    db.close()
  }
}
