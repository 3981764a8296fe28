// The rows of a batch as a table, built as the models table is: divs with the table roles over a virtual list
// (the lint's semantic-element rules are off for this file: the virtual list places rows where table elements
// cannot go, and only the rows in view exist, so the table says its size and each row its place), a sort button
// in each sortable header with the order said by `aria-sort`. One row at a time is in the tab order and the
// arrow keys, Page Up/Down, Home and End move through all of them: a batch's rows hold no control to tab to but
// a Retry.
import type { ReactNode } from 'react'
import { itemStatusWords } from '#shared/domain/answers'
import { itemsOf, type RowFocus, VirtualList } from '../../components/VirtualList.tsx'
import { formatUsd } from '../../format.ts'
import type { ResultRow, SortColumn } from './batch-view-model.ts'

interface Column {
  key: string
  label: string
  /** The sort column, or null for a column that does not sort. */
  sort: SortColumn | null
  /** Its grid track: the least it needs, and its share of the room left. */
  min: number
  share?: number
  className?: string
  /** Right-aligned, header and cells. */
  numeric?: boolean
  /** Text that may be cut short: its whole value is its cell's tooltip. */
  long?: boolean
  cell: (row: ResultRow) => ReactNode
}

export interface BatchTableProps {
  /** The rows the filters let through, in the order chosen. */
  rows: readonly ResultRow[]
  /** The questions' titles, in the questionnaire's order; keyed by the questions' ids. */
  questions: readonly { id: string; title: string }[]
  /** A CSV batch's columns shown beside the input, by their place in the file. */
  extra: readonly { name: string; index: number }[]
  sort: { column: SortColumn; descending: boolean }
  onSort: (column: SortColumn) => void
  /** The filters: new ones show the first rows. */
  filterKey: string
  running: boolean
  onRetry: (index: number) => void
}

const rowHeight = 36
const gap = 10
const padding = 8
/** The room a scrollbar takes beside the rows (and is kept beside the header). */
const scrollbar = 16

export function BatchTable(props: BatchTableProps) {
  const columns = columnsOf(props)
  const grid = columns
    .map((column) => (column.share ? `minmax(${column.min}px, ${column.share}fr)` : `${column.min}px`))
    .join(' ')
  // Below this the columns would cut their words: the table scrolls sideways instead.
  const minWidth =
    columns.reduce((sum, column) => sum + column.min, 0) +
    gap * (columns.length - 1) +
    padding * 2 +
    scrollbar
  const order = props.sort.descending ? 'descending' : 'ascending'
  return (
    <div className="batch-table">
      <div
        className="batch-table__inner"
        style={{ minWidth }}
        role="table"
        aria-label="Batch rows"
        aria-rowcount={props.rows.length + 1}
      >
        <div
          className="batch-table__row batch-table__row--head"
          style={{ gridTemplateColumns: grid }}
          role="row"
          aria-rowindex={1}
        >
          {columns.map((column) => (
            <span
              key={column.key}
              role="columnheader"
              className={`batch-table__head${column.numeric ? ' batch-table__num' : ''}`}
              aria-sort={
                column.sort === null ? undefined : props.sort.column === column.sort ? order : 'none'
              }
            >
              {column.sort === null ? (
                column.label
              ) : (
                <button
                  type="button"
                  className="batch-table__heading"
                  title={column.label}
                  onClick={() => column.sort !== null && props.onSort(column.sort)}
                >
                  {column.label}
                  {props.sort.column === column.sort ? (props.sort.descending ? ' ↓' : ' ↑') : ''}
                </button>
              )}
            </span>
          ))}
        </div>
        <VirtualList
          semantics="rows"
          keyboard
          rowHeight={rowHeight}
          label="Batch rows"
          scrollKey={props.filterKey}
          {...itemsOf(
            props.rows,
            // Rows kept by position: a sort or a filter updates them in place instead of building them again.
            (_, position) => position,
            (row, position, focus: RowFocus) => (
              <div
                className="batch-table__row"
                style={{ gridTemplateColumns: grid }}
                role="row"
                aria-rowindex={position + 2}
                {...focus}
              >
                {columns.map((column) => {
                  const content = column.cell(row)
                  return (
                    <span
                      key={column.key}
                      role="cell"
                      className={`batch-table__cell ${column.className ?? ''}${column.numeric ? ' batch-table__num' : ''}`}
                      title={column.long && typeof content === 'string' ? content : undefined}
                    >
                      {content}
                    </span>
                  )
                })}
              </div>
            ),
          )}
        />
      </div>
    </div>
  )
}

/** The row's line, its input and the file's other columns, its status, one column per question, its cost. */
function columnsOf(props: BatchTableProps): Column[] {
  const { running, onRetry } = props
  return [
    {
      key: 'row',
      // The line of its file (or pasted text) a row's input starts on, as the scores and labeling name rows.
      label: 'Line',
      sort: 'row',
      min: 54,
      className: 'muted',
      cell: (row) => String(row.item.line ?? row.item.index + 1),
    },
    { key: 'input', label: 'Input', sort: null, min: 140, share: 3, long: true, cell: (row) => row.input },
    ...props.extra.map(
      ({ name, index }): Column => ({
        key: `source-${index}`,
        // A column of the file named as a question (its expected answers) is told apart from the answers.
        label: props.questions.some((question) => question.title.toLowerCase() === name.toLowerCase())
          ? `${name} (in the file)`
          : name,
        sort: null,
        min: 100,
        share: 1,
        long: true,
        cell: (row) => row.item.source?.[index] ?? '',
      }),
    ),
    {
      key: 'status',
      label: 'Status',
      sort: 'status',
      min: 88,
      cell: (row) =>
        row.item.status === 'failed' ? (
          <button
            type="button"
            className="button button--quiet button--small"
            title={row.item.error?.message}
            disabled={running}
            aria-label={`Retry line ${row.item.line ?? row.item.index + 1}`}
            onClick={() => onRetry(row.item.index)}
          >
            Retry
          </button>
        ) : (
          <span className={`batch-status--${row.item.status}`}>{itemStatusWords[row.item.status]}</span>
        ),
    },
    ...props.questions.map(
      (question, at): Column => ({
        key: question.id,
        label: question.title,
        sort: at,
        min: 110,
        share: 2,
        className: 'batch-answer',
        cell: (row) => {
          const cell = row.cells[at]
          if (cell?.value)
            return (
              <>
                <span className="batch-answer__value" title={cell.value}>
                  {cell.value}
                </span>
                <span className="batch-answer__number muted">{cell.number}</span>
              </>
            )
          // A failed row says why in its first answer's place.
          return row.item.status === 'failed' && at === 0 ? (row.item.error?.message ?? '') : ''
        },
      }),
    ),
    {
      key: 'cost',
      label: 'Cost',
      sort: 'cost',
      min: 96,
      numeric: true,
      cell: (row) => (row.item.cost ? formatUsd(row.item.cost) : ''),
    },
  ]
}
