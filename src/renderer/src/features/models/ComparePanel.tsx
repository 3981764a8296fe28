// Up to four models side by side, row by row.
import type { CatalogModel } from '#shared/domain/catalog'
import { priceNames } from '#shared/domain/catalog'
import { formatPricePerMillion } from '../../format.ts'
import { priceLabels } from './queries.ts'

const rows: { label: string; read: (model: CatalogModel) => string }[] = [
  { label: 'Provider', read: (m) => m.provider },
  { label: 'Reads', read: (m) => m.inputModalities.join(', ') },
  { label: 'Writes', read: (m) => m.outputModalities.join(', ') },
  {
    label: 'Context',
    read: (m) => (m.contextLength === null ? '—' : `${m.contextLength.toLocaleString('en-US')} tokens`),
  },
  {
    label: 'Max completion',
    read: (m) =>
      m.maxCompletionTokens === null ? '—' : `${m.maxCompletionTokens.toLocaleString('en-US')} tokens`,
  },
  ...priceNames.map((price) => ({
    label: `${priceLabels[price]} $/1M`,
    read: (m: CatalogModel) =>
      m.prices[price] === null ? '—' : formatPricePerMillion(m.prices[price] ?? '0'),
  })),
  { label: 'Moderated', read: (m) => (m.moderated ? 'yes' : 'no') },
  { label: 'Parameters', read: (m) => m.supportedParameters.join(', ') || '—' },
  { label: 'Roles', read: (m) => m.roles.join(', ') },
  { label: 'Expires', read: (m) => m.expirationDate ?? '—' },
]

export function ComparePanel(props: { models: CatalogModel[]; onRemove: (id: string) => void }) {
  if (props.models.length === 0)
    return <p className="muted">Tick up to four models in the table to compare them here.</p>
  return (
    <div className="compare">
      <table className="compare__table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Field</span>
            </th>
            {props.models.map((model) => (
              <th key={model.id} scope="col">
                <span className="compare__name">{model.name}</span>
                <span className="muted compare__id">{model.id}</span>
                <button type="button" className="link-button" onClick={() => props.onRemove(model.id)}>
                  Remove
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const values = props.models.map(row.read)
            const differ = new Set(values).size > 1
            return (
              <tr key={row.label} className={differ ? 'compare__row--differs' : undefined}>
                <th scope="row">{row.label}</th>
                {values.map((value, index) => (
                  <td key={props.models[index]?.id}>{value}</td>
                ))}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
