// The rows of a batch: one column per question, sortable by any column, filterable by status and by one
// question's answer, with a retry on each failed row.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { itemStatusWords } from '#shared/domain/answers'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { BatchItem } from '#shared/ipc/routes/batches'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { itemsOf, VirtualList } from '../../components/VirtualList.tsx'
import { formatUsd } from '../../format.ts'
import { useIdleWork } from '../../idle-work.ts'
import { invoke } from '../../ipc.ts'
import { queryKeys } from '../../query.ts'
import { filterRows, resultRows, type SortColumn, sortedOrders } from './batch-view-model.ts'

export function BatchResults(props: {
  batchId: string
  running: boolean
  questionnaire: Questionnaire
  items: readonly BatchItem[]
  /** A CSV batch's columns: the ones beside the input are shown with each row. */
  sourceColumns: readonly string[] | null
}) {
  const { questionnaire } = props
  const extra = useMemo(
    () => extraColumns(props.sourceColumns, props.items),
    [props.sourceColumns, props.items],
  )
  const [sort, setSort] = useState<{ column: SortColumn; descending: boolean }>({
    column: 'row',
    descending: false,
  })
  const [filter, setFilter] = useState({ status: '', question: 0, answer: '' })
  const client = useQueryClient()
  const retry = useMutation({
    mutationFn: (index: number) => invoke('batches.retry', { id: props.batchId, index }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.batches() }),
  })
  const rows = useMemo(() => resultRows(questionnaire, props.items), [questionnaire, props.items])
  const ordered = useMemo(() => sortedOrders(rows), [rows])
  const shown = useMemo(
    () => filterRows(ordered(sort.column, sort.descending), filter),
    [ordered, filter, sort],
  )
  // Each column's order, either way, worked out while the page is idle, so that any sort shows at once (not
  // while the batch runs: its rows change with every answer).
  const questionCount = questionnaire.questions.length
  useIdleWork(
    useMemo(
      () =>
        props.running
          ? null
          : (
              [
                'row',
                'status',
                'cost',
                ...Array.from({ length: questionCount }, (_, index) => index),
              ] as const
            ).flatMap((column) => [false, true].map((descending) => () => ordered(column, descending))),
      [ordered, props.running, questionCount],
    ),
  )
  const answers = useMemo(
    () => [...new Set(rows.map((row) => row.cells[filter.question]?.value ?? '').filter(Boolean))].sort(),
    [rows, filter.question],
  )
  const titles = questionnaire.questions.map(
    (question, index) => question.name.trim() || `Question ${index + 1}`,
  )
  const columns = `44px minmax(160px, 2fr)${extra.map(() => ' minmax(90px, 1fr)').join('')} 76px repeat(${titles.length}, minmax(90px, 1fr)) 96px`
  const header = (label: string, column: SortColumn) => (
    <button
      type="button"
      aria-pressed={sort.column === column}
      className="batch-table__heading"
      onClick={() => setSort({ column, descending: sort.column === column ? !sort.descending : false })}
    >
      {label}
      {sort.column === column ? (sort.descending ? ' ↓' : ' ↑') : ''}
    </button>
  )

  return (
    <section className="batch-results" aria-label="Batch results">
      <div className="batch-results__filters">
        <label className="field">
          <span className="field__label">Status</span>
          <select
            value={filter.status}
            onChange={(event) => setFilter({ ...filter, status: event.target.value })}
          >
            <option value="">All</option>
            {(['done', 'failed', 'pending'] as const).map((status) => (
              <option key={status} value={status}>
                {itemStatusWords[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Filter by</span>
          <select
            value={filter.question}
            onChange={(event) => setFilter({ ...filter, question: Number(event.target.value), answer: '' })}
          >
            {titles.map((title, index) => (
              <option key={questionnaire.questions[index]?.id} value={index}>
                {title}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">is</span>
          <select
            aria-label="Answer is"
            value={filter.answer}
            onChange={(event) => setFilter({ ...filter, answer: event.target.value })}
          >
            <option value="">any</option>
            {answers.map((answer) => (
              <option key={answer} value={answer}>
                {answer}
              </option>
            ))}
          </select>
        </label>
        <span className="muted">
          {shown.length.toLocaleString('en-US')} of {rows.length.toLocaleString('en-US')} rows
        </span>
      </div>
      <ErrorNote error={retry.error} />
      <div className="batch-table">
        <div className="batch-table__row batch-table__row--head" style={{ gridTemplateColumns: columns }}>
          {header('#', 'row')}
          <span className="batch-table__heading">Input</span>
          {extra.map(({ name, index }) => (
            <span key={index} className="batch-table__heading">
              {name}
            </span>
          ))}
          {header('Status', 'status')}
          {titles.map((title, index) => (
            <span key={questionnaire.questions[index]?.id} className="batch-table__cell">
              {header(title, index)}
            </span>
          ))}
          {header('Cost', 'cost')}
        </div>
        <VirtualList
          rowHeight={36}
          label="Batch rows"
          scrollKey={JSON.stringify(filter)}
          {...itemsOf(
            shown,
            // Rows kept by position: a sort or a filter updates them in place instead of building them again.
            (_, position) => position,
            (row) => (
              <div className="batch-table__row" style={{ gridTemplateColumns: columns }}>
                <span className="batch-table__cell muted">{row.item.index + 1}</span>
                <span className="batch-table__cell" title={row.input}>
                  {row.input}
                </span>
                {extra.map(({ index }) => (
                  <span key={index} className="batch-table__cell" title={row.item.source?.[index]}>
                    {row.item.source?.[index] ?? ''}
                  </span>
                ))}
                <span className={`batch-table__cell batch-status batch-status--${row.item.status}`}>
                  {row.item.status === 'failed' ? (
                    <button
                      type="button"
                      className="button button--quiet button--small"
                      title={row.item.error?.message}
                      disabled={props.running}
                      onClick={() => retry.mutate(row.item.index)}
                    >
                      Retry
                    </button>
                  ) : (
                    itemStatusWords[row.item.status]
                  )}
                </span>
                {row.cells.map((cell, index) => (
                  <span key={questionnaire.questions[index]?.id} className="batch-table__cell batch-answer">
                    {cell.value ? (
                      <>
                        <span className="batch-answer__value">{cell.value}</span>
                        <span className="batch-answer__number muted">{cell.number}</span>
                      </>
                    ) : row.item.status === 'failed' && index === 0 ? (
                      row.item.error?.message
                    ) : null}
                  </span>
                ))}
                <span className="batch-table__cell batch-table__cost">
                  {row.item.cost ? formatUsd(row.item.cost) : ''}
                </span>
              </div>
            ),
          )}
        />
      </div>
    </section>
  )
}

/** The source columns other than the one decided about (the one whose cell is each row's input). */
function extraColumns(columns: readonly string[] | null, items: readonly BatchItem[]) {
  if (!columns) return []
  const sample = items.slice(0, 20)
  const input = columns.findIndex((_, index) => sample.every((item) => item.source?.[index] === item.input))
  return columns.flatMap((name, index) =>
    index === input ? [] : [{ name: name || `Column ${index + 1}`, index }],
  )
}
