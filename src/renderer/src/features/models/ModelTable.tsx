// The catalog as a virtualized table: every column sortable, prices per 1M tokens with the unit in the header,
// a row opens the model, a box adds it to the comparison (up to four). Its parts are divs with the table roles
// (the lint's semantic-element rules are off for this file): the virtual list places rows where table elements
// cannot go, and only the rows in view exist, so the table says its size and each row its place.

import { memo, type ReactNode } from 'react'
import { billedPerSecond, type CatalogRow } from '#shared/domain/catalog'
import type { SortColumn } from '#shared/domain/catalog-view'
import { VirtualList, type VisibleRange } from '../../components/VirtualList.tsx'
import { formatPricePerMillion, formatPricePerSecond, formatTokenCount } from '../../format.ts'
import './model-table.css'

interface Column {
  /** The sort column, or null for a column that does not sort. */
  key: SortColumn | null
  label: string
  width: number
  className?: string
  cell: (model: CatalogRow) => ReactNode
}

const price = (value: string | null) => (value === null ? '—' : formatPricePerMillion(value))
/** A token price of a model billed per second says nothing of its cost: shown as a dash that says so. */
const tokenPrice = (model: CatalogRow, value: string | null) =>
  billedPerSecond(model) ? <span title="Billed per second of video">—</span> : price(value)

const columns: Column[] = [
  { key: 'id', label: 'Model', width: 240, cell: () => null },
  { key: 'provider', label: 'Provider', width: 90, cell: (m) => m.provider },
  {
    key: null,
    label: 'Reads → writes',
    width: 150,
    cell: (m) => `${m.inputModalities.join('+')} → ${m.outputModalities.join('+')}`,
  },
  {
    key: 'contextLength',
    label: 'Context',
    width: 80,
    className: 'num',
    cell: (m) => formatTokenCount(m.contextLength),
  },
  {
    key: 'maxCompletionTokens',
    label: 'Max out',
    width: 72,
    className: 'num',
    cell: (m) => formatTokenCount(m.maxCompletionTokens),
  },
  {
    key: 'prompt',
    label: 'Prompt $/1M',
    width: 100,
    className: 'num',
    cell: (m) => tokenPrice(m, m.prices.prompt),
  },
  {
    key: 'completion',
    label: 'Completion $/1M',
    width: 124,
    className: 'num',
    cell: (m) => tokenPrice(m, m.prices.completion),
  },
  {
    key: 'cacheRead',
    label: 'Cache read $/1M',
    width: 120,
    className: 'num',
    cell: (m) => price(m.prices.cacheRead),
  },
  {
    key: 'cacheWrite5m',
    label: 'Write 5m $/1M',
    width: 112,
    className: 'num',
    cell: (m) => price(m.prices.cacheWrite5m),
  },
  {
    key: 'cacheWrite1h',
    label: 'Write 1h $/1M',
    width: 112,
    className: 'num',
    cell: (m) => price(m.prices.cacheWrite1h),
  },
  {
    key: 'perSecond',
    label: 'Video $/s',
    width: 88,
    className: 'num',
    cell: (m) => (m.perSecond === null ? '—' : formatPricePerSecond(m.perSecond)),
  },
  { key: 'moderated', label: 'Moderated', width: 84, cell: (m) => (m.moderated ? 'yes' : 'no') },
  { key: null, label: 'Parameters', width: 180, cell: (m) => m.supportedParameters.join(', ') || '—' },
  { key: 'expirationDate', label: 'Expires', width: 92, cell: (m) => m.expirationDate ?? '—' },
]

/**
 * With a model's detail open the table is narrow: the model's column is too, and the rest scroll beside it. The
 * columns keep their order: moved, a column read a moment ago is not where the eye goes back to.
 */
const withDetail = columns.map((column) => (column.key === 'id' ? { ...column, width: 180 } : column))

const checkboxWidth = 28
const gap = 12
const padding = 12
const gridOf = (shown: readonly Column[]) =>
  `${checkboxWidth}px ${shown.map((column) => `${column.width}px`).join(' ')}`
/** The whole row: every column, the gaps between them and the padding on both sides. */
const tableWidth =
  checkboxWidth + columns.reduce((sum, column) => sum + column.width, 0) + gap * columns.length + padding * 2

/**
 * Memoized: a keystroke in the filters renders the screen at once, and the table only when its rows change
 * (its callbacks and lists must keep their identity while they mean the same).
 */
export const ModelTable = memo(function ModelTable(props: {
  count: number
  /** Undefined for a row still on its way from main: shown as an empty row of the same height. */
  modelAt: (index: number) => CatalogRow | undefined
  onRange?: (range: VisibleRange) => void
  /** The rows shown are the previous answer while the new ones are on their way. */
  busy?: boolean
  /** The filter: a new one shows its first models. */
  filterKey?: string
  sort: SortColumn
  descending: boolean
  selected: string | null
  compare: readonly string[]
  onSort: (column: SortColumn) => void
  onOpen: (id: string) => void
  onCompare: (id: string) => void
}) {
  const shown = props.selected ? withDetail : columns
  const modelGrid = gridOf(shown)
  return (
    <div
      className="model-table"
      // A cell brought into view (a header focused from the keyboard) is not left under the pinned columns.
      style={{ scrollPaddingLeft: padding + checkboxWidth + gap + (shown[0]?.width ?? 0) + gap }}
      // The model's column is pinned at the left edge (models.css): moved back by as much as the table scrolled.
      onScroll={(event) => {
        const table = event.currentTarget
        table.style.setProperty('--model-table-scroll', `${table.scrollLeft}px`)
        table.toggleAttribute('data-scrolled', table.scrollLeft > 0)
      }}
    >
      <div
        className="model-table__inner"
        style={{ width: tableWidth }}
        role="table"
        aria-label="Models"
        aria-rowcount={props.count + 1}
        aria-busy={props.busy ? true : undefined}
      >
        <div
          className="model-table__row model-table__row--head"
          style={{ gridTemplateColumns: modelGrid }}
          role="row"
          aria-rowindex={1}
        >
          <span role="columnheader" className="model-table__pinned model-table__pinned--first">
            <span className="visually-hidden">Compare</span>
          </span>
          {shown.map((column) => (
            <span
              key={column.label}
              role="columnheader"
              className={`model-table__head${column.key === 'id' ? ' model-table__pinned' : ''}`}
              aria-sort={
                column.key === null
                  ? undefined
                  : props.sort === column.key
                    ? props.descending
                      ? 'descending'
                      : 'ascending'
                    : 'none'
              }
            >
              {column.key ? (
                <button
                  type="button"
                  className={`model-table__heading ${column.className ?? ''}`}
                  onClick={() => column.key && props.onSort(column.key)}
                >
                  {column.label}
                  {props.sort === column.key ? (props.descending ? ' ↓' : ' ↑') : ''}
                </button>
              ) : (
                <span className={`model-table__heading ${column.className ?? ''}`}>{column.label}</span>
              )}
            </span>
          ))}
        </div>
        <VirtualList
          semantics="rows"
          rowHeight={44}
          label="Models"
          count={props.count}
          // Rows are kept by position: under a new filter they are updated in place, not built again.
          rowKey={(index) => index}
          {...(props.onRange ? { onRange: props.onRange } : {})}
          busy={props.busy ?? false}
          {...(props.filterKey === undefined ? {} : { scrollKey: props.filterKey })}
          renderRow={(index) => {
            const model = props.modelAt(index)
            if (!model)
              return (
                <div className="model-table__row" role="row" aria-rowindex={index + 2} aria-busy="true" />
              )
            const compared = props.compare.includes(model.id)
            return (
              <ModelRow
                index={index}
                model={model}
                shown={shown}
                grid={modelGrid}
                selected={props.selected === model.id}
                compared={compared}
                canCompare={compared || props.compare.length < 4}
                onOpen={props.onOpen}
                onCompare={props.onCompare}
              />
            )
          }}
        />
      </div>
    </div>
  )
})

/**
 * One model's row, memoized: a keystroke renders the table again with the rows it showed (marked busy until the
 * new ones come), and those rows are then left as they are.
 */
const ModelRow = memo(function ModelRow(props: {
  index: number
  model: CatalogRow
  shown: readonly Column[]
  grid: string
  selected: boolean
  compared: boolean
  canCompare: boolean
  onOpen: (id: string) => void
  onCompare: (id: string) => void
}) {
  const { model } = props
  return (
    <div
      className={`model-table__row${props.selected ? ' model-table__row--selected' : ''}`}
      style={{ gridTemplateColumns: props.grid }}
      role="row"
      aria-rowindex={props.index + 2}
      aria-selected={props.selected}
    >
      <span role="cell" className="model-table__pinned model-table__pinned--first">
        <input
          type="checkbox"
          aria-label={`Compare ${model.name}`}
          checked={props.compared}
          disabled={!props.canCompare}
          onChange={() => props.onCompare(model.id)}
        />
      </span>
      {props.shown.map((column) =>
        column.key === 'id' ? (
          <span key="model" role="cell" className="model-table__model model-table__pinned">
            <button
              type="button"
              className="model-table__open"
              title={`${model.name} (${model.id})`}
              onClick={() => props.onOpen(model.id)}
            >
              <span className="model-table__name">{model.name}</span>
              <span className="model-table__id">{model.id}</span>
            </button>
          </span>
        ) : (
          cellOf(column, model)
        ),
      )}
    </div>
  )
})

/**
 * A cell; text that may be cut short keeps its whole value as a tooltip. An element, not a component of its
 * own: a keystroke renders every cell in view again, and a component each would double React's work.
 */
function cellOf(column: Column, model: CatalogRow) {
  const content = column.cell(model)
  return (
    <span
      key={column.label}
      role="cell"
      className={`model-table__cell ${column.className ?? ''}`}
      title={typeof content === 'string' ? content : undefined}
    >
      {content}
    </span>
  )
}
