// A filtered view's marks: where its order passes each multiple of `every` rows, the part (the models with a
// value, or those without) and key of the row just before. A jump into the view starts after the mark at or
// before its position, a range of the order's index, instead of reading every row it skips. Read in one pass over
// the view's models by row, then put in the order's sequence here, as a page would read them.
import type { DatabaseSync } from 'node:sqlite'
import type { SortColumn } from '#shared/domain/catalog-view'
import { placeColumn } from './catalog-db.ts'
import { type Matching, source } from './catalog-sql.ts'

export interface Mark {
  part: number
  key: number
}

export function marksOf(
  prepared: (sql: string) => ReturnType<DatabaseSync['prepare']>,
  matching: Matching,
  sort: SortColumn,
  descending: boolean,
  every: number,
): Mark[] {
  const place = sort === 'id' ? 'NULL' : `m.${placeColumn(sort)}`
  const { sql, params } = source(matching, matching.words !== null)
  const read = prepared(`SELECT ${place}, m.rid FROM ${sql}`)
  read.setReturnArrays(true)
  const found = read.all(...params) as unknown as [number | null, number][]
  const valued = found.filter(([at]) => at !== null).map(([at]) => at as number)
  const missing = found.filter(([at]) => at === null).map(([, rid]) => rid)
  const keys = sort === 'id' ? Float64Array.from(missing) : Float64Array.from(valued)
  keys.sort()
  if (descending) keys.reverse()
  const rest = sort === 'id' ? new Float64Array() : Float64Array.from(missing).sort()
  const marks: Mark[] = []
  for (let at = every - 1; at < keys.length + rest.length; at += every)
    marks.push(
      at < keys.length
        ? { part: 0, key: keys[at] as number }
        : { part: 1, key: rest[at - keys.length] as number },
    )
  return marks
}
