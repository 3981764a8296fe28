// The catalog's sorted orders as main sends them to a page that holds the catalog: each model's place in the
// order of ids, so that the page shows main's order without sorting (collator sorts of 50,000 names would
// hold it).
import type { CatalogModel } from './catalog.ts'
import { type SortColumn, sortModels } from './catalog-view.ts'

/** Where each model of a catalog stands in its order of ids: kept per catalog, for `positionsInOrder`. */
const idPlaces = new WeakMap<readonly CatalogModel[], Map<CatalogModel, number>>()

/**
 * A sorted order of the catalog as places in its order of ids: what main sends of an order, so that a page
 * holding the catalog in the order of ids (`modelsInOrder`) sorts it as main does, without sorting.
 */
export function positionsInOrder(
  models: readonly CatalogModel[],
  column: SortColumn,
  descending: boolean,
): number[] {
  const byId = sortModels(models, 'id', false)
  let places = idPlaces.get(byId)
  if (!places) {
    places = new Map(byId.map((model, place) => [model, place]))
    idPlaces.set(byId, places)
  }
  const known = places
  return sortModels(models, column, descending).map((model) => {
    const place = known.get(model)
    if (place === undefined) throw new Error(`Model ${model.id} is not in the catalog's order of ids.`)
    return place
  })
}

/** Each catalog held in the order of ids, in the orders worked out from its places (kept per order). */
const ordersOf = new WeakMap<readonly number[], { byId: readonly CatalogModel[]; models: CatalogModel[] }>()

/**
 * The models of a catalog held in the order of ids, in the order of `positions` (from `positionsInOrder`):
 * undefined when the positions are not of this catalog. Worked out once per order; do not change the list.
 */
export function modelsInOrder(
  byId: readonly CatalogModel[],
  positions: readonly number[],
): readonly CatalogModel[] | undefined {
  const known = ordersOf.get(positions)
  if (known?.byId === byId) return known.models
  if (positions.length !== byId.length) return undefined
  const models: CatalogModel[] = []
  for (const place of positions) {
    const model = byId[place]
    if (!model) return undefined
    models.push(model)
  }
  ordersOf.set(positions, { byId, models })
  return models
}
