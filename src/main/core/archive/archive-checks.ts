// The parts of an export and an import that read a whole database — its copy and counts, the checks of a staged
// one — run in the background worker: a history of a million rows takes seconds that main's loop never waits.
import { DatabaseSync } from 'node:sqlite'
import { checkHistoryFile, type HistoryFileState } from '../history/database.ts'
import { pastPicodollarsOf, picodollarsOf } from '../history/migrations.ts'
import { mediaRowProblem } from '../media/media-store.ts'
import { redact } from '../secrets/redaction.ts'

const countedTables = [
  'video_jobs',
  'image_results',
  'questionnaires',
  'decision_runs',
  'decision_batches',
  'conversations',
]

/**
 * A consistent copy of the history at `source`, written to `target`, and how many of each kind it holds. A held
 * secret found in the copy (in any spelling `redact` knows) is taken out of it, and the copy is vacuumed so no
 * free page keeps it; an export never carries a key.
 */
export function copyHistory(
  source: string,
  target: string,
  secrets: readonly string[] = [],
): Record<string, number> {
  const db = new DatabaseSync(source, { readOnly: true })
  try {
    db.exec(`VACUUM INTO '${target.replaceAll("'", "''")}'`)
  } finally {
    db.close()
  }
  // Holds are this machine's requests in flight: an archive carries what was spent, not what is out.
  const copied = new DatabaseSync(target)
  try {
    const holds = copied
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'spend_holds'")
      .get()
    if (holds) copied.exec('DELETE FROM spend_holds')
  } finally {
    copied.close()
  }
  const searched = secrets.filter((secret) => secret.length >= 6)
  if (searched.length > 0) withoutSecrets(target, searched)
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

/** Takes `secrets` out of every text cell of the database at `path` (a copy), then vacuums it. */
function withoutSecrets(path: string, secrets: readonly string[]): void {
  const db = new DatabaseSync(path)
  try {
    db.function('redacted', { deterministic: true }, (text) =>
      typeof text === 'string' ? redact(text, secrets, false) : text,
    )
    const tables = db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as { name: string; sql: string }[]
    const virtual = tables.filter((table) => /^CREATE VIRTUAL/i.test(table.sql)).map((table) => table.name)
    const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`
    // A full-text index follows its table through the table's triggers; its own tables are never written to.
    const plain = tables.filter((table) => !virtual.some((name) => table.name.startsWith(name)))
    // Only cells that can hold a secret are passed to `redacted`: the plain spelling, or any escape.
    const candidate = (column: string) =>
      [
        ...secrets.map((_, at) => `instr(${column}, :s${at})`),
        `instr(${column}, '\\')`,
        `instr(${column}, '%')`,
      ].join(' OR ')
    const named = Object.fromEntries(secrets.map((secret, at) => [`s${at}`, secret]))
    db.exec('BEGIN')
    for (const table of plain) {
      const columns = (
        db.prepare(`PRAGMA table_info(${quoted(table.name)})`).all() as { name: string }[]
      ).map((column) => quoted(column.name))
      for (const column of columns)
        db.prepare(
          `UPDATE ${quoted(table.name)} SET ${column} = redacted(${column})
            WHERE typeof(${column}) = 'text' AND (${candidate(column)}) AND redacted(${column}) <> ${column}`,
        ).run(named)
    }
    // A full-text index keeps the pieces of a text it was told to forget until it is rebuilt.
    for (const name of virtual)
      if (/USING\s+fts5/i.test(tables.find((table) => table.name === name)?.sql ?? ''))
        db.exec(`INSERT INTO ${quoted(name)}(${quoted(name)}) VALUES ('rebuild')`)
    db.exec('COMMIT')
    db.exec('VACUUM')
  } finally {
    db.close()
  }
}

/** The history's figures of money: decimal amounts of zero or more (`0.0123`), never negative or text. */
const costColumns = new Set(['cost', 'video_cost', 'write_cost', 'estimate'])

/** A batch whose kept counts and spending (migration 23) are not those of its rows. */
const spent = "status = 'done' AND cost IS NOT NULL"
const batchCountsDiffer = `SELECT batch.id FROM decision_batches AS batch LEFT JOIN (
    SELECT batch_id, count(*) AS total, sum(status = 'done') AS done, sum(status = 'failed') AS failed,
      sum(status = 'pending') AS pending,
      sum(CASE WHEN ${spent} THEN ${picodollarsOf('cost')} ELSE 0 END) AS pico,
      sum(CASE WHEN ${spent} THEN ${pastPicodollarsOf('cost')} ELSE 0 END) AS rest
    FROM decision_batch_items GROUP BY batch_id
  ) AS rows ON rows.batch_id = batch.id
  WHERE batch.rows_total <> coalesce(rows.total, 0) OR batch.rows_done <> coalesce(rows.done, 0)
    OR batch.rows_failed <> coalesce(rows.failed, 0) OR batch.rows_pending <> coalesce(rows.pending, 0)
    OR batch.spent_pico <> coalesce(rows.pico, 0) OR batch.spent_rest <> coalesce(rows.rest, 0)
  LIMIT 1`

/** A figure of money in a staged history (its schema already the app's own) that is not one, or null. */
function ledgerProblem(db: DatabaseSync): string | null {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'")
    .all() as { name: string }[]
  for (const { name } of tables) {
    const columns = (db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[])
      .map((column) => column.name)
      .filter((column) => costColumns.has(column))
    for (const column of columns) {
      const bad = db
        .prepare(
          `SELECT "${column}" AS value FROM "${name}" WHERE "${column}" IS NOT NULL AND NOT (
            typeof("${column}") = 'text' AND length("${column}") BETWEEN 1 AND 40
            AND "${column}" GLOB '[0-9]*' AND "${column}" NOT GLOB '*[^0-9.]*' AND "${column}" NOT GLOB '*.*.*'
          ) LIMIT 1`,
        )
        .get() as { value: unknown } | undefined
      if (bad) return `its ${name} holds a cost that is not an amount of money (${JSON.stringify(bad.value)})`
    }
  }
  // Every entry at a time up to now (a later one would count against every period to come), its whole
  // picodollars those of its cost: read from the text, or (a history from before version 17) through REAL.
  const entry = db
    .prepare(
      `SELECT id FROM spend_entries WHERE typeof(at) <> 'integer' OR at < 0 OR at > :latest
        OR (picodollars <> ${picodollarsOf('cost')}
          AND picodollars <> CAST(round(CAST(cost AS REAL) * 1e12) AS INTEGER)) LIMIT 1`,
    )
    .get({ latest: Date.now() + 24 * 60 * 60 * 1000 }) as { id: number } | undefined
  if (entry) return `its spend ledger has an entry (${entry.id}) whose time or sum is not one the app writes`
  const columnsOf = (table: string) =>
    new Set((db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((one) => one.name))
  if (
    columnsOf('spend_entries').has('past_picodollars') &&
    db
      .prepare(`SELECT 1 FROM spend_entries WHERE past_picodollars <> ${pastPicodollarsOf('cost')} LIMIT 1`)
      .get()
  )
    return 'its spend ledger has an entry whose sum is not one the app writes'
  if (columnsOf('decision_batches').has('rows_total')) {
    const batch = db.prepare(batchCountsDiffer).get() as { id: string } | undefined
    if (batch) return `its batch ${JSON.stringify(batch.id.slice(0, 60))} counts or sums its rows wrongly`
  }
  const holds = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'spend_holds'").get()
  if (holds && db.prepare('SELECT 1 FROM spend_holds LIMIT 1').get())
    return 'its spend ledger holds requests in flight, which an export never carries'
  return null
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
    return ledgerProblem(db)
  } finally {
    db.close()
  }
}
