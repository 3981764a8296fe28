// Models: the whole catalog in one normalized view, with prices made concrete and what changed since last time.
// Filters, sort, view, the open model and the comparison live in the view's address.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { createModelFilterer, type SortColumn, sortModels } from '#shared/domain/catalog-view'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { ScreenHeader } from '../../components/ScreenHeader.tsx'
import { formatDateTime } from '../../format.ts'
import { invoke } from '../../ipc.ts'
import { useProfileId } from '../../profiles.ts'
import { profileKeys } from '../../query.ts'
import { setRouteParams, useRouteParams } from '../../router.ts'
import { ChangesPanel } from './ChangesPanel.tsx'
import { ComparePanel } from './ComparePanel.tsx'
import { filterOfRoute } from './filter-route.ts'
import { ModelDetail } from './ModelDetail.tsx'
import { ModelFilters } from './ModelFilters.tsx'
import { ModelTable } from './ModelTable.tsx'
import { PricePlot } from './PricePlot.tsx'
import { useCatalog, useProviderPage } from './queries.ts'
import './models.css'

const views = ['table', 'plot', 'compare', 'changes'] as const

export function ModelsScreen() {
  const params = useRouteParams('/models')
  const catalog = useCatalog()
  const profileId = useProfileId()
  const client = useQueryClient()
  const refresh = useMutation({
    mutationFn: () => invoke('catalog.browse', { refresh: true }),
    onSuccess: (data) => profileId && client.setQueryData(profileKeys.catalog(profileId), data),
  })
  const filter = filterOfRoute(params)
  const sort = params.sort ?? 'id'
  const descending = params.desc === '1'
  const view = params.view ?? 'table'
  const selected = params.model ?? null
  const compare = (params.compare ?? '').split(',').filter(Boolean).slice(0, 4)
  const models = catalog.data?.models ?? []
  const filterKey = JSON.stringify(filter)
  // Sorted when the catalog or the sort changes; a keystroke only filters the sorted list (which keeps order).
  const sorted = useMemo(() => sortModels(models, sort, descending), [models, sort, descending])
  const [filterer] = useState(createModelFilterer)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is compared by value (filterKey)
  const shown = useMemo(() => filterer(sorted, filter), [sorted, filterKey])
  const changes = catalog.data?.changes ?? null
  const changeCount = changes
    ? changes.added.length + changes.removed.length + changes.priceChanges.length
    : 0
  const open = (id: string) => setRouteParams('/models', { model: id })
  const toggleCompare = (id: string) =>
    setRouteParams('/models', {
      compare: (compare.includes(id)
        ? compare.filter((other) => other !== id)
        : [...compare, id].slice(0, 4)
      ).join(','),
    })

  return (
    <div className="models">
      <ScreenHeader
        title="Models"
        subtitle="Every model on the service, what it can do and what it costs."
        actions={
          <>
            <span className="muted">
              {catalog.data
                ? `Fetched ${formatDateTime(catalog.data.fetchedAt)}${catalog.data.outdated ? ' · refreshing…' : ''}`
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
      <ErrorNote error={catalog.error ?? refresh.error} />
      {catalog.data && !catalog.data.fresh ? (
        <p className="notice" role="status">
          Offline: {catalog.data.problem}
        </p>
      ) : catalog.data?.problem ? (
        <p className="notice" role="status">
          {catalog.data.problem}
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
      {view === 'table' || view === 'plot' ? (
        <ModelFilters filter={filter} models={models} count={shown.length} />
      ) : null}
      <div className={`models__body${selected ? ' models__body--detail' : ''}`}>
        <div className="models__main">
          {view === 'plot' ? (
            <PricePlot models={shown} onOpen={open} />
          ) : view === 'compare' ? (
            <ComparePanel
              models={compare.flatMap((id) => models.find((m) => m.id === id) ?? [])}
              onRemove={toggleCompare}
            />
          ) : view === 'changes' ? (
            <ChangesPanel changes={changes} onOpen={open} />
          ) : view === 'provider' ? (
            <ProviderPage
              provider={params.provider ?? null}
              compare={compare}
              onOpen={open}
              onCompare={toggleCompare}
            />
          ) : (
            <ModelTable
              models={shown}
              sort={sort}
              descending={descending}
              selected={selected}
              compare={compare}
              onSort={(column) =>
                setRouteParams('/models', {
                  sort: column === 'id' ? null : column,
                  desc: column === sort && !descending ? '1' : null,
                })
              }
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
            models={sortModels(page.data.models, sort.column, sort.descending)}
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
