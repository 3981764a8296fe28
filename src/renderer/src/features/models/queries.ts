// The catalog as the browser reads it, and where "Use in …" goes for each role.
import { type QueryClient, useQuery } from '@tanstack/react-query'
import type { ModelRole } from '#shared/domain/catalog'
import { filterModels, filterNarrows, type ModelFilter, type SortColumn } from '#shared/domain/catalog-view'
import { invoke } from '../../ipc.ts'
import { usePagedRows } from '../../paged-rows.ts'
import { useProfileId } from '../../profiles.ts'
import { profileKeys } from '../../query.ts'
import { pathTo } from '../../router.ts'

export { useCatalog, useCatalogOverview } from '../../catalog.ts'

/** Models read from main at a time: the table asks for the pages in view, never the whole catalog. */
const modelPageSize = 50

/** One page of the table's rows, as main filters and sorts them: the same query for the table and a prefetch. */
function modelRowsPage(profileId: string, view: ModelView, page: number) {
  return {
    queryKey: profileKeys.catalogRows(profileId, { ...view, page }),
    queryFn: () => invoke('catalog.rows', { ...view, offset: page * modelPageSize, limit: modelPageSize }),
  }
}

interface ModelView {
  filter: ModelFilter
  sort: SortColumn
  descending: boolean
}

/** The table's models, filtered and sorted in main: how many match, and the pages around the rows in view. */
export function useModelRows(view: ModelView) {
  const profileId = useProfileId() ?? ''
  return usePagedRows({
    enabled: profileId !== '',
    owner: profileId,
    pageSize: modelPageSize,
    pageOf: (page) => modelRowsPage(profileId, view, page),
    rowsOf: (page) => page.rows,
  })
}

/** A page as main answers it; `counting` while the page shows rows it worked out and main is still counting. */
type RowsPage = Awaited<ReturnType<ReturnType<typeof modelRowsPage>['queryFn']>> & { counting?: true }

/** Whether the table's first page shows rows worked out in the page while main counts the matches. */
export const stillCounting = (head: object | undefined): boolean =>
  (head as RowsPage | undefined)?.counting === true

/**
 * The first page of a view, the moment the address names it and before the screen renders it. When the view
 * only narrows the one shown (a letter typed into the search), the page filters the rows it shows with main's
 * own filter, in the keystroke's frame: they are the first rows of the new view, in order. When the shown
 * view's first page held all of its models, that is the whole answer. When it held only its first rows and
 * half a page of them still match, they show at once (`counting`) while main counts the rest. Otherwise main
 * is asked.
 */
export function prefetchModelRows(
  client: QueryClient,
  profileId: string | undefined,
  view: ModelView,
  from?: ModelView,
) {
  if (!profileId) return
  const first = modelRowsPage(profileId, view, 0)
  const shown = from && client.getQueryData<RowsPage>(modelRowsPage(profileId, from, 0).queryKey)
  if (
    from &&
    shown &&
    from.sort === view.sort &&
    from.descending === view.descending &&
    filterNarrows(from.filter, view.filter) &&
    client.getQueryData(first.queryKey) === undefined
  ) {
    const rows = filterModels(shown.rows, view.filter)
    const whole = !shown.counting && shown.rows.length === shown.total
    if (whole) {
      client.setQueryData<RowsPage>(first.queryKey, { rows, total: rows.length, fetchedAt: shown.fetchedAt })
      return
    }
    if (rows.length >= modelPageSize / 2) {
      const counting = { rows, total: rows.length, fetchedAt: shown.fetchedAt, counting: true } as const
      client.setQueryData<RowsPage>(first.queryKey, counting)
      void client.fetchQuery({ ...first, staleTime: 0 }).catch(() => {
        // The page's error shows where the rows are read; the rows worked out stay.
      })
      return
    }
  }
  void client.prefetchQuery(first)
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
