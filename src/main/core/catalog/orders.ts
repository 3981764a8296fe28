// Each order the model browser sorts a catalog in, worked out once when the catalog is kept: every model's place
// when sorted by a column, ties by id, as a person reads them (one collator); a model billed per second has no
// token price to sort by. The store keeps the places as indexed columns, so a sorted page is a range of an index
// (and missing values, which have no place, go last either way).
import { billedPerSecond, type CatalogModel, type PriceName } from '#shared/domain/catalog'
import { type SortColumn, sortColumns } from '#shared/domain/catalog-view'
import { compareAmounts, parseAmount } from '#shared/domain/money'
import { textOrder } from '#shared/domain/sorting'

export { textOrder }

/** The columns sorted by a place of their own (by id is the order the store keeps models in). */
export type RankedColumn = Exclude<SortColumn, 'id'>
export const rankedColumns = sortColumns.filter((column): column is RankedColumn => column !== 'id')

const priceColumns = new Set<string>(['prompt', 'completion', 'cacheRead', 'cacheWrite5m', 'cacheWrite1h'])

type Key = string | number | bigint | boolean

function keyOf(column: RankedColumn): (model: CatalogModel) => Key | null {
  if (column === 'perSecond')
    return (model) => (model.perSecond === null ? null : parseAmount(model.perSecond))
  if (priceColumns.has(column))
    return (model) => {
      const price = model.prices[column as PriceName]
      return price === null || billedPerSecond(model) ? null : parseAmount(price)
    }
  return (model) =>
    model[column as 'provider' | 'name' | 'contextLength' | 'maxCompletionTokens' | 'moderated']
}

function compareKeys(a: Key, b: Key): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return compareAmounts(a, b)
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b)
  return textOrder.compare(String(a), String(b))
}

/**
 * For models given in the order of ids, each one's place among the models that have a value when sorted by
 * `column` up, ties by id; null for a model without one (it goes last either way).
 */
export function placesBy(models: readonly CatalogModel[], column: RankedColumn): (number | null)[] {
  const read = keyOf(column)
  const keys = models.map(read)
  const present: number[] = []
  keys.forEach((key, index) => {
    if (key !== null && key !== undefined) present.push(index)
  })
  present.sort((a, b) => compareKeys(keys[a] as Key, keys[b] as Key) || a - b)
  const places: (number | null)[] = new Array(models.length).fill(null)
  present.forEach((index, place) => {
    places[index] = place
  })
  return places
}

/** Models in the order of ids, the order the store keeps them in. */
export const inIdOrder = <T extends { id: string }>(models: T[]): T[] =>
  models.sort((a, b) => textOrder.compare(a.id, b.id) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
