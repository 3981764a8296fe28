// Models: the whole catalog in one normalized view, with prices made concrete and what changed since last time.
// Filters, sort, view, the open model and the comparison live in the view's address. Every list is a page the
// store reads for the view; nothing of the catalog is copied into the page to be filtered here.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import type { SortColumn } from '#shared/domain/catalog-view'
import { useCatalogChanges } from '../../catalog.ts'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'
import { Tabs } from '../../components/Tabs.tsx'
import { formatDateTime } from '../../format.ts'
import { invoke, profileKeys } from '../../ipc.ts'
import { useProfileId } from '../../profiles.ts'
import { type RouteParams, setRouteParams, useRouteChange, useRouteParams } from '../../router.ts'
import { ChangesPanel } from './ChangesPanel.tsx'
import { ComparePanel } from './ComparePanel.tsx'
import { ModelDetail } from './ModelDetail.tsx'
import { filterOfRoute, ModelFilters } from './ModelFilters.tsx'
import { ModelTable } from './ModelTable.tsx'
import { PricePlot } from './PricePlot.tsx'
import { ProviderPage } from './ProviderPage.tsx'
import {
  prefetchModelRows,
  useCatalogOverview,
  useComparedModels,
  useModelRows,
  usePricePoints,
} from './queries.ts'
import './models.css'

/** What the table shows, as the address says. */
const modelViewOf = (params: RouteParams<'/models'>) => ({
  filter: filterOfRoute(params),
  sort: params.sort ?? 'id',
  descending: params.desc === '1',
})

/** The order a click on `column`'s header gives: its own column the other way, another column ascending. */
export const sortedBy = (column: SortColumn, sort: SortColumn, descending: boolean) => ({
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
  const overview = useCatalogOverview()
  const rows = useModelRows({ filter, sort, descending })
  // A view the address names is asked for at once, before the screen renders it.
  useRouteChange('/models', (next) => void prefetchModelRows(client, profileId, modelViewOf(next)))
  const state = overview.data
  const compared = useCatalogChanges(state?.fetchedAt)
  const points = usePricePoints(filter, view === 'plot')
  const comparedModels = useComparedModels(view === 'compare' ? compare : [])
  const refresh = useMutation({
    mutationFn: () => invoke('catalog.overview', { refresh: true }),
    // The rest of the catalog shown is read again when main says the kept catalog changed (`data.changed`).
    onSuccess: (data) => {
      if (profileId) client.setQueryData(profileKeys.catalogOverview(profileId), data)
    },
  })
  const filterKey = JSON.stringify(filter)
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
    <div className="models">
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
          [
            overview.error,
            rows.error,
            view === 'plot' ? points.error : null,
            view === 'compare' ? comparedModels.find((model) => model.error)?.error : null,
            refresh.error,
          ].find((error) => error) ?? null
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
      <Tabs
        label="Models view"
        options={[
          { value: 'table', label: 'Table' },
          { value: 'plot', label: 'Price and context' },
          { value: 'compare', label: `Compare (${compare.length})` },
          { value: 'changes', label: 'What changed' },
        ]}
        value={view}
        onChange={(option) => setRouteParams('/models', { view: option === 'table' ? null : option })}
      />
      {(view === 'table' || view === 'plot') && state ? (
        <ModelFilters
          filter={filter}
          facets={state.facets}
          size={state.size}
          count={rows.head ? rows.total : null}
        />
      ) : null}
      <div className={`models__body${selected ? ' models__body--detail' : ''}`}>
        <div className="models__main">
          {view === 'plot' ? (
            <PricePlot points={points.data} onOpen={open} />
          ) : view === 'compare' ? (
            <ComparePanel
              models={comparedModels.flatMap((model) => (model.data ? [model.data.model] : []))}
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
