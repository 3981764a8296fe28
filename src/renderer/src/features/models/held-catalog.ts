// The whole catalog held in the page while the model browser shows it: read from main a thousand models at a
// time in the background, with each order main sorts it in. Once it is held, a keystroke in the search, a sort
// or a filter change works out the table's rows here, in its own frame, with main's own filter; until then, and
// for a catalog main has since replaced, main is asked for each page.
import { type QueryClient, type QueryKey, useQuery } from '@tanstack/react-query'
import type { CatalogModel } from '#shared/domain/catalog'
import { modelsInOrder } from '#shared/domain/catalog-orders'
import {
  createModelFilterer,
  emptyFilter,
  type ModelFilter,
  prepareSearch,
  type SortColumn,
} from '#shared/domain/catalog-view'
import type { RouteOutput } from '#shared/ipc/routes/index'
import type { Profile } from '#shared/ipc/routes/profiles'
import { invoke } from '../../ipc.ts'
import { profileKeys, queryKeys } from '../../query.ts'

/** Models read from main at a time: each answer is parsed in a task of a few milliseconds. */
const partSize = 1000

/** The catalog in the order of ids, as main held it at `fetchedAt`. */
export interface HeldCatalog {
  models: CatalogModel[]
  fetchedAt: number
}

export type RowsPage = RouteOutput<'catalog.rows'>
type CatalogOrder = RouteOutput<'catalog.order'>

export interface ModelView {
  filter: ModelFilter
  sort: SortColumn
  descending: boolean
}

/** The active profile, as the page last read the profiles. */
const activeProfile = (client: QueryClient) =>
  client.getQueryData<Profile[]>(queryKeys.profiles())?.find((profile) => profile.active)?.id

/**
 * Reads the catalog a part at a time. The catalog already held is kept when main still holds the same one (a
 * topic that changed says nothing of its models); one that main replaces while it is read is read again. A
 * read that is no longer wanted (read again, or the screen closed) stops; so does one of a profile no longer
 * active, whose parts would be another profile's.
 */
async function readWhole(client: QueryClient, profileId: string, signal: AbortSignal): Promise<HeldCatalog> {
  const before = client.getQueryData<HeldCatalog>(profileKeys.catalogHeld(profileId))
  const stillWanted = () => {
    signal.throwIfAborted()
    if (activeProfile(client) !== profileId)
      throw new Error('Another profile became active while this catalog was being read.')
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const models: CatalogModel[] = []
    let fetchedAt: number | undefined
    let total = Number.POSITIVE_INFINITY
    while (models.length < total) {
      stillWanted()
      const part = await invoke('catalog.rows', {
        filter: emptyFilter,
        sort: 'id',
        descending: false,
        offset: models.length,
        limit: partSize,
      })
      if (before && part.fetchedAt === before.fetchedAt && part.total === before.models.length) return before
      if (fetchedAt !== undefined && part.fetchedAt !== fetchedAt) break
      fetchedAt = part.fetchedAt
      total = part.total
      if (part.rows.length === 0) break
      prepareSearch(part.rows)
      models.push(...part.rows)
    }
    stillWanted()
    if (fetchedAt !== undefined && models.length === total) return { models, fetchedAt }
  }
  throw new Error('The catalog changed three times while it was being read.')
}

/** How long the page keeps the catalog once no screen shows it (50,000 models are about 40 MB of its memory). */
const keptUnshownMs = 60_000

const heldCatalogQuery = (client: QueryClient, profileId: string) => ({
  queryKey: profileKeys.catalogHeld(profileId),
  queryFn: ({ signal }: { signal: AbortSignal }) => readWhole(client, profileId, signal),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: keptUnshownMs,
  // Compared model by model with the catalog held before, 50,000 models would hold the page.
  structuralSharing: false,
})

/** One order of the catalog; once it arrives, the models in it are made ready for a search. */
export const catalogOrderQuery = (
  client: QueryClient,
  profileId: string,
  sort: SortColumn,
  descending: boolean,
) => ({
  queryKey: profileKeys.catalogOrder(profileId, sort, descending),
  queryFn: async () => {
    const order = await invoke('catalog.order', { sort, descending })
    const held = client.getQueryData<HeldCatalog>(profileKeys.catalogHeld(profileId))
    const ordered = held && modelsInOrder(held.models, order.positions)
    if (ordered) prepareSearch(ordered)
    return order
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: keptUnshownMs,
  structuralSharing: false,
})

/**
 * Holds the catalog while `enabled` (the screen shows it), and the order it is shown in. `held` says whether
 * the page holds both, of the same catalog, with neither being read again. The other orders are asked for when
 * the screen is idle (`catalogOrderQuery`).
 */
export function useHeldCatalog(
  client: QueryClient,
  profileId: string | undefined,
  view: { sort: SortColumn; descending: boolean },
  enabled: boolean,
): { held: boolean; catalog: HeldCatalog | undefined; error: Error | null } {
  const catalog = useQuery({ ...heldCatalogQuery(client, profileId ?? ''), enabled: enabled && !!profileId })
  const order = useQuery({
    ...catalogOrderQuery(client, profileId ?? '', view.sort, view.descending),
    enabled: enabled && !!profileId && catalog.data !== undefined,
  })
  return {
    // Main has said that either is out of date (the page is reading it again, or will when shown): not held.
    held:
      catalog.data !== undefined &&
      order.data?.fetchedAt === catalog.data.fetchedAt &&
      !catalog.isStale &&
      !order.isStale,
    catalog: catalog.data,
    error: catalog.error ?? order.error,
  }
}

/** A query's data, unless main has said since that it is out of date. */
function current<T>(client: QueryClient, key: QueryKey): T | undefined {
  const state = client.getQueryState<T>(key)
  return state && !state.isInvalidated ? state.data : undefined
}

/**
 * Each held catalog's filterer: it filters once for all the pages of a view, and narrows the last view's models
 * as one types. Kept with the catalog, so that both go together.
 */
const filterers = new WeakMap<readonly CatalogModel[], ReturnType<typeof createModelFilterer>>()
function matching(held: HeldCatalog, ordered: readonly CatalogModel[], filter: ModelFilter) {
  let filterer = filterers.get(held.models)
  if (!filterer) {
    filterer = createModelFilterer()
    filterers.set(held.models, filterer)
  }
  return filterer(ordered, filter)
}

/** When the catalog the page holds was fetched (its identity); undefined when the page holds none it can use. */
export const heldCatalogFetchedAt = (client: QueryClient, profileId: string): number | undefined =>
  current<HeldCatalog>(client, profileKeys.catalogHeld(profileId))?.fetchedAt

/**
 * A page of a view worked out from the catalog held in the page, as main would answer it; undefined when the
 * page does not hold this catalog in this order (main is asked instead).
 */
export function heldRowsPage(
  client: QueryClient,
  profileId: string,
  view: ModelView,
  page: number,
  pageSize: number,
): RowsPage | undefined {
  const held = current<HeldCatalog>(client, profileKeys.catalogHeld(profileId))
  const order = current<CatalogOrder>(client, profileKeys.catalogOrder(profileId, view.sort, view.descending))
  if (!held || !order || order.fetchedAt !== held.fetchedAt) return undefined
  const ordered = modelsInOrder(held.models, order.positions)
  if (!ordered) return undefined
  const shown = matching(held, ordered, view.filter)
  return {
    rows: shown.slice(page * pageSize, (page + 1) * pageSize),
    total: shown.length,
    fetchedAt: held.fetchedAt,
  }
}
