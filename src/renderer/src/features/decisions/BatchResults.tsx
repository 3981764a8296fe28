// The rows of a batch: one column per question, sortable by any column, filterable by status and by one
// question's answer, with a retry on each failed row.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { itemStatusWords } from '#shared/domain/answers'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { BatchItem } from '#shared/ipc/routes/batches'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { useIdleWork } from '../../idle-work.ts'
import { invoke, queryKeys } from '../../ipc.ts'
import { BatchTable } from './BatchTable.tsx'
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
    () => [...new Set(rows.map((row) => row.valueAt(filter.question)).filter(Boolean))].sort(),
    [rows, filter.question],
  )
  const questions = useMemo(
    () =>
      questionnaire.questions.map((question, index) => ({
        id: question.id,
        title: question.name.trim() || `Question ${index + 1}`,
      })),
    [questionnaire],
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
            {questions.map((question, index) => (
              <option key={question.id} value={index}>
                {question.title}
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
      {questionnaire.questions.some((question) => question.kind === 'predicate') ? (
        <p className="muted batch-results__legend">
          Beside a yes or no, the probability of yes; beside a choice, the probability of the answer; beside a
          score, its value. A yes or no is read here, and in the exports, from the threshold the batch ran
          with; a threshold chosen in the scores below applies to the scores.
        </p>
      ) : null}
      <BatchTable
        rows={shown}
        questions={questions}
        extra={extra}
        sort={sort}
        onSort={(column) =>
          setSort({ column, descending: sort.column === column ? !sort.descending : false })
        }
        filterKey={JSON.stringify(filter)}
        running={props.running}
        onRetry={(index) => retry.mutate(index)}
      />
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
