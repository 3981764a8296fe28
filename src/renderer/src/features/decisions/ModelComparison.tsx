// This batch's model beside another batch's, over the same rows: each question's accuracy against this batch's
// expected answers (its columns, or its labels), what 1,000 rows cost each model, the one on the frontier, and
// how much the two agree (Cohen's kappa) with the lines where they differ.
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { cohensKappa, disagreements } from '#shared/domain/agreement'
import { answerTable } from '#shared/domain/answer-table'
import { answersOf, evaluateTable, onFrontier, titleOf } from '#shared/domain/evaluation-set'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { BatchItem, BatchSummary } from '#shared/ipc/routes/batches'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { invoke } from '../../ipc.ts'
import { queryKeys } from '../../query.ts'
import { type ScoringColumns, scoringSet } from './batch-scoring.ts'

const perThousand = (batch: BatchSummary) =>
  batch.counts.done > 0 ? (Number(batch.spent) / batch.counts.done) * 1000 : 0

export function ModelComparison(props: {
  batch: BatchSummary
  questionnaire: Questionnaire
  items: readonly BatchItem[]
  sourceColumns: readonly string[]
  columns: ScoringColumns
  /** Finished batches over as many rows: other models' runs of the same set. */
  others: readonly BatchSummary[]
}) {
  const { questionnaire } = props
  const [otherId, setOtherId] = useState('')
  const other = useQuery({
    queryKey: queryKeys.batch(otherId),
    queryFn: () => invoke('batches.get', { id: otherId }),
    enabled: otherId !== '',
  })
  const compared = useMemo(() => {
    if (!other.data) return null
    // The other batch's answers read against this batch's expected answers, row by row.
    const here = scoringSet(questionnaire, props.items, props.sourceColumns).table
    const aligned = { ...answerTable(questionnaire, other.data.items, []), cells: here.cells }
    const byColumn = new Map(props.columns)
    const [mine, theirs] = [here, aligned].map(
      (table) => evaluateTable(questionnaire, table, byColumn, { resamples: 0 }).questions,
    )
    const [ourAnswers, theirAnswers] = [props.items, other.data.items].map((items) =>
      answersOf(questionnaire, items),
    )
    return questionnaire.questions.map((question, at) => {
      const title = titleOf(question, at)
      const accuracy = (questions: typeof mine) => {
        const found = questions?.find((one) => one.title === title)
        if (!found || found.labeled === 0) return null
        return (found.predicate?.accuracy ?? found.choice?.accuracy ?? found.score?.exact)?.value ?? null
      }
      const mineAnswers = ourAnswers?.[at] ?? []
      const otherAnswers = theirAnswers?.[at] ?? []
      const differ = disagreements([mineAnswers, otherAnswers])
      return {
        title,
        models: onFrontier([
          {
            which: 'this',
            model: props.batch.model,
            accuracy: accuracy(mine),
            costPer1000: perThousand(props.batch),
          },
          {
            which: 'other',
            model: other.data.batch.model,
            accuracy: accuracy(theirs),
            costPer1000: perThousand(other.data.batch),
          },
        ]),
        kappa: cohensKappa(mineAnswers, otherAnswers),
        lines: differ.map((row) => props.items[row]?.line ?? row + 1),
      }
    })
  }, [other.data, questionnaire, props.items, props.sourceColumns, props.columns, props.batch])

  if (props.others.length === 0) return null
  return (
    <section className="batch-scores__question" aria-label="Models side by side">
      <h3>Models side by side</h3>
      <label className="field">
        <span className="field__label">Compare with</span>
        <select value={otherId} onChange={(event) => setOtherId(event.target.value)}>
          <option value="">Another batch of the same rows…</option>
          {props.others.map((batch) => (
            <option key={batch.id} value={batch.id}>
              {batch.model} · {batch.name} · {new Date(batch.createdAt).toLocaleString('en-US')}
            </option>
          ))}
        </select>
      </label>
      <ErrorNote error={other.error} onRetry={() => other.refetch()} />
      {compared ? (
        <table className="batch-scores__compare" aria-label="Accuracy against cost">
          <thead>
            <tr>
              <th scope="col">Question</th>
              <th scope="col">Model</th>
              <th scope="col">Accuracy</th>
              <th scope="col">Per 1,000 rows</th>
              <th scope="col">Frontier</th>
              <th scope="col">Agreement</th>
            </tr>
          </thead>
          <tbody>
            {compared.flatMap((question) =>
              question.models.map((model) => (
                <tr key={`${question.title}-${model.which}`}>
                  {model.which === 'this' ? (
                    <th scope="row" rowSpan={2}>
                      {question.title}
                    </th>
                  ) : null}
                  <td className="batch-scores__text">{model.model}</td>
                  <td>{model.accuracy === null ? '—' : `${(model.accuracy * 100).toFixed(1)}%`}</td>
                  <td>${model.costPer1000.toFixed(4)}</td>
                  <td className="batch-scores__text">{model.frontier ? 'on the frontier' : ''}</td>
                  {model.which === 'this' ? (
                    <td rowSpan={2} className="batch-scores__text">
                      {question.kappa === null ? 'κ not defined' : `κ ${question.kappa.toFixed(3)}`} ·{' '}
                      {question.lines.length} rows differ
                      {question.lines.length
                        ? ` (lines ${question.lines.slice(0, 6).join(', ')}${question.lines.length > 6 ? ', …' : ''})`
                        : ''}
                    </td>
                  ) : null}
                </tr>
              )),
            )}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}
