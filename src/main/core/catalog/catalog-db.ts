// The kept catalogs' database, `catalog.db` beside the history: what each profile's service listed last, with what
// changed since the catalog before. Each model is a row of the fields the browser shows and filters by, with its place in each
// sort order as an indexed column; a full-text index covers ids, names and descriptions; the listings as the
// service sent them are kept packed, a block of models at a time. It is a cache of what a service lists: a file
// that is damaged, newer or not the app's own is kept aside with a notice, and the catalogs are fetched again.
import { existsSync, renameSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { stamp } from '../history/backup.ts'
import { schemaDifference } from '../history/schema-check.ts'
import { rankedColumns } from './orders.ts'

/** The column of a model's place when the catalog is sorted by `column` (`promptPrice` → `prompt_price_place`). */
export const placeColumn = (column: string) =>
  `${column.replace(/[A-Z0-9]+/g, (part) => `_${part.toLowerCase()}`)}_place`

const places = rankedColumns.map(placeColumn)

export const catalogMigrations: readonly string[] = [
  `
  CREATE TABLE snapshots (
    id INTEGER PRIMARY KEY,
    profile_id TEXT NOT NULL,
    fetched_at INTEGER NOT NULL,
    complete INTEGER NOT NULL DEFAULT 0,
    problem TEXT,
    size INTEGER NOT NULL DEFAULT 0,
    first_rid INTEGER NOT NULL DEFAULT 0,
    facets_json TEXT NOT NULL DEFAULT '{}',
    changes_json TEXT
  );
  CREATE INDEX snapshots_by_profile ON snapshots(profile_id, complete, fetched_at DESC);

  CREATE TABLE models (
    rid INTEGER PRIMARY KEY,
    snapshot_id INTEGER NOT NULL,
    place INTEGER NOT NULL,
    listed INTEGER NOT NULL,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    provider TEXT NOT NULL,
    roles TEXT NOT NULL,
    uses TEXT NOT NULL,
    inputs TEXT NOT NULL,
    outputs TEXT NOT NULL,
    parameters TEXT NOT NULL,
    context_length INTEGER,
    max_completion_tokens INTEGER,
    prompt TEXT,
    completion TEXT,
    cache_read TEXT,
    cache_write_5m TEXT,
    cache_write_1h TEXT,
    per_second TEXT,
    moderated INTEGER NOT NULL,
    expiration_date TEXT,
    prompt_amount INTEGER,
    ${places.map((column) => `${column} INTEGER`).join(',\n    ')}
  );
  CREATE UNIQUE INDEX models_by_id ON models(snapshot_id, id);
  CREATE INDEX models_by_provider ON models(snapshot_id, provider);
  -- The lists the other screens read, in the service's order, found without reading whole rows.
  CREATE INDEX models_by_listing ON models(snapshot_id, listed, uses, outputs, place);
  -- Counts under the filters of short columns, and the price plot's pairs, read without reading whole rows.
  CREATE INDEX models_by_filter ON models(snapshot_id, roles, inputs, outputs, provider, context_length, prompt_amount);
  ${places.map((column) => `CREATE INDEX models_by_${column} ON models(snapshot_id, ${column} IS NULL, ${column});`).join('\n  ')}

  CREATE VIRTUAL TABLE models_text USING fts5(id, name, description, content = '', contentless_delete = 1);

  -- The unified listing's entries of the models other screens pick from (pickedFor), each list one range.
  CREATE TABLE picked (
    snapshot_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    listed INTEGER NOT NULL,
    unified_json TEXT NOT NULL,
    PRIMARY KEY (snapshot_id, kind, listed)
  ) WITHOUT ROWID;

  CREATE TABLE listings (
    snapshot_id INTEGER NOT NULL,
    block INTEGER NOT NULL,
    packed BLOB NOT NULL,
    PRIMARY KEY (snapshot_id, block)
  ) WITHOUT ROWID;
  `,
]
const catalogVersion = catalogMigrations.length

/** Why the file cannot be the kept catalogs, or null when it can. */
function problemOf(path: string): string | null {
  let db: DatabaseSync | undefined
  try {
    db = new DatabaseSync(path)
    const check = db.prepare('PRAGMA quick_check').get() as { quick_check?: string } | undefined
    if (check?.quick_check !== 'ok') return 'it is damaged'
    const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number }
    if (version > catalogVersion) return 'a newer version of the app wrote it'
    const difference = schemaDifference(db, version, catalogMigrations)
    return difference ? `it is not the app's own (${difference})` : null
  } catch (error) {
    return `it could not be read (${(error as Error).message})`
  } finally {
    db?.close()
  }
}

/** A connection to the kept catalogs, opened (checked and migrated) by `openCatalogDatabase` first. */
export function connectCatalogDatabase(path: string): DatabaseSync {
  const db = new DatabaseSync(path)
  // Set before the first table (later it changes nothing): the pages of a dropped catalog can be given back.
  db.exec('PRAGMA auto_vacuum = INCREMENTAL')
  db.exec('PRAGMA journal_mode = WAL')
  // A cache of what a service lists: a power cut may lose the last catalog kept, never the file.
  db.exec('PRAGMA synchronous = NORMAL')
  db.exec('PRAGMA busy_timeout = 5000')
  // A catalog is written with a dozen indexes at once: their pages stay in memory while it is.
  db.exec('PRAGMA cache_size = -32768')
  return db
}

/** Opens the kept catalogs, migrating them; `notices` gets a sentence when a bad file was kept aside. */
export function openCatalogDatabase(path: string, notices: string[], now = Date.now()): DatabaseSync {
  if (existsSync(path)) {
    const problem = problemOf(path)
    if (problem) {
      const aside = `${path}.aside-${stamp(now)}`
      renameSync(path, aside)
      for (const suffix of ['-wal', '-shm'])
        if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix)
      notices.push(
        `The kept model catalogs could not be used (${problem}); the file was moved to ${aside}, and each catalog will be fetched again.`,
      )
    }
  }
  const db = connectCatalogDatabase(path)
  const { user_version: current } = db.prepare('PRAGMA user_version').get() as { user_version: number }
  for (let version = current; version < catalogVersion; version++) {
    db.exec('BEGIN IMMEDIATE')
    try {
      db.exec(catalogMigrations[version] ?? '')
      db.exec(`PRAGMA user_version = ${version + 1}`)
      db.exec('COMMIT')
    } catch (error) {
      db.exec('ROLLBACK')
      throw error
    }
  }
  return db
}
