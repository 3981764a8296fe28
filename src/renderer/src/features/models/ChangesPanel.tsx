// What changed since the catalog before: models added and removed, and each price that moved, old → new.
import { type ReactNode, useState } from 'react'
import type { PriceName } from '#shared/domain/catalog'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { counted, formatDateTime, formatPricePerMillion } from '../../format.ts'
import { priceLabels } from './queries.ts'

interface Changes {
  since: number
  added: string[]
  removed: string[]
  priceChanges: { id: string; price: PriceName; from: string | null; to: string | null }[]
}

const shown = (price: string | null) => (price === null ? 'not quoted' : `${formatPricePerMillion(price)}/1M`)

export function ChangesPanel({
  changes,
  comparing,
  error,
  onRetry,
  onOpen,
}: {
  changes: Changes | null
  /** Main is still comparing the catalog with the one kept before. */
  comparing: boolean
  error: unknown
  onRetry: () => void
  onOpen: (id: string) => void
}) {
  if (error) return <ErrorNote error={error} onRetry={onRetry} />
  if (comparing)
    return (
      <p className="muted" role="status">
        Comparing with the catalog kept before…
      </p>
    )
  if (!changes)
    return (
      <p className="muted">
        Nothing to compare yet: only one catalog is kept. The next refresh says what changed since this one.
      </p>
    )
  return <ChangeLists changes={changes} onOpen={onOpen} />
}

/** A model's provider, as its id names it (`aurora/flash-2` → `aurora`). */
const providerOf = (id: string) => id.split('/')[0] ?? id

/** Items grouped by the provider of their model, providers in order of name. */
function byProvider<T>(items: readonly T[], idOf: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const provider = providerOf(idOf(item))
    groups.set(provider, [...(groups.get(provider) ?? []), item])
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b))
}

/** Which way a price moved, in words: "up 25%", "down", "now quoted". */
function movement(from: string | null, to: string | null): string {
  if (from === null) return 'now quoted'
  if (to === null) return 'no longer quoted'
  const before = Number(from)
  const after = Number(to)
  if (before === 0) return after > 0 ? 'up from free' : 'same'
  const percent = Math.round(((after - before) / before) * 100)
  return `${percent > 0 ? 'up' : 'down'} ${Math.abs(percent)}%`
}

/**
 * The lists, filtered by a model or provider typed in, each grouped by provider: a group is open when there are
 * few, so thousands of changes read as a list of providers to open.
 */
function ChangeLists({ changes, onOpen }: { changes: Changes; onOpen: (id: string) => void }) {
  const [filter, setFilter] = useState('')
  const wanted = filter.trim().toLowerCase()
  const keep = (id: string) => !wanted || id.toLowerCase().includes(wanted)
  const added = byProvider(changes.added.filter(keep), (id) => id)
  const removed = byProvider(changes.removed.filter(keep), (id) => id)
  const prices = byProvider(
    changes.priceChanges.filter((change) => keep(change.id)),
    (change) => change.id,
  )
  const total = changes.added.length + changes.removed.length + changes.priceChanges.length
  const open = added.length + removed.length + prices.length <= 6
  const count = (groups: [string, unknown[]][]) => groups.reduce((sum, [, items]) => sum + items.length, 0)
  const modelLink = (id: string) => (
    <button type="button" className="link-button" onClick={() => onOpen(id)}>
      {id}
    </button>
  )
  /** One list's heading and its groups, each told by `body`. */
  const grouped = <T,>(
    title: string,
    what: string,
    groups: [string, T[]][],
    body: (items: T[]) => ReactNode,
  ) =>
    groups.length ? (
      <>
        <h3>
          {title} ({counted(count(groups), what)})
        </h3>
        {groups.map(([provider, items]) => (
          <details key={provider} open={open}>
            <summary>
              {provider} ({items.length.toLocaleString('en-US')})
            </summary>
            {body(items)}
          </details>
        ))}
      </>
    ) : null
  return (
    <section className="changes" aria-label="What changed">
      <p className="muted">Compared with the catalog fetched {formatDateTime(changes.since)}.</p>
      {total === 0 ? (
        <p>Nothing changed.</p>
      ) : (
        <label className="field changes__filter">
          <span className="field__label">Filter by model or provider</span>
          <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
        </label>
      )}
      {grouped('Added', 'model', added, (ids) => (
        <ul>
          {ids.map((id) => (
            <li key={id}>{modelLink(id)}</li>
          ))}
        </ul>
      ))}
      {grouped('Removed', 'model', removed, (ids) => (
        <ul>
          {ids.map((id) => (
            <li key={id}>{id}</li>
          ))}
        </ul>
      ))}
      {grouped('Price changes', 'price', prices, (moved) => (
        <table className="compare__table">
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">Price</th>
              <th scope="col">Before</th>
              <th scope="col">Now</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {moved.map((change) => (
              <tr key={`${change.id}-${change.price}`}>
                <td>{modelLink(change.id)}</td>
                <td>{priceLabels[change.price]}</td>
                <td>{shown(change.from)}</td>
                <td>{shown(change.to)}</td>
                <td>{movement(change.from, change.to)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      {total > 0 && added.length + removed.length + prices.length === 0 ? (
        <p className="muted">No change concerns “{filter.trim()}”.</p>
      ) : null}
    </section>
  )
}
