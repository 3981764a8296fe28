// What changed since the catalog before: models added and removed, and each price that moved, old → new.
import type { PriceName } from '#shared/domain/catalog'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { formatDateTime, formatPricePerMillion } from '../../format.ts'
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
    return <p className="muted">Nothing to compare yet: refresh the catalog to see what changed since now.</p>
  const none = changes.added.length + changes.removed.length + changes.priceChanges.length === 0
  return (
    <section className="changes" aria-label="What changed">
      <p className="muted">Compared with the catalog fetched {formatDateTime(changes.since)}.</p>
      {none ? <p>Nothing changed.</p> : null}
      {changes.added.length ? (
        <>
          <h3>Added ({changes.added.length.toLocaleString('en-US')})</h3>
          <ul>
            {changes.added.map((id) => (
              <li key={id}>
                <button type="button" className="link-button" onClick={() => onOpen(id)}>
                  {id}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {changes.removed.length ? (
        <>
          <h3>Removed ({changes.removed.length.toLocaleString('en-US')})</h3>
          <ul>
            {changes.removed.map((id) => (
              <li key={id}>{id}</li>
            ))}
          </ul>
        </>
      ) : null}
      {changes.priceChanges.length ? (
        <>
          <h3>Price changes ({changes.priceChanges.length.toLocaleString('en-US')})</h3>
          <table className="compare__table">
            <thead>
              <tr>
                <th scope="col">Model</th>
                <th scope="col">Price</th>
                <th scope="col">Before</th>
                <th scope="col">Now</th>
              </tr>
            </thead>
            <tbody>
              {changes.priceChanges.map((change) => (
                <tr key={`${change.id}-${change.price}`}>
                  <td>
                    <button type="button" className="link-button" onClick={() => onOpen(change.id)}>
                      {change.id}
                    </button>
                  </td>
                  <td>{priceLabels[change.price]}</td>
                  <td>{shown(change.from)}</td>
                  <td>{shown(change.to)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  )
}
