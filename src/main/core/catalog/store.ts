// Reading the kept catalogs (in the data worker): a page of the browser's table is a range of the index of its
// sort order, filtered by indexed or scanned columns and the full-text index, and read from the columns alone;
// its count is read for the first page only; what changed was worked out when the catalog was kept; a model's whole
// record is a lookup by its id, its listings unpacked from their block.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import type { UnifiedModel } from '#shared/api/models'
import type {
  CatalogChanges,
  CatalogModel,
  CatalogRow,
  ModelRole,
  PickedKind,
  PlaygroundUse,
} from '#shared/domain/catalog'
import { emptyFilter, type ModelFilter, type SortColumn } from '#shared/domain/catalog-view'
import { formatAmount, parseAmount } from '#shared/domain/money'
import { placeColumn } from './catalog-db.ts'
import { listed, modelsPerBlock, valuesOf } from './keep-catalog.ts'
import { type RawModel, recordOf, unpackBlock } from './records.ts'

export interface KeptSnapshot {
  id: number
  fetchedAt: number
  problem: string | null
  size: number
}

export interface Facets {
  providers: string[]
  inputs: string[]
  outputs: string[]
  parameters: string[]
}

/** The words of a search as a full-text query: every word, each matching the start of a word of the model. */
export function searchQuery(text: string): string | null {
  const words = text
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .map((word) => `"${word.replaceAll('"', '""')}"*`)
  return words.length ? words.join(' ') : null
}

type Condition = [sql: string, ...params: SQLInputValue[]]

/** The filter's conditions on a model's own columns (`m`), its words apart. */
function conditionsOf(filter: ModelFilter): Condition[] {
  const conditions: Condition[] = []
  if (filter.provider) conditions.push(['m.provider = ?', filter.provider])
  if (filter.input) conditions.push(['instr(m.inputs, ?) > 0', listed([filter.input])])
  if (filter.output) conditions.push(['instr(m.outputs, ?) > 0', listed([filter.output])])
  if (filter.parameter) conditions.push(['instr(m.parameters, ?) > 0', listed([filter.parameter])])
  if (filter.role) conditions.push(['instr(m.roles, ?) > 0', listed([filter.role])])
  if (filter.minContext !== null) conditions.push(['m.context_length >= ?', filter.minContext])
  // At most this much per 1M tokens: at most a millionth of it per token, in the store's exact units.
  if (filter.maxPrice) conditions.push(['m.prompt_amount <= ?', parseAmount(filter.maxPrice) / 1_000_000n])
  return conditions
}

interface Where {
  sql: string
  params: SQLInputValue[]
}

const joined = (conditions: Condition[]): Where => ({
  sql: conditions.map(([sql]) => sql).join(' AND '),
  params: conditions.flatMap(([, ...params]) => params),
})

/**
 * Which models of a catalog the filter matches: its words, a full-text query over the catalog's own rows (its
 * `rid`s are one range), and its conditions on columns.
 */
interface Matching {
  snapshotId: number
  words: { query: string; first: number; last: number } | null
  columns: Condition[]
}

/** `m.rid IN (…)` for the words: the matches of the full-text index within the catalog's rows. */
const wordsCondition = (words: NonNullable<Matching['words']>): Condition => [
  'm.rid IN (SELECT rowid FROM models_text WHERE models_text MATCH ? AND rowid BETWEEN ? AND ?)',
  words.query,
  words.first,
  words.last,
]

function whereOf(matching: Matching, extra: Condition[] = []): Where {
  return joined([
    ['m.snapshot_id = ?', matching.snapshotId],
    ...(matching.words ? [wordsCondition(matching.words)] : []),
    ...matching.columns,
    ...extra,
  ])
}

const rowColumns = `m.id, m.name, m.provider, m.roles, m.inputs, m.outputs, m.parameters,
  m.context_length AS contextLength, m.max_completion_tokens AS maxCompletionTokens, m.prompt, m.completion,
  m.cache_read AS cacheRead, m.cache_write_5m AS cacheWrite5m, m.cache_write_1h AS cacheWrite1h,
  m.per_second AS perSecond, m.moderated, m.expiration_date AS expirationDate`

interface StoredRow {
  id: string
  name: string
  provider: string
  roles: string
  inputs: string
  outputs: string
  parameters: string
  contextLength: number | null
  maxCompletionTokens: number | null
  prompt: string | null
  completion: string | null
  cacheRead: string | null
  cacheWrite5m: string | null
  cacheWrite1h: string | null
  perSecond: string | null
  moderated: number
  expirationDate: string | null
}

const rowOf = (row: StoredRow): CatalogRow => ({
  id: row.id,
  name: row.name,
  provider: row.provider,
  roles: valuesOf(row.roles) as ModelRole[],
  inputModalities: valuesOf(row.inputs),
  outputModalities: valuesOf(row.outputs),
  supportedParameters: valuesOf(row.parameters),
  contextLength: row.contextLength,
  maxCompletionTokens: row.maxCompletionTokens,
  prices: {
    prompt: row.prompt,
    completion: row.completion,
    cacheRead: row.cacheRead,
    cacheWrite5m: row.cacheWrite5m,
    cacheWrite1h: row.cacheWrite1h,
  },
  perSecond: row.perSecond,
  moderated: row.moderated === 1,
  expirationDate: row.expirationDate,
})

/**
 * What a read goes through, and on what conditions. With words, a read in the order of ids (and a count) is driven by
 * the full-text index, which gives its matches in that order; any other read goes along an index of the catalog's
 * models and looks each up among the matches. One provider's models are few: they are found by their index.
 */
function source(matching: Matching, byWords: boolean, extra: Condition[] = []): Where {
  if (byWords && matching.words) {
    const { query, first, last } = matching.words
    const rest = joined([...matching.columns, ...extra])
    return {
      sql: `models_text JOIN models AS m ON m.rid = models_text.rowid
        WHERE models_text MATCH ? AND models_text.rowid BETWEEN ? AND ?${rest.sql ? ` AND ${rest.sql}` : ''}`,
      params: [query, first, last, ...rest.params],
    }
  }
  const byProvider = matching.columns.some(([sql]) => sql === 'm.provider = ?')
  const where = whereOf(matching, extra)
  return {
    sql: `models AS m${byProvider ? ' INDEXED BY models_by_provider' : ''} WHERE ${where.sql}`,
    params: where.params,
  }
}

/**
 * A page in a sort order: by id, the order models are kept in; by another column, a range of that column's index
 * of places, models without a value last in either direction (down, the models with a value are one range and
 * those without another: `page` reads the second when the first runs out).
 */
function pageSql(matching: Matching, sort: SortColumn, part: 'up' | 'down' | 'missing'): Where {
  if (sort === 'id') {
    const byWords = matching.words !== null
    const { sql, params } = source(matching, byWords)
    const order = `${byWords ? 'models_text.rowid' : 'm.rid'}${part === 'down' ? ' DESC' : ''}`
    return { sql: `SELECT ${rowColumns} FROM ${sql} ORDER BY ${order} LIMIT ? OFFSET ?`, params }
  }
  const place = `m.${placeColumn(sort)}`
  const extra: Condition[] = part === 'up' ? [] : [[`(${place} IS NULL) = ${part === 'down' ? 0 : 1}`]]
  const { sql, params } = source(matching, false, extra)
  const order = { up: `${place} IS NULL, ${place}, m.rid`, down: `${place} DESC`, missing: 'm.rid' }[part]
  return { sql: `SELECT ${rowColumns} FROM ${sql} ORDER BY ${order} LIMIT ? OFFSET ?`, params }
}

export function createCatalogStore(db: DatabaseSync) {
  const statements = new Map<string, ReturnType<DatabaseSync['prepare']>>()
  const prepared = (sql: string) => {
    let statement = statements.get(sql)
    if (!statement) {
      statement = db.prepare(sql)
      statements.set(sql, statement)
    }
    return statement
  }
  const matchingOf = (snapshotId: number, filter: ModelFilter): Matching => {
    const query = searchQuery(filter.text)
    // A catalog dropped since the read was asked for has no rows.
    const { first, size } = (prepared('SELECT first_rid AS first, size FROM snapshots WHERE id = ?').get(
      snapshotId,
    ) as { first: number; size: number } | undefined) ?? { first: 0, size: 0 }
    return {
      snapshotId,
      words: query ? { query, first, last: first + size - 1 } : null,
      columns: conditionsOf(filter),
    }
  }
  /** How many models match; with words alone, how many matches the full-text index has in the catalog. */
  const count = (matching: Matching, extra: Condition[] = []) => {
    const { words } = matching
    if (!words && matching.columns.length === 0 && extra.length === 0)
      return (
        prepared('SELECT size FROM snapshots WHERE id = ?').get(matching.snapshotId) as { size: number }
      ).size
    const { sql, params } =
      words && matching.columns.length === 0 && extra.length === 0
        ? {
            sql: 'models_text WHERE models_text MATCH ? AND rowid BETWEEN ? AND ?',
            params: [words.query, words.first, words.last],
          }
        : source(matching, words !== null, extra)
    return (prepared(`SELECT count(*) AS n FROM ${sql}`).get(...params) as { n: number }).n
  }
  /** The listings of the model kept at `place` of a catalog. */
  const rawAt = (snapshotId: number, place: number): RawModel => {
    const row = prepared('SELECT packed FROM listings WHERE snapshot_id = ? AND block = ?').get(
      snapshotId,
      Math.floor(place / modelsPerBlock),
    ) as { packed: Uint8Array } | undefined
    const raw = row && unpackBlock(row.packed)[place % modelsPerBlock]
    if (!raw) throw new Error('a kept model has lost its listing')
    return raw
  }
  const placed = (snapshotId: number, id: string) =>
    prepared('SELECT place FROM models WHERE snapshot_id = ? AND id = ?').get(snapshotId, id) as
      | { place: number }
      | undefined

  return {
    /** A profile's kept catalog. */
    latest(profileId: string): KeptSnapshot | undefined {
      return prepared(
        `SELECT id, fetched_at AS fetchedAt, problem, size FROM snapshots
         WHERE profile_id = ? AND complete = 1 ORDER BY fetched_at DESC, id DESC LIMIT 1`,
      ).get(profileId) as KeptSnapshot | undefined
    },

    facets(snapshotId: number): Facets {
      const row = prepared('SELECT facets_json AS facets FROM snapshots WHERE id = ?').get(snapshotId) as
        | { facets: string }
        | undefined
      return JSON.parse(row?.facets ?? '{}') as Facets
    },

    /** One page of the browser's table, and (when asked) how many models the filter matches. */
    page(
      snapshotId: number,
      query: { filter: ModelFilter; sort: SortColumn; descending: boolean; offset: number; limit: number },
      withTotal: boolean,
    ): { rows: CatalogRow[]; total: number | null } {
      const matching = matchingOf(snapshotId, query.filter)
      const read = (part: 'up' | 'down' | 'missing', limit: number, offset: number) => {
        const { sql, params } = pageSql(matching, query.sort, part)
        return prepared(sql).all(...params, limit, offset) as unknown as StoredRow[]
      }
      let rows = read(query.descending ? 'down' : 'up', query.limit, query.offset)
      if (query.descending && query.sort !== 'id' && rows.length < query.limit) {
        // Past the models with a value: those without one follow, in the order of ids.
        const present =
          rows.length > 0
            ? query.offset + rows.length
            : count(matching, [[`(m.${placeColumn(query.sort)} IS NULL) = 0`]])
        rows = [...rows, ...read('missing', query.limit - rows.length, Math.max(0, query.offset - present))]
      }
      return { rows: rows.map(rowOf), total: withTotal ? count(matching) : null }
    },

    /**
     * What the price plot draws for the filtered models with both a context length and a prompt price: the two
     * numbers of each (USD per 1M tokens, close enough to place a point), and each model's id, name and exact
     * price when there are at most `named` of them.
     */
    points(snapshotId: number, filter: ModelFilter, named: number) {
      const matching = matchingOf(snapshotId, filter)
      const plotted: Condition[] = [['m.context_length IS NOT NULL'], ['m.prompt_amount > 0']]
      const { sql, params } = source(matching, false, plotted)
      // Read as arrays of two numbers: there may be tens of thousands.
      const pairs = prepared(`SELECT m.context_length, m.prompt_amount / 1e12 FROM ${sql}`)
      pairs.setReturnArrays(true)
      let points = pairs.all(...params) as unknown as [number, number][]
      let models: { id: string; name: string; prompt: string }[] | null = null
      if (points.length <= named) {
        const statement = prepared(
          `SELECT m.id, m.name, m.context_length AS context, m.prompt_amount AS price FROM ${sql} ORDER BY m.rid`,
        )
        statement.setReadBigInts(true)
        const rows = statement.all(...params) as {
          id: string
          name: string
          context: bigint
          price: bigint
        }[]
        points = rows.map((row) => [Number(row.context), Number(row.price) / 1e12])
        models = rows.map((row) => ({ id: row.id, name: row.name, prompt: formatAmount(row.price) }))
      }
      return {
        contexts: points.map((point) => point[0]),
        prices: points.map((point) => point[1]),
        models,
        total: count(matching),
      }
    },

    /** A model's whole record and its listings as the service sent them. */
    model(snapshotId: number, id: string): { record: CatalogModel; raw: RawModel } | undefined {
      const found = placed(snapshotId, id)
      if (!found) return undefined
      const raw = rawAt(snapshotId, found.place)
      return { record: recordOf(raw), raw }
    },

    /** The models a playground use lists, as the service lists them, each as little as a model field needs. */
    choices(snapshotId: number, use: PlaygroundUse, text: string, limit: number) {
      const matching = matchingOf(snapshotId, { ...emptyFilter, text })
      matching.columns.push(['instr(m.uses, ?) > 0', listed([use])])
      const where = whereOf(matching)
      const models = prepared(
        `SELECT m.id, m.name, m.roles FROM models AS m WHERE ${where.sql} ORDER BY m.listed LIMIT ?`,
      )
        .all(...where.params, limit)
        .map((row) => {
          const { id, name, roles } = row as { id: string; name: string; roles: string }
          return { id, name, roles: valuesOf(roles) as ModelRole[] }
        })
      return { models, total: count(matching) }
    },

    /**
     * The models of a screen's list (`kind`) a request names, in the service's order: the one with that id, or
     * (decision models, whose native requests name them without their provider) those whose id ends in `/name`.
     */
    named(snapshotId: number, kind: PickedKind, name: string): UnifiedModel[] {
      let rows = prepared(
        `SELECT p.unified_json AS model FROM models AS m
         JOIN picked AS p ON p.snapshot_id = m.snapshot_id AND p.kind = ? AND p.listed = m.listed
         WHERE m.snapshot_id = ? AND m.id = ?`,
      ).all(kind, snapshotId, name)
      // Along the screen's own list (a few thousand at most), each looked up among the catalog's models.
      if (rows.length === 0 && kind === 'decision' && !name.includes('/'))
        rows = prepared(
          `SELECT p.unified_json AS model FROM picked AS p
           CROSS JOIN models AS m ON m.snapshot_id = p.snapshot_id AND m.listed = p.listed
           WHERE p.snapshot_id = ? AND p.kind = ? AND substr(m.id, instr(m.id, '/') + 1) = ?
           ORDER BY p.listed LIMIT 20`,
        ).all(snapshotId, kind, name)
      return (rows as { model: string }[]).map((row) => JSON.parse(row.model) as UnifiedModel)
    },

    /** The unified listing's models a screen picks from (image, video or decision models), in its order. */
    picked(snapshotId: number, kind: PickedKind): UnifiedModel[] {
      return (
        prepared(
          'SELECT unified_json AS model FROM picked WHERE snapshot_id = ? AND kind = ? ORDER BY listed',
        ).all(snapshotId, kind) as { model: string }[]
      ).map((row) => JSON.parse(row.model) as UnifiedModel)
    },

    /** What changed since the profile's catalog kept before this one, when there was one. */
    changes(snapshotId: number): (CatalogChanges & { since: number }) | null {
      const row = prepared('SELECT changes_json AS changes FROM snapshots WHERE id = ?').get(snapshotId) as
        | { changes: string | null }
        | undefined
      return row?.changes ? (JSON.parse(row.changes) as CatalogChanges & { since: number }) : null
    },
  }
}

export type CatalogStore = ReturnType<typeof createCatalogStore>
