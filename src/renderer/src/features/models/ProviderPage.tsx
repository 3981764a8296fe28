// One provider's models, fresh from the by-provider routes: a short list the service sends whole, sorted here by
// the column the person picks.
import { useState } from 'react'
import { billedPerSecond, type CatalogRow, type PriceName } from '#shared/domain/catalog'
import type { SortColumn } from '#shared/domain/catalog-view'
import { compareAmounts, parseAmount } from '#shared/domain/money'
import { textOrder } from '#shared/domain/sorting'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { formatDateTime } from '../../format.ts'
import { ModelTable } from './ModelTable.tsx'
import { useProviderPage } from './queries.ts'

type Key = string | number | bigint | boolean

function keyOf(model: CatalogRow, column: SortColumn): Key | null {
  if (column === 'perSecond') return model.perSecond === null ? null : parseAmount(model.perSecond)
  if (column in model.prices) {
    const price = model.prices[column as PriceName]
    return price === null || billedPerSecond(model) ? null : parseAmount(price)
  }
  return model[column as 'id' | 'name' | 'provider' | 'contextLength' | 'maxCompletionTokens' | 'moderated']
}

/** Missing values last either way, ties by id: as the catalog's table sorts. */
function sorted(models: readonly CatalogRow[], column: SortColumn, descending: boolean): CatalogRow[] {
  const compare = (a: Key, b: Key) =>
    typeof a === 'bigint' && typeof b === 'bigint'
      ? compareAmounts(a, b)
      : typeof a === 'number' && typeof b === 'number'
        ? a - b
        : textOrder.compare(String(a), String(b))
  const byId = [...models].sort((a, b) => textOrder.compare(a.id, b.id))
  const present = byId.filter((model) => keyOf(model, column) !== null)
  const ordered = present.sort(
    (a, b) => compare(keyOf(a, column) as Key, keyOf(b, column) as Key) * (descending ? -1 : 1),
  )
  return [...ordered, ...byId.filter((model) => keyOf(model, column) === null)]
}

export function ProviderPage(props: {
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
  const models = page.data ? sorted(page.data.models, sort.column, sort.descending) : []
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
            count={models.length}
            modelAt={(index) => models[index]}
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
