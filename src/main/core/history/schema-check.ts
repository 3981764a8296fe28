// Whether a database has exactly the structure the app's own migrations give a file of its version: the same
// tables, columns, indexes, triggers, views and virtual tables, with the same SQL. A file from elsewhere (an
// archive someone sent) may carry a trigger or a view that would run inside every later write; the app never
// opens such a file as its own.
import { DatabaseSync } from 'node:sqlite'

interface SchemaEntry {
  type: string
  name: string
  sql: string
}

// SQLite keeps a statement's text as written (ALTER TABLE edits it in place), so only runs of spaces differ
// between two files that the same migrations made.
const normalized = (sql: string | null) => (sql ?? '').replace(/\s+/g, ' ').trim()

function entriesOf(db: DatabaseSync): Map<string, SchemaEntry> {
  const rows = db.prepare('SELECT type, name, sql FROM sqlite_schema').all() as {
    type: string
    name: string
    sql: string | null
  }[]
  return new Map(rows.map((row) => [`${row.type} ${row.name}`, { ...row, sql: normalized(row.sql) }]))
}

const expected = new Map<readonly string[], Map<number, Map<string, SchemaEntry>>>()

/** The structure `migrations` give a file of `version`. */
function expectedAt(migrations: readonly string[], version: number): Map<string, SchemaEntry> {
  let byVersion = expected.get(migrations)
  if (!byVersion) {
    byVersion = new Map()
    expected.set(migrations, byVersion)
  }
  let entries = byVersion.get(version)
  if (!entries) {
    const db = new DatabaseSync(':memory:')
    try {
      for (const migration of migrations.slice(0, version)) db.exec(migration)
      entries = entriesOf(db)
    } finally {
      db.close()
    }
    byVersion.set(version, entries)
  }
  return entries
}

const describe = (entry: SchemaEntry) => `${entry.type} ${JSON.stringify(entry.name.slice(0, 60))}`

/**
 * What differs between the file's structure and the one the app makes at the file's `user_version`, in a
 * phrase (the first few differences), or null when they are the same. The caller has checked the version is
 * one the app knows.
 */
export function schemaDifference(
  db: DatabaseSync,
  version: number,
  migrations: readonly string[],
): string | null {
  const want = expectedAt(migrations, version)
  const have = entriesOf(db)
  const problems: string[] = []
  for (const [key, entry] of have) {
    const own = want.get(key)
    if (!own) problems.push(`a ${describe(entry)} the app does not make`)
    else if (own.sql !== entry.sql) problems.push(`a ${describe(entry)} that is not the app's`)
  }
  for (const [key, entry] of want) if (!have.has(key)) problems.push(`no ${describe(entry)}`)
  if (problems.length === 0) return null
  const shown = problems.slice(0, 3).join('; ')
  return problems.length > 3 ? `${shown}; and ${problems.length - 3} more differences` : shown
}
