// The catalog as the browser reads it, and where "Use in …" goes for each role.
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CatalogModel, ModelRole } from '#shared/domain/catalog'
import { filterModels, filterNarrows } from '#shared/domain/catalog-view'
import { invoke } from '../../ipc.ts'
import { showNarrowed, stillCounting, usePagedRows } from '../../paged-rows.ts'
import { useProfileId } from '../../profiles.ts'
import { profileKeys } from '../../query.ts'
import { pathTo } from '../../router.ts'
import { heldCatalogFetchedAt, heldRowsPage, type ModelView, type RowsPage } from './held-catalog.ts'

export { useCatalogOverview } from '../../catalog.ts'

/** Models on a page of the table: read from main, or worked out in the page once it holds the catalog. */
const modelPageSize = 50

/**
 * One page of the table's rows, as main filters and sorts them (worked out in the page when it holds the
 * catalog): the same query for the table and a prefetch.
 */
function modelRowsPage(client: QueryClient, profileId: string, view: ModelView, page: number) {
  return {
    queryKey: profileKeys.catalogRows(profileId, { ...view, page }),
    queryFn: async () =>
      heldRowsPage(client, profileId, view, page, modelPageSize) ??
      invoke('catalog.rows', { ...view, offset: page * modelPageSize, limit: modelPageSize }),
  }
}

/** The table's models, filtered and sorted: how many match, and the pages around the rows in view. */
export function useModelRows(view: ModelView) {
  const profileId = useProfileId() ?? ''
  const client = useQueryClient()
  return usePagedRows({
    enabled: profileId !== '',
    owner: profileId,
    pageSize: modelPageSize,
    pageOf: (page) => modelRowsPage(client, profileId, view, page),
    rowsOf: (page) => page.rows,
  })
}

/**
 * The first page of a view, the moment the address names it and before the screen renders it. When the page
 * holds the catalog in the view's order, it works the page out itself, in the keystroke's or the click's frame.
 * Otherwise, when the view only narrows the one shown (a letter typed into the search), the page filters the
 * rows it shows with main's own filter (`showNarrowed`): the whole answer when the shown view's first page held
 * all of its models, or its first rows while main counts the rest. Otherwise main is asked.
 */
export function prefetchModelRows(
  client: QueryClient,
  profileId: string | undefined,
  view: ModelView,
  from?: ModelView,
): Promise<void> {
  if (!profileId) return Promise.resolve()
  const first = modelRowsPage(client, profileId, view, 0)
  const heldAt = heldCatalogFetchedAt(client, profileId)
  if (heldAt !== undefined) {
    // A whole first page of the catalog held, worked out before (ahead of a click) or answered by main, is
    // the answer already.
    const known = client.getQueryState<RowsPage>(first.queryKey)
    if (known?.data?.fetchedAt === heldAt && !known.isInvalidated && !stillCounting(known.data))
      return Promise.resolve()
    const held = heldRowsPage(client, profileId, view, 0, modelPageSize)
    if (held) {
      client.setQueryData(first.queryKey, held)
      return Promise.resolve()
    }
  }
  const narrowed =
    from &&
    from.sort === view.sort &&
    from.descending === view.descending &&
    filterNarrows(from.filter, view.filter) &&
    showNarrowed<RowsPage, CatalogModel>(client, {
      shown: modelRowsPage(client, profileId, from, 0).queryKey,
      next: first,
      rowsOf: (page) => page.rows,
      narrow: (rows) => filterModels(rows, view.filter),
      whole: (shown, rows) =>
        shown.rows.length === shown.total
          ? { rows, total: rows.length, fetchedAt: shown.fetchedAt }
          : undefined,
      counting: (shown, rows) => ({ rows, total: rows.length, fetchedAt: shown.fetchedAt }),
      enough: modelPageSize / 2,
    })
  return narrowed ? Promise.resolve() : client.prefetchQuery(first)
}

export function useProviderPage(provider: string | null) {
  const profileId = useProfileId()
  return useQuery({
    queryKey: profileKeys.catalogProvider(profileId ?? '', provider),
    queryFn: () => invoke('catalog.provider', { provider: provider ?? '' }),
    enabled: provider !== null && profileId !== undefined,
  })
}

/** The screen that uses a model of this role, with the model chosen. */
export const useInPaths: Record<ModelRole, { label: string; path: (id: string) => string }> = {
  decision: { label: 'Decisions', path: (id) => pathTo('/decisions', { model: id }) },
  image: { label: 'Images', path: (id) => pathTo('/images', { model: id }) },
  video: { label: 'Videos', path: (id) => pathTo('/videos', { panel: 'new', use: id }) },
  chat: { label: 'Playground', path: (id) => pathTo('/playground', { model: id }) },
}

export const priceLabels = {
  prompt: 'Prompt',
  completion: 'Completion',
  cacheRead: 'Cache read',
  cacheWrite5m: 'Cache write 5m',
  cacheWrite1h: 'Cache write 1h',
} as const
