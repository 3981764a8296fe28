// The catalog as the browser reads it — a page of the table, the plot's points, a provider's models — and where
// "Use in …" goes for each role.
import { type QueryClient, useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ModelRole } from '#shared/domain/catalog'
import type { ModelFilter, SortColumn } from '#shared/domain/catalog-view'
import type { RouteOutput } from '#shared/ipc/routes/index'
import { invoke, profileKeys } from '../../ipc.ts'
import { usePagedRows } from '../../paged-rows.ts'
import { useProfileId } from '../../profiles.ts'
import { pathTo } from '../../router.ts'

export { useCatalogOverview } from '../../catalog.ts'

/** What the table shows: the filter and the order. */
export interface ModelView {
  filter: ModelFilter
  sort: SortColumn
  descending: boolean
}

/** Models on a page of the table. */
const modelPageSize = 50

type RowsPage = RouteOutput<'catalog.rows'>

/**
 * One page of the table's rows as the store filters and sorts them: it starts where the page before it ended when
 * that page is at hand (a range of the order's index, however deep), or else at its position. The same query for
 * the table and a prefetch.
 */
function modelRowsPage(client: QueryClient, profileId: string, view: ModelView, page: number) {
  return {
    queryKey: profileKeys.catalogRows(profileId, { ...view, page }),
    queryFn: ({ signal }: { signal: AbortSignal }) => {
      const before =
        page > 0
          ? client.getQueryData<RowsPage>(profileKeys.catalogRows(profileId, { ...view, page: page - 1 }))
          : undefined
      const where = before?.next ? { after: before.next } : {}
      return invoke(
        'catalog.rows',
        { ...view, offset: page * modelPageSize, limit: modelPageSize, ...where },
        { signal },
      )
    },
  }
}

/** The table's models, filtered and sorted: how many match, and the pages around the rows in view. */
export function useModelRows(view: ModelView) {
  const client = useQueryClient()
  const profileId = useProfileId() ?? ''
  return usePagedRows({
    enabled: profileId !== '',
    owner: profileId,
    pageSize: modelPageSize,
    pageOf: (page) => modelRowsPage(client, profileId, view, page),
    rowsOf: (page) => page.rows,
  })
}

/** Asks for a view's first page the moment the address names it, before the screen renders it. */
export function prefetchModelRows(client: QueryClient, profileId: string | undefined, view: ModelView) {
  if (!profileId) return Promise.resolve()
  return client.prefetchQuery(modelRowsPage(client, profileId, view, 0))
}

/** What the price plot draws for the filtered models. */
export function usePricePoints(filter: ModelFilter, enabled: boolean) {
  const profileId = useProfileId()
  return useQuery({
    queryKey: profileKeys.catalogPoints(profileId ?? '', filter),
    queryFn: ({ signal }) => invoke('catalog.points', { filter }, { signal }),
    enabled: enabled && profileId !== undefined,
    placeholderData: (previous) => previous,
  })
}

/** The models compared, each read by its id (as kept). */
export function useComparedModels(ids: readonly string[]) {
  const profileId = useProfileId()
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: profileKeys.catalogModel(profileId ?? '', id, false),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        invoke('catalog.model', { id, refresh: false }, { signal }),
      enabled: profileId !== undefined,
    })),
  })
}

export function useProviderPage(provider: string | null) {
  const profileId = useProfileId()
  return useQuery({
    queryKey: profileKeys.catalogProvider(profileId ?? '', provider),
    queryFn: ({ signal }) => invoke('catalog.provider', { provider: provider ?? '' }, { signal }),
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
