// Models: the whole catalog in one normalized view, with prices made concrete and what changed since last time.
// Filters, sort, view, the open model and the comparison live in the view's address.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { type CatalogModel, modelRoles } from '#shared/domain/catalog'
import { createModelFilterer, type SortColumn, sortModels } from '#shared/domain/catalog-view'
import { catalogRefreshed, useCatalogChanges } from '../../catalog.ts'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'
import { formatDateTime } from '../../format.ts'
import { invoke } from '../../ipc.ts'
import { stillCounting, usePrefetchWhenIdle } from '../../paged-rows.ts'
import { useProfileId } from '../../profiles.ts'
import { profileKeys } from '../../query.ts'
import { type RouteParams, setRouteParams, useRouteChange, useRouteParams } from '../../router.ts'
import { ChangesPanel } from './ChangesPanel.tsx'
import { ComparePanel } from './ComparePanel.tsx'
import { filterOfRoute } from './filter-route.ts'
import { catalogOrderQuery, useHeldCatalog } from './held-catalog.ts'
import { ModelDetail } from './ModelDetail.tsx'
import { ModelFilters } from './ModelFilters.tsx'
import { ModelTable, sortableColumns } from './ModelTable.tsx'
import { PricePlot, preparePlot } from './PricePlot.tsx'
import { prefetchModelRows, useCatalogOverview, useModelRows, useProviderPage } from './queries.ts'
import './models.css'

const views = ['table', 'plot', 'compare', 'changes'] as const

/** What the table shows, as the address says. */
const modelViewOf = (params: RouteParams<'/models'>) => ({
  filter: filterOfRoute(params),
  sort: params.sort ?? 'id',
  descending: params.desc === '1',
})

const noModels: readonly CatalogModel[] = []

/** Settles when the page is next idle. */
const whenIdle = () => new Promise<void>((resolve) => window.requestIdleCallback(() => resolve()))

/** The order a click on `column`'s header gives: its own column the other way, another column ascending. */
const sortedBy = (column: SortColumn, sort: SortColumn, descending: boolean) => ({
  sort: column,
  descending: column === sort && !descending,
})

export function ModelsScreen() {
  const params = useRouteParams('/models')
  const profileId = useProfileId()
  const client = useQueryClient()
  const { filter, sort, descending } = modelViewOf(params)
  const view = params.view ?? 'table'
  const selected = params.model ?? null
  const compareText = params.compare ?? ''
  const compare = useMemo(() => compareText.split(',').filter(Boolean).slice(0, 4), [compareText])
  // The table's first rows come from main a page at a time; the page then holds the whole catalog.
  const overview = useCatalogOverview()
  const rows = useModelRows({ filter, sort, descending })
  useRouteChange(
    '/models',
    (next) => void prefetchModelRows(client, profileId, modelViewOf(next), { filter, sort, descending }),
  )
  // The page reads the whole catalog in the background once the table's first rows show, main has compared
  // the catalog with the one before, and the catalog is not an old one a refresh is about to replace; from then
  // on the table's rows are worked out here. The plot and the comparison read it at once, and say when it
  // cannot be read (the table then reads its rows from main).
  // Once the table is idle, the first models of what a click shows next are made ready: each role and each
  // provider under the other filters and the sort, and each column's header under the filters. With the
  // catalog held, the page reads each header's order and works them out itself; main is asked for them only
  // when the catalog cannot be read into the page (asked while it is read, each would hold main between parts).
  const state = overview.data
  const compared = useCatalogChanges(state?.fetchedAt)
  const toHold =
    view === 'table'
      ? rows.isSuccess && !compared.comparing && state?.outdated === false
      : view === 'plot' || view === 'compare'
  const holding = useHeldCatalog(client, profileId, { sort, descending }, toHold)
  const { held } = holding
  const providers = overview.data?.facets.providers
  usePrefetchWhenIdle(
    providers && view === 'table' && (held || holding.error)
      ? JSON.stringify({ profileId, filter, sort, descending, providers, held })
      : null,
    () => {
      if (!profileId) return []
      const nextViews = [
        ...(['', ...modelRoles] as const).map((role) => ({ filter: { ...filter, role }, sort, descending })),
        ...['', ...(providers ?? [])].map((provider) => ({
          filter: { ...filter, provider },
          sort,
          descending,
        })),
        ...sortableColumns.map((column) => ({ filter, ...sortedBy(column, sort, descending) })),
      ]
      if (!held) return nextViews.map((next) => () => prefetchModelRows(client, profileId, next))
      // Held: the orders are read from main, then each first page is worked out here, one per idle moment.
      return [
        ...sortableColumns.map((column) => {
          const next = sortedBy(column, sort, descending)
          return () => client.prefetchQuery(catalogOrderQuery(client, profileId, next.sort, next.descending))
        }),
        ...nextViews.map((next) => () => whenIdle().then(() => prefetchModelRows(client, profileId, next))),
        // The plot of the whole catalog, which the plot's tab shows with no filter.
        () => whenIdle().then(() => holding.catalog && preparePlot(holding.catalog.models)),
      ]
    },
  )
  const refresh = useMutation({
    mutationFn: () => invoke('catalog.overview', { refresh: true }),
    onSuccess: async (data) => {
      if (!profileId) return
      client.setQueryData(profileKeys.catalogOverview(profileId), data)
      await catalogRefreshed(client, profileId, profileKeys.catalogOverview(profileId))
    },
  })
  const models = holding.catalog?.models
  const filterKey = JSON.stringify(filter)
  // The same filter of the same catalog gives the same list, so the plot is drawn from it once.
  const [plotFilterer] = useState(createModelFilterer)
  const plotted = view === 'plot' && models ? plotFilterer(models, filter) : noModels
  // Main replaced its catalog (another screen refreshed it): the overview and every page are read again.
  // (Rows still on their way show the previous answer, which may be of the catalog before: not compared.)
  const rowsFetchedAt = rows.busy ? undefined : rows.head?.fetchedAt
  useEffect(() => {
    if (profileId && state && rowsFetchedAt !== undefined && rowsFetchedAt !== state.fetchedAt)
      void catalogRefreshed(client, profileId)
  }, [client, profileId, state, rowsFetchedAt])
  const { changes } = compared
  const changeCount = changes
    ? changes.added.length + changes.removed.length + changes.priceChanges.length
    : 0
  const open = useCallback((id: string) => setRouteParams('/models', { model: id }), [])
  const toggleCompare = useCallback(
    (id: string) =>
      setRouteParams('/models', {
        compare: (compare.includes(id)
          ? compare.filter((other) => other !== id)
          : [...compare, id].slice(0, 4)
        ).join(','),
      }),
    [compare],
  )
  const sortBy = useCallback(
    (column: SortColumn) => {
      const next = sortedBy(column, sort, descending)
      setRouteParams('/models', {
        sort: next.sort === 'id' ? null : next.sort,
        desc: next.descending ? '1' : null,
      })
    },
    [sort, descending],
  )

  return (
    // Whether the page holds the catalog (its rows worked out here) is told to the benchmarks and tests.
    <div className="models" data-held={held ? 'catalog' : undefined}>
      <ScreenHeader
        title="Models"
        subtitle="Every model on the service, what it can do and what it costs."
        actions={
          <>
            <span className="muted">
              {state
                ? `Fetched ${formatDateTime(state.fetchedAt)}${state.outdated ? ' · refreshing…' : ''}`
                : ''}
            </span>
            <button
              type="button"
              className="button"
              onClick={() => refresh.mutate()}
              disabled={refresh.isPending}
            >
              {refresh.isPending ? 'Refreshing…' : 'Refresh'}
            </button>
          </>
        }
      />
      <ErrorNote
        error={
          overview.error ??
          rows.error ??
          (view === 'plot' || view === 'compare' ? holding.error : null) ??
          refresh.error
        }
      />
      {state && !state.fresh ? (
        <p className="notice" role="status">
          Offline: {state.problem}
        </p>
      ) : state?.problem ? (
        <p className="notice" role="status">
          {state.problem}
        </p>
      ) : null}
      {changeCount > 0 && view !== 'changes' ? (
        <p className="notice notice--info" role="status">
          {changeCount} change{changeCount === 1 ? '' : 's'} since {formatDateTime(changes?.since ?? 0)}.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => setRouteParams('/models', { view: 'changes' })}
          >
            See what changed
          </button>
        </p>
      ) : null}
      <div className="segmented" role="tablist" aria-label="Models view">
        {views.map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={view === option}
            className="segmented__option"
            onClick={() => setRouteParams('/models', { view: option === 'table' ? null : option })}
          >
            {
              {
                table: 'Table',
                plot: 'Price and context',
                compare: `Compare (${compare.length})`,
                changes: 'What changed',
              }[option]
            }
          </button>
        ))}
      </div>
      {(view === 'table' || view === 'plot') && state ? (
        <ModelFilters
          filter={filter}
          facets={state.facets}
          size={state.size}
          count={stillCounting(rows.head) ? null : rows.total}
        />
      ) : null}
      <div className={`models__body${selected ? ' models__body--detail' : ''}`}>
        <div className="models__main">
          {view === 'plot' ? (
            <PricePlot models={plotted} onOpen={open} />
          ) : view === 'compare' ? (
            <ComparePanel
              models={compare.flatMap((id) => models?.find((m) => m.id === id) ?? [])}
              onRemove={toggleCompare}
            />
          ) : view === 'changes' ? (
            <ChangesPanel
              changes={changes}
              comparing={compared.comparing}
              error={compared.error}
              onRetry={compared.retry}
              onOpen={open}
            />
          ) : view === 'provider' ? (
            <ProviderPage
              provider={params.provider ?? null}
              compare={compare}
              onOpen={open}
              onCompare={toggleCompare}
            />
          ) : (
            <ModelTable
              count={rows.total}
              modelAt={rows.rowAt}
              onRange={rows.onRange}
              busy={rows.busy}
              filterKey={filterKey}
              sort={sort}
              descending={descending}
              selected={selected}
              compare={compare}
              onSort={sortBy}
              onOpen={open}
              onCompare={toggleCompare}
            />
          )}
        </div>
        {selected ? <ModelDetail key={selected} id={selected} /> : null}
      </div>
    </div>
  )
}

function ProviderPage(props: {
  provider: string | null
  compare: readonly string[]
  onOpen: (id: string) => void
  onCompare: (id: string) => void
}) {
  const page = useProviderPage(props.provider)
  const [sort, setSort] = useState<{ column: SortColumn; descending: boolean }>({
    column: 'id',
    descending: false,
  })
  return (
    <section aria-label={`Provider ${props.provider}`} className="provider-page">
      <h2 className="section-title">{props.provider}</h2>
      <ErrorNote error={page.error} onRetry={() => page.refetch()} />
      {page.data ? (
        <>
          <p className="muted">
            {page.data.models.length} models, fetched {formatDateTime(page.data.fetchedAt)} from the
            by-provider routes.
          </p>
          <ModelTable
            {...modelsOf(sortModels(page.data.models, sort.column, sort.descending))}
            sort={sort.column}
            descending={sort.descending}
            selected={null}
            compare={props.compare}
            onSort={(column) => setSort({ column, descending: column === sort.column && !sort.descending })}
            onOpen={props.onOpen}
            onCompare={props.onCompare}
          />
        </>
      ) : null}
    </section>
  )
}

/** A list held in memory as the table reads it. */
const modelsOf = (models: readonly CatalogModel[]) => ({
  count: models.length,
  modelAt: (index: number) => models[index],
})
