// Reading the kept catalogs (in the data worker): a page of the browser's table is a range of the index of its
// sort order, filtered by indexed or scanned columns and the full-text index, and read from the columns alone;
// its count is read for the first page only; what changed is a join of two catalogs; a model's whole record is a
// lookup by its id, its listings unpacked from their block.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import type { UnifiedModel } from '#shared/api/models'
import {
  type CatalogChanges,
  type CatalogModel,
  type CatalogRow,
  type ModelRole,
  type PlaygroundUse,
  priceNames,
} from '#shared/domain/catalog'
import type { ModelFilter, SortColumn } from '#shared/domain/catalog-view'
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

function conditionsOf(filter: ModelFilter): Condition[] {
  const conditions: Condition[] = []
  const text = searchQuery(filter.text)
  if (text) conditions.push(['rid IN (SELECT rowid FROM models_text WHERE models_text MATCH ?)', text])
  if (filter.provider) conditions.push(['provider = ?', filter.provider])
  if (filter.input) conditions.push(['instr(inputs, ?) > 0', listed([filter.input])])
  if (filter.output) conditions.push(['instr(outputs, ?) > 0', listed([filter.output])])
  if (filter.parameter) conditions.push(['instr(parameters, ?) > 0', listed([filter.parameter])])
  if (filter.role) conditions.push(['instr(roles, ?) > 0', listed([filter.role])])
  if (filter.minContext !== null) conditions.push(['context_length >= ?', filter.minContext])
  // At most this much per 1M tokens: at most a millionth of it per token, in the store's exact units.
  if (filter.maxPrice) conditions.push(['prompt_amount <= ?', parseAmount(filter.maxPrice) / 1_000_000n])
  return conditions
}

function whereOf(snapshotId: number, filter: ModelFilter): { sql: string; params: SQLInputValue[] } {
  const conditions = conditionsOf(filter)
  return {
    sql: ['snapshot_id = ?', ...conditions.map(([sql]) => sql)].join(' AND '),
    params: [snapshotId, ...conditions.flatMap(([, ...params]) => params)],
  }
}

const rowColumns = `id, name, provider, roles, inputs, outputs, parameters, context_length AS contextLength,
  max_completion_tokens AS maxCompletionTokens, prompt, completion, cache_read AS cacheRead,
  cache_write_5m AS cacheWrite5m, cache_write_1h AS cacheWrite1h, per_second AS perSecond, moderated,
  expiration_date AS expirationDate`

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
 * A page in a sort order: by id, the order models are kept in; by another column, a range of that column's index
 * of places, models without a value last in either direction (down, the models with a value are one range and
 * those without another: `page` reads the second when the first runs out). One provider's models are few: they
 * are found by their index and sorted, rather than looked for along the whole order.
 */
function pageSql(
  where: string,
  sort: SortColumn,
  part: 'up' | 'down' | 'missing',
  byProvider: boolean,
): string {
  const from = `models${byProvider ? ' INDEXED BY models_by_provider' : ''}`
  if (sort === 'id')
    return `SELECT ${rowColumns} FROM ${from} WHERE ${where} ORDER BY rid${part === 'down' ? ' DESC' : ''} LIMIT ? OFFSET ?`
  const place = placeColumn(sort)
  if (part === 'up')
    return `SELECT ${rowColumns} FROM ${from} WHERE ${where} ORDER BY ${place} IS NULL, ${place} LIMIT ? OFFSET ?`
  if (part === 'down')
    return `SELECT ${rowColumns} FROM ${from} WHERE ${where} AND (${place} IS NULL) = 0 ORDER BY ${place} DESC LIMIT ? OFFSET ?`
  return `SELECT ${rowColumns} FROM ${from} WHERE ${where} AND (${place} IS NULL) = 1 ORDER BY rid LIMIT ? OFFSET ?`
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
  const count = (where: { sql: string; params: SQLInputValue[] }) =>
    (prepared(`SELECT count(*) AS n FROM models WHERE ${where.sql}`).get(...where.params) as { n: number }).n
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
    /** A profile's newest complete catalogs, newest first. */
    latest(profileId: string, limit = 2): KeptSnapshot[] {
      return prepared(
        `SELECT id, fetched_at AS fetchedAt, problem, size FROM snapshots
         WHERE profile_id = ? AND complete = 1 ORDER BY fetched_at DESC, id DESC LIMIT ?`,
      ).all(profileId, limit) as unknown as KeptSnapshot[]
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
      const where = whereOf(snapshotId, query.filter)
      const byProvider = query.filter.provider !== ''
      const read = (part: 'up' | 'down' | 'missing', limit: number, offset: number) =>
        prepared(pageSql(where.sql, query.sort, part, byProvider)).all(
          ...where.params,
          limit,
          offset,
        ) as unknown as StoredRow[]
      let rows = read(query.descending ? 'down' : 'up', query.limit, query.offset)
      if (query.descending && query.sort !== 'id' && rows.length < query.limit) {
        // Past the models with a value: those without one follow, in the order of ids.
        const present =
          rows.length > 0
            ? query.offset + rows.length
            : count({
                sql: `${where.sql} AND (${placeColumn(query.sort)} IS NULL) = 0`,
                params: where.params,
              })
        rows = [...rows, ...read('missing', query.limit - rows.length, Math.max(0, query.offset - present))]
      }
      return { rows: rows.map(rowOf), total: withTotal ? count(where) : null }
    },

    /**
     * What the price plot draws for the filtered models with both a context length and a prompt price: the two
     * numbers of each (USD per 1M tokens, close enough to place a point), and each model's id, name and exact
     * price when there are at most `named` of them.
     */
    points(snapshotId: number, filter: ModelFilter, named: number) {
      const where = whereOf(snapshotId, filter)
      const statement = prepared(
        `SELECT id, name, context_length AS context, prompt_amount AS price FROM models
         WHERE ${where.sql} AND context_length IS NOT NULL AND prompt_amount > 0 ORDER BY rid`,
      )
      statement.setReadBigInts(true)
      const rows = statement.all(...where.params) as {
        id: string
        name: string
        context: bigint
        price: bigint
      }[]
      return {
        contexts: rows.map((row) => Number(row.context)),
        prices: rows.map((row) => Number(row.price) / 1e12),
        models:
          rows.length <= named
            ? rows.map((row) => ({ id: row.id, name: row.name, prompt: formatAmount(row.price) }))
            : null,
        total: count(where),
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
      const query = searchQuery(text)
      const matching = `snapshot_id = ? AND instr(uses, ?) > 0
         ${query ? 'AND rid IN (SELECT rowid FROM models_text WHERE models_text MATCH ?)' : ''}`
      const params = [snapshotId, listed([use]), ...(query ? [query] : [])] as SQLInputValue[]
      const total = count({ sql: matching, params })
      const models = prepared(`SELECT id, name, roles FROM models WHERE ${matching} ORDER BY listed LIMIT ?`)
        .all(...params, limit)
        .map((row) => {
          const { id, name, roles } = row as { id: string; name: string; roles: string }
          return { id, name, roles: valuesOf(roles) as ModelRole[] }
        })
      return { models, total }
    },

    /** The unified listing's models that write `output` or take `parameter`, in its order (the screens that pick a model). */
    unified(snapshotId: number, only: { output?: string | undefined; parameter?: string | undefined }) {
      const conditions: Condition[] = [['snapshot_id = ?', snapshotId]]
      if (only.output) conditions.push(['instr(outputs, ?) > 0', listed([only.output])])
      if (only.parameter) conditions.push(['instr(parameters, ?) > 0', listed([only.parameter])])
      const places = prepared(
        `SELECT place FROM models WHERE ${conditions.map(([sql]) => sql).join(' AND ')} ORDER BY listed`,
      ).all(...conditions.flatMap(([, ...params]) => params)) as { place: number }[]
      return places.flatMap(({ place }) => {
        const { unified } = rawAt(snapshotId, place)
        return unified ? [unified] : ([] as UnifiedModel[])
      })
    },

    /** What changed from one catalog to the next: models added and removed, and each price that moved. */
    changes(beforeId: number, afterId: number): CatalogChanges {
      const ids = (sql: string) =>
        (prepared(sql).all(afterId, beforeId) as { id: string }[]).map((row) => row.id)
      const added = ids(
        `SELECT id FROM models AS now WHERE snapshot_id = ?1 AND NOT EXISTS
          (SELECT 1 FROM models AS was WHERE was.snapshot_id = ?2 AND was.id = now.id) ORDER BY rid`,
      )
      const removed = ids(
        `SELECT id FROM models AS was WHERE snapshot_id = ?2 AND NOT EXISTS
          (SELECT 1 FROM models AS now WHERE now.snapshot_id = ?1 AND now.id = was.id) ORDER BY rid`,
      )
      const columns = {
        prompt: 'prompt',
        completion: 'completion',
        cacheRead: 'cache_read',
        cacheWrite5m: 'cache_write_5m',
        cacheWrite1h: 'cache_write_1h',
      } as const
      const moved = prepared(
        `SELECT now.id AS id, ${priceNames.map((price) => `was.${columns[price]} AS was_${price}, now.${columns[price]} AS now_${price}`).join(', ')}
         FROM models AS now JOIN models AS was ON was.snapshot_id = ?2 AND was.id = now.id
         WHERE now.snapshot_id = ?1 AND (${priceNames.map((price) => `was.${columns[price]} IS NOT now.${columns[price]}`).join(' OR ')})
         ORDER BY now.rid`,
      ).all(afterId, beforeId) as Record<string, string | null>[]
      const priceChanges = moved.flatMap((row) =>
        priceNames.flatMap((price) =>
          row[`was_${price}`] === row[`now_${price}`]
            ? []
            : [
                {
                  id: row.id as string,
                  price,
                  from: row[`was_${price}`] ?? null,
                  to: row[`now_${price}`] ?? null,
                },
              ],
        ),
      )
      return { added, removed, priceChanges }
    },
  }
}

export type CatalogStore = ReturnType<typeof createCatalogStore>
