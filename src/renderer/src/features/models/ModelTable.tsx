// The catalog as a virtualized table: every column sortable, prices per 1M tokens with the unit in the header,
// a row opens the model, a box adds it to the comparison (up to four).

import { billedPerSecond, type CatalogModel } from '#shared/domain/catalog'
import type { SortColumn } from '#shared/domain/catalog-view'
import { VirtualList } from '../../components/VirtualList.tsx'
import { formatPricePerMillion, formatPricePerSecond, formatTokenCount } from '../../format.ts'

const columns: { key: SortColumn | null; label: string; width: number; className?: string }[] = [
  { key: 'id', label: 'Model', width: 240 },
  { key: 'provider', label: 'Provider', width: 90 },
  { key: null, label: 'Reads → writes', width: 150 },
  { key: 'contextLength', label: 'Context', width: 80, className: 'num' },
  { key: 'maxCompletionTokens', label: 'Max out', width: 72, className: 'num' },
  { key: 'prompt', label: 'Prompt $/1M', width: 100, className: 'num' },
  { key: 'completion', label: 'Completion $/1M', width: 124, className: 'num' },
  { key: 'cacheRead', label: 'Cache read $/1M', width: 120, className: 'num' },
  { key: 'cacheWrite5m', label: 'Write 5m $/1M', width: 112, className: 'num' },
  { key: 'cacheWrite1h', label: 'Write 1h $/1M', width: 112, className: 'num' },
  { key: 'perSecond', label: 'Video $/s', width: 88, className: 'num' },
  { key: 'moderated', label: 'Moderated', width: 84 },
  { key: null, label: 'Parameters', width: 180 },
  { key: 'expirationDate', label: 'Expires', width: 92 },
]
const checkboxWidth = 28
const gap = 12
const padding = 12
const modelGrid = `${checkboxWidth}px ${columns.map((column) => `${column.width}px`).join(' ')}`
/** The whole row: every column, the gaps between them and the padding on both sides. */
const tableWidth =
  checkboxWidth + columns.reduce((sum, column) => sum + column.width, 0) + gap * columns.length + padding * 2

const price = (value: string | null) => (value === null ? '—' : formatPricePerMillion(value))

export function ModelTable(props: {
  models: readonly CatalogModel[]
  sort: SortColumn
  descending: boolean
  selected: string | null
  compare: readonly string[]
  onSort: (column: SortColumn) => void
  onOpen: (id: string) => void
  onCompare: (id: string) => void
}) {
  return (
    <div className="model-table">
      <div className="model-table__inner" style={{ width: tableWidth }}>
        <div className="model-table__row model-table__row--head" style={{ gridTemplateColumns: modelGrid }}>
          <span>
            <span className="visually-hidden">Compare</span>
          </span>
          {columns.map((column) =>
            column.key ? (
              <button
                key={column.label}
                type="button"
                className={`model-table__heading ${column.className ?? ''}`}
                aria-pressed={props.sort === column.key}
                onClick={() => column.key && props.onSort(column.key)}
              >
                {column.label}
                {props.sort === column.key ? (props.descending ? ' ↓' : ' ↑') : ''}
              </button>
            ) : (
              <span key={column.label} className="model-table__heading">
                {column.label}
              </span>
            ),
          )}
        </div>
        <VirtualList
          items={props.models}
          rowHeight={44}
          label="Models"
          getKey={(model) => model.id}
          renderRow={(model) => (
            <div
              className={`model-table__row${props.selected === model.id ? ' model-table__row--selected' : ''}`}
              style={{ gridTemplateColumns: modelGrid }}
            >
              <input
                type="checkbox"
                aria-label={`Compare ${model.name}`}
                checked={props.compare.includes(model.id)}
                disabled={!props.compare.includes(model.id) && props.compare.length >= 4}
                onChange={() => props.onCompare(model.id)}
              />
              <button type="button" className="model-table__open" onClick={() => props.onOpen(model.id)}>
                <span className="model-table__name">{model.name}</span>
                <span className="model-table__id">{model.id}</span>
              </button>
              <span className="model-table__cell">{model.provider}</span>
              <span
                className="model-table__cell"
                title={`${model.inputModalities.join(', ')} → ${model.outputModalities.join(', ')}`}
              >
                {model.inputModalities.join('+')} → {model.outputModalities.join('+')}
              </span>
              <span className="model-table__cell num">{formatTokenCount(model.contextLength)}</span>
              <span className="model-table__cell num">{formatTokenCount(model.maxCompletionTokens)}</span>
              {billedPerSecond(model) ? (
                <>
                  <span className="model-table__cell num muted" title="Billed per second of video">
                    —
                  </span>
                  <span className="model-table__cell num muted" title="Billed per second of video">
                    —
                  </span>
                </>
              ) : (
                <>
                  <span className="model-table__cell num">{price(model.prices.prompt)}</span>
                  <span className="model-table__cell num">{price(model.prices.completion)}</span>
                </>
              )}
              <span className="model-table__cell num">{price(model.prices.cacheRead)}</span>
              <span className="model-table__cell num">{price(model.prices.cacheWrite5m)}</span>
              <span className="model-table__cell num">{price(model.prices.cacheWrite1h)}</span>
              <span className="model-table__cell num">
                {model.perSecond === null ? '—' : formatPricePerSecond(model.perSecond)}
              </span>
              <span className="model-table__cell">{model.moderated ? 'yes' : 'no'}</span>
              <span className="model-table__cell" title={model.supportedParameters.join(', ')}>
                {model.supportedParameters.join(', ') || '—'}
              </span>
              <span className="model-table__cell">{model.expirationDate ?? '—'}</span>
            </div>
          )}
        />
      </div>
    </div>
  )
}
