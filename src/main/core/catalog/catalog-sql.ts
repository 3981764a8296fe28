// The SQL of the kept catalogs' reads: a filter's conditions on a model's columns, its words as a full-text query
// within one catalog's rows, and the page of a sort order as a range of that order's index.
import type { SQLInputValue } from 'node:sqlite'
import type { CatalogRow, ModelRole } from '#shared/domain/catalog'
import type { ModelFilter, SortColumn } from '#shared/domain/catalog-view'
import { parseAmount } from '#shared/domain/money'
import { placeColumn } from './catalog-db.ts'
import { listed, valuesOf } from './keep-catalog.ts'

/** The words of a search as a full-text query: every word, each matching the start of a word of the model. */
export function searchQuery(text: string): string | null {
  const words = text
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .map((word) => `"${word.replaceAll('"', '""')}"*`)
  return words.length ? words.join(' ') : null
}

export type Condition = [sql: string, ...params: SQLInputValue[]]

/** The filter's conditions on a model's own columns (`m`), its words apart. */
export function conditionsOf(filter: ModelFilter): Condition[] {
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

export interface Where {
  sql: string
  params: SQLInputValue[]
}

export const joined = (conditions: Condition[]): Where => ({
  sql: conditions.map(([sql]) => sql).join(' AND '),
  params: conditions.flatMap(([, ...params]) => params),
})

/**
 * Which models of a catalog the filter matches: its words, a full-text query over the catalog's own rows (its
 * `rid`s are one range), and its conditions on columns.
 */
export interface Matching {
  snapshotId: number
  /** The catalog's rows: one range of `rid`s, in the order of ids. */
  rows: { first: number; last: number }
  words: { query: string; first: number; last: number } | null
  columns: Condition[]
}

/** `m.rid IN (…)` for the words: the matches of the full-text index within the catalog's rows. */
export const wordsCondition = (words: NonNullable<Matching['words']>): Condition => [
  'm.rid IN (SELECT rowid FROM models_text WHERE models_text MATCH ? AND rowid BETWEEN ? AND ?)',
  words.query,
  words.first,
  words.last,
]

/** The conditions of a read; one along the catalog's rows names them by their range alone (the primary key's). */
export function whereOf(matching: Matching, extra: Condition[] = [], alongRows = false): Where {
  return joined([
    ...(alongRows ? [] : ([['m.snapshot_id = ?', matching.snapshotId]] as Condition[])),
    ['m.rid BETWEEN ? AND ?', matching.rows.first, matching.rows.last],
    ...(matching.words ? [wordsCondition(matching.words)] : []),
    ...matching.columns,
    ...extra,
  ])
}

export const rowColumns = `m.id, m.name, m.provider, m.roles, m.inputs, m.outputs, m.parameters,
  m.context_length AS contextLength, m.max_completion_tokens AS maxCompletionTokens, m.prompt, m.completion,
  m.cache_read AS cacheRead, m.cache_write_5m AS cacheWrite5m, m.cache_write_1h AS cacheWrite1h,
  m.per_second AS perSecond, m.moderated, m.expiration_date AS expirationDate`

export interface StoredRow {
  key: number
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

export const rowOf = (row: StoredRow): CatalogRow => ({
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
export function source(
  matching: Matching,
  byWords: boolean,
  extra: Condition[] = [],
  alongRows = false,
): Where {
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
  const where = whereOf(matching, extra, alongRows && !byProvider)
  return {
    sql: `models AS m${byProvider ? ' INDEXED BY models_by_provider' : ''} WHERE ${where.sql}`,
    params: where.params,
  }
}

/** Where a page ended, so the next starts right after it: a model's place in the sort order, or (by id, or among
 * the models without a value, which come last in the order of ids) its row. */
export interface CatalogCursor {
  missing: boolean
  key: number
}

/**
 * A page in a sort order, read along that order's index: after a cursor (a range of the index, however deep),
 * or else from its start. By id, the order models are kept in; by another column, its place, the models with a
 * value in one part and those without in another (`missing`, in the order of ids), which `page` reads when the
 * first runs out. Each row comes with its key, the cursor of the page after it.
 */
export function pageSql(
  matching: Matching,
  sort: SortColumn,
  part: 'up' | 'down' | 'missing',
  after: number | null,
): Where {
  const byRow = sort === 'id' || part === 'missing'
  const byWords = sort === 'id' && matching.words !== null
  const key = byRow ? (byWords ? 'models_text.rowid' : 'm.rid') : `m.${placeColumn(sort)}`
  const place = `m.${placeColumn(sort)}`
  // The models without a value are read along the place index too: equal places are kept in the order of rows.
  const extra: Condition[] =
    sort === 'id'
      ? []
      : part === 'missing'
        ? [[`(${place} IS NULL) = 1`], [`${place} IS NULL`]]
        : [[`(${place} IS NULL) = 0`]]
  if (after !== null) extra.push([`${key} ${part === 'down' ? '<' : '>'} ?`, after])
  const { sql, params } = source(matching, byWords, extra, sort === 'id')
  const order = `${key}${part === 'down' ? ' DESC' : ''}`
  return { sql: `SELECT ${rowColumns}, ${key} AS key FROM ${sql} ORDER BY ${order} LIMIT ?`, params }
}
