// Reading the kept catalogs (in the data worker): a page of the browser's table is a range of the index of its
// sort order, filtered by indexed or scanned columns and the full-text index, and read from the columns alone;
// its count is read for the first page only; what changed was worked out when the catalog was kept; a model's whole
// record is a lookup by its id, its listings unpacked from their block.
import type { DatabaseSync } from 'node:sqlite'
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
import { formatAmount } from '#shared/domain/money'
import { placeColumn } from './catalog-db.ts'
import {
  type CatalogCursor,
  type Condition,
  conditionsOf,
  joined,
  type Matching,
  pageSql,
  rowOf,
  type StoredRow,
  searchQuery,
  source,
  whereOf,
  wordsCondition,
} from './catalog-sql.ts'
import { listed, modelsPerBlock, valuesOf } from './keep-catalog.ts'
import { marksOf } from './marks.ts'
import { type RawModel, recordOf, unpackBlock } from './records.ts'

export interface KeptSnapshot {
  id: number
  fetchedAt: number
  problem: string | null
  size: number
}

/** A page of the browser's table: its view, and where it starts (after a cursor, or else at a position). */
export interface PageQuery {
  filter: ModelFilter
  sort: SortColumn
  descending: boolean
  offset: number
  limit: number
  after?: CatalogCursor | undefined
}

export type { CatalogCursor }

export interface Facets {
  providers: string[]
  inputs: string[]
  outputs: string[]
  parameters: string[]
}

/** What the image screen tells of its whole list: how many models cannot edit (they take no image), and whether
 * any draws from reference images. */
export interface ImageListFacts {
  cannotEdit: number
  takesReferences: boolean
}

type Part = 'up' | 'down' | 'missing'

/** `markEvery`: a jump into a view the marks serve starts after a mark, at most this many rows before its position. */
export function createCatalogStore(db: DatabaseSync, { markEvery = 64 } = {}) {
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
      rows: { first, last: first + size - 1 },
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
  // A kept catalog never changes: what is counted over a whole list of one is counted once, under the catalog's
  // id, time and rows (an id can be given again to a later catalog). The counts of catalogs no longer shown go;
  // a few lists of a few catalogs stay.
  const counted = new Map<string, unknown>()
  const once = <T>([snapshotId, ...key]: [number, ...unknown[]], count: () => T): T => {
    const kept = prepared('SELECT fetched_at, first_rid FROM snapshots WHERE id = ?').get(snapshotId)
    const name = JSON.stringify([snapshotId, kept, ...key])
    if (counted.has(name)) return counted.get(name) as T
    const value = count()
    if (counted.size >= 32) counted.delete(counted.keys().next().value as string)
    counted.set(name, value)
    return value
  }
  /** How many models a screen's list has. */
  const pickedSize = (snapshotId: number, kind: PickedKind) =>
    once([snapshotId, kind], () => {
      const row = prepared('SELECT count(*) AS n FROM picked WHERE snapshot_id = ? AND kind = ?').get(
        snapshotId,
        kind,
      ) as { n: number }
      return row.n
    })
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

    /**
     * One page of the browser's table, where the next one starts, and (when asked) how many models the filter
     * matches. A page starts after the cursor of the page before it; without one, at its position: with no filter
     * that is a place in the order's index too (places and rows are numbered without gaps); else the view's marks
     * give the key just before the nearest multiple of `markEvery` at or below it, and the page is read after
     * that key, the rows up to the position dropped.
     */
    page(
      snapshotId: number,
      query: PageQuery,
      withTotal: boolean,
    ): { rows: CatalogRow[]; total: number | null; next: CatalogCursor | null } {
      const matching = matchingOf(snapshotId, query.filter)
      const { sort, limit, offset } = query
      const parts: Part[] =
        sort === 'id' ? [query.descending ? 'down' : 'up'] : [query.descending ? 'down' : 'up', 'missing']
      const start = ((): { part: number; after: number | null; drop: number } => {
        if (query.after) return { part: query.after.missing ? 1 : 0, after: query.after.key, drop: 0 }
        const filtered = matching.words !== null || matching.columns.length > 0
        if (!filtered && sort === 'id') {
          const { first, last } = matching.rows
          return { part: 0, after: query.descending ? last + 1 - offset : first + offset - 1, drop: 0 }
        }
        if (!filtered) {
          const present: Condition = [`(m.${placeColumn(sort)} IS NULL) = 0`]
          const valued = once([snapshotId, 'valued', sort], () => count(matching, [present]))
          if (offset < valued)
            return { part: 0, after: query.descending ? valued - offset : offset - 1, drop: 0 }
        }
        const mark = Math.floor(offset / markEvery)
        if (mark === 0) return { part: 0, after: null, drop: offset }
        const marks = once([snapshotId, 'marks', query.filter, sort, query.descending], () =>
          marksOf(prepared, matching, sort, query.descending, markEvery),
        )
        const passed = marks[Math.min(mark, marks.length) - 1]
        if (!passed) return { part: 0, after: null, drop: offset }
        return {
          part: passed.part,
          after: passed.key,
          drop: offset - Math.min(mark, marks.length) * markEvery,
        }
      })()
      const rows: StoredRow[] = []
      let lastPart = start.part
      for (let part = start.part; part < parts.length && rows.length < start.drop + limit; part++) {
        const read = pageSql(matching, sort, parts[part] as Part, part === start.part ? start.after : null)
        const got = prepared(read.sql).all(
          ...read.params,
          start.drop + limit - rows.length,
        ) as unknown as StoredRow[]
        if (got.length > 0) lastPart = part
        rows.push(...got)
      }
      const page = rows.slice(start.drop)
      const last = page.at(-1)
      return {
        rows: page.map(rowOf),
        total: withTotal ? count(matching) : null,
        next:
          last && page.length === limit ? { missing: lastPart === 1 && sort !== 'id', key: last.key } : null,
      }
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

    /**
     * The models a playground use lists, as the service lists them, each as little as a model field needs; and
     * the one with the id `chosen`, when that use lists it.
     */
    choices(snapshotId: number, use: PlaygroundUse, text: string, limit: number, chosen = '') {
      const choiceOf = (row: unknown) => {
        const { id, name, roles } = row as { id: string; name: string; roles: string }
        return { id, name, roles: valuesOf(roles) as ModelRole[] }
      }
      const matching = matchingOf(snapshotId, { ...emptyFilter, text })
      matching.columns.push(['instr(m.uses, ?) > 0', listed([use])])
      const where = whereOf(matching)
      const models = prepared(
        `SELECT m.id, m.name, m.roles FROM models AS m WHERE ${where.sql} ORDER BY m.listed LIMIT ?`,
      )
        .all(...where.params, limit)
        .map(choiceOf)
      const named = chosen
        ? prepared(
            `SELECT m.id, m.name, m.roles FROM models AS m
             WHERE m.snapshot_id = ? AND m.id = ? AND instr(m.uses, ?) > 0`,
          ).get(snapshotId, chosen, listed([use]))
        : undefined
      return { models, total: count(matching), chosen: named ? choiceOf(named) : null }
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
      if (rows.length === 0 && kind === 'decision')
        rows = prepared(
          `SELECT p.unified_json AS model FROM picked AS p
           CROSS JOIN models AS m ON m.snapshot_id = p.snapshot_id AND m.listed = p.listed
           WHERE p.snapshot_id = ? AND p.kind = ? AND substr(m.id, instr(m.id, '/') + 1) = ?
           ORDER BY p.listed LIMIT 20`,
        ).all(snapshotId, kind, name)
      return (rows as { model: string }[]).map((row) => JSON.parse(row.model) as UnifiedModel)
    },

    /** The model of a screen's list whose id or name is `typed`, whole, in any case; null when none is. */
    typedWhole(snapshotId: number, kind: PickedKind, typed: string): UnifiedModel | null {
      const row = prepared(
        `SELECT p.unified_json AS model FROM picked AS p
         CROSS JOIN models AS m ON m.snapshot_id = p.snapshot_id AND m.listed = p.listed
         WHERE p.snapshot_id = ?1 AND p.kind = ?2 AND (lower(m.id) = lower(?3) OR lower(m.name) = lower(?3))
         ORDER BY lower(m.id) = lower(?3) DESC, p.listed LIMIT 1`,
      ).get(snapshotId, kind, typed) as { model: string } | undefined
      return row ? (JSON.parse(row.model) as UnifiedModel) : null
    },

    /**
     * A screen's list (`kind`) as its model field shows it: the models whose ids, names or descriptions hold the
     * words of `text` (and that take `input`, when given), in the service's order, at most `limit`; and how many
     * match.
     */
    picks(
      snapshotId: number,
      kind: PickedKind,
      query: { text: string; limit: number; input?: string | undefined },
    ): { models: UnifiedModel[]; total: number } {
      const matching = matchingOf(snapshotId, { ...emptyFilter, text: query.text, input: query.input ?? '' })
      const rest = joined([...(matching.words ? [wordsCondition(matching.words)] : []), ...matching.columns])
      if (!rest.sql) {
        const rows = prepared(
          'SELECT unified_json AS model FROM picked WHERE snapshot_id = ? AND kind = ? ORDER BY listed LIMIT ?',
        ).all(snapshotId, kind, query.limit) as { model: string }[]
        return {
          models: rows.map((row) => JSON.parse(row.model) as UnifiedModel),
          total: pickedSize(snapshotId, kind),
        }
      }
      // Along the screen's own list, each looked up among the catalog's models and kept when it matches: the
      // matches are found once, then counted and the first of them read.
      const rows = prepared(
        `WITH hits AS MATERIALIZED (
           SELECT p.listed FROM picked AS p
           CROSS JOIN models AS m ON m.snapshot_id = p.snapshot_id AND m.listed = p.listed
           WHERE p.snapshot_id = ? AND p.kind = ? AND ${rest.sql})
         SELECT (SELECT count(*) FROM hits) AS total, p.unified_json AS model
         FROM (SELECT listed FROM hits ORDER BY listed LIMIT ?) AS first
         JOIN picked AS p ON p.snapshot_id = ? AND p.kind = ? AND p.listed = first.listed
         ORDER BY p.listed`,
      ).all(snapshotId, kind, ...rest.params, query.limit, snapshotId, kind) as {
        total: number
        model: string
      }[]
      const total = rows[0]?.total ?? 0
      return { models: rows.map((row) => JSON.parse(row.model) as UnifiedModel), total }
    },

    /**
     * What the image screen tells of its whole list: kept with the catalog; counted (once) for a catalog kept
     * before it was.
     */
    imageList(snapshotId: number): ImageListFacts {
      const row = prepared('SELECT facets_json AS facets FROM snapshots WHERE id = ?').get(snapshotId) as
        | { facets: string }
        | undefined
      const kept = (JSON.parse(row?.facets ?? '{}') as { imageList?: ImageListFacts }).imageList
      if (kept) return kept
      return once([snapshotId, 'image list'], () => {
        const counted = prepared(
          `SELECT count(*) FILTER (WHERE instr(m.inputs, ?) = 0) AS cannotEdit,
             count(*) FILTER (WHERE instr(m.parameters, ?) > 0) AS fromReferences
           FROM picked AS p CROSS JOIN models AS m ON m.snapshot_id = p.snapshot_id AND m.listed = p.listed
           WHERE p.snapshot_id = ? AND p.kind = 'image'`,
        ).get(listed(['image']), listed(['input_images']), snapshotId) as {
          cannotEdit: number
          fromReferences: number
        }
        return { cannotEdit: counted.cannotEdit, takesReferences: counted.fromReferences > 0 }
      })
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
