// This batch's model beside other batches' runs of the same rows: each question's accuracy against this batch's
// expected answers (its columns, or its labels), what 1,000 rows cost each model, a plot of the two with the models
// on the frontier marked, and how much the models agree (Cohen's kappa for two, Fleiss' for more) with the lines
// where they differ. Worked out in the scoring worker; this draws it.
import { type UseQueryResult, useQueries } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Questionnaire } from '#shared/domain/questionnaire'
import { questionnaireChanges } from '#shared/domain/questionnaire-changes'
import { choiceWords, type SideBySide } from '#shared/domain/side-by-side'
import type { BatchSummary } from '#shared/ipc/routes/batches'
import type { RouteOutput } from '#shared/ipc/routes/index'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { batchAnswers, batchHead, rowsDiffer } from './batch-detail.ts'
import type { ModelToCompare } from './batch-scoring.ts'
import { thresholdWords } from './chosen-thresholds.ts'
import { PlotFrame } from './ScorePlots.tsx'

const percent = (value: number) => `${(value * 100).toFixed(1)}%`
const dollars = (value: number) => `$${value.toFixed(4)}`

/** One result for all the reads, run again only when one of them changes (a function of its own for that). */
const combineReads = <T,>(results: UseQueryResult<T>[]) => ({
  answers: results.map((one) => one.data),
  loading: results.filter((one) => one.isPending).length,
  failed: results.find((one) => one.error),
})

/** A run chosen that is not compared: how many of its rows hold other inputs than this batch's at the same place. */
export interface UnlikeRun {
  name: string
  rows: number
}

const runName = (run: BatchSummary) => `${run.model} · ${new Date(run.createdAt).toLocaleTimeString('en-US')}`

/**
 * This batch first, then each chosen batch (of `others`) whose answers are read; with how many are still read,
 * and any error.
 */
export function useModelsToCompare(
  batch: BatchSummary,
  others: readonly BatchSummary[],
  chosen: readonly string[],
) {
  const read = useQueries({
    queries: chosen.map((id) => batchAnswers(id)),
    combine: combineReads<RouteOutput<'batches.answers'>>,
  })
  // Runs are compared row by row: a run of other inputs, or of the same in another order, is not.
  const differ = useQueries({
    queries: chosen.map((id) => rowsDiffer(id, batch.id)),
    combine: combineReads<RouteOutput<'batches.rowsDiffer'>>,
  })
  const models = useMemo(
    (): ModelToCompare[] => [
      // Two runs may be of one model: each is named by its model and when it ran.
      {
        id: batch.id,
        model: `${batch.model} (this run)`,
        spent: batch.spent,
        done: batch.counts.done,
        table: null,
      },
      ...chosen.flatMap((id, at) => {
        const other = others.find((one) => one.id === id)
        const answers = read.answers[at]
        return other && answers && differ.answers[at]?.rows === 0
          ? [{ id, model: runName(other), spent: other.spent, done: other.counts.done, table: answers.table }]
          : []
      }),
    ],
    [batch, others, chosen, read.answers, differ.answers],
  )
  const unlike = useMemo(
    (): UnlikeRun[] =>
      chosen.flatMap((id, at) => {
        const other = others.find((one) => one.id === id)
        const rows = differ.answers[at]?.rows ?? 0
        return other && rows > 0 ? [{ name: runName(other), rows }] : []
      }),
    [others, chosen, differ.answers],
  )
  const failed = read.failed ?? differ.failed
  return {
    models,
    unlike,
    loading: read.loading + differ.loading,
    error: failed?.error ?? null,
    retry: () => failed?.refetch(),
  }
}

export function ModelComparison(props: {
  /** This run's questionnaire: each other run says what it asked otherwise. */
  questionnaire: Questionnaire
  /** Finished batches over as many rows: other models' runs of the same set. */
  others: readonly BatchSummary[]
  chosen: readonly string[]
  onChoose: (ids: string[]) => void
  compared: readonly SideBySide[] | null
  /** Chosen runs not compared, their inputs not this batch's row by row. */
  unlike: readonly UnlikeRun[]
  /** Chosen batches whose rows are still read, and a read that failed. */
  loading: number
  error: Error | null
  onRetry: () => void
}) {
  const heads = useQueries({
    queries: props.others.map((one) => batchHead(one.id)),
    combine: combineReads<RouteOutput<'batches.get'>>,
  })
  if (props.others.length === 0) return null
  const toggle = (id: string, on: boolean) =>
    props.onChoose(on ? [...props.chosen, id] : props.chosen.filter((one) => one !== id))
  return (
    <section className="batch-scores__question" aria-label="Models side by side">
      <h3>Models side by side</h3>
      <fieldset className="batch-scores__models">
        <legend className="field__label">Compare with</legend>
        {props.others.map((batch, at) => {
          const ran = heads.answers[at]?.questionnaire as Questionnaire | undefined
          const changes = ran ? questionnaireChanges(props.questionnaire, ran) : []
          return (
            <label key={batch.id} className="checkbox">
              <input
                type="checkbox"
                checked={props.chosen.includes(batch.id)}
                onChange={(event) => toggle(batch.id, event.target.checked)}
              />
              {batch.model} · {batch.name} · {new Date(batch.createdAt).toLocaleString('en-US')}
              {changes.length > 0 ? (
                <span className="muted"> · asked otherwise: {changes.join('; ')}</span>
              ) : null}
            </label>
          )
        })}
      </fieldset>
      {props.loading > 0 ? (
        <p role="status" className="muted">
          Reading {props.loading === 1 ? 'a batch' : `${props.loading} batches`}…
        </p>
      ) : null}
      <ErrorNote error={props.error} onRetry={props.onRetry} />
      {props.unlike.map((run) => (
        <p key={run.name} role="note" className="muted">
          {run.name} is not compared: {run.rows.toLocaleString('en-US')}{' '}
          {run.rows === 1 ? 'row holds' : 'rows hold'} another input than this batch’s row at the same place.
          Runs are compared row by row, so only runs of the same inputs in the same order are.
        </p>
      ))}
      {props.compared && props.chosen.length > 0 ? <Compared compared={props.compared} /> : null}
    </section>
  )
}

function Compared({ compared }: { compared: readonly SideBySide[] }) {
  const scored = compared.filter((question) => question.models.some((model) => model.accuracy !== null))
  return (
    <>
      <table className="batch-scores__compare" aria-label="Accuracy against cost">
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">Model</th>
            <th scope="col">Accuracy (yes at each question’s threshold)</th>
            <th scope="col">Best threshold (yes or no)</th>
            <th scope="col">Per 1,000 rows</th>
            <th scope="col">Frontier</th>
            <th scope="col">Agreement</th>
          </tr>
        </thead>
        <tbody>
          {compared.flatMap((question) =>
            question.models.map((model, at) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two runs may share a model; the order is the choice's
              <tr key={`${question.question}-${at}`}>
                {at === 0 ? (
                  <th scope="row" rowSpan={question.models.length}>
                    {question.question}
                  </th>
                ) : null}
                <td className="batch-scores__text">{model.model}</td>
                <td>
                  {model.accuracy === null ? '—' : percent(model.accuracy)}
                  {model.interval ? (
                    <span className="muted">
                      {' '}
                      ({percent(model.interval.low)}–{percent(model.interval.high)}, {model.labeled} rows)
                    </span>
                  ) : null}
                </td>
                <td>
                  {model.best ? (
                    <>
                      {thresholdWords(model.best.threshold)}
                      <span className="muted">
                        {' '}
                        · accuracy {percent(model.best.accuracy)}
                        {model.best.cost === null ? '' : ` · errors cost ${model.best.cost}`}
                      </span>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td>{dollars(model.costPer1000)}</td>
                <td className="batch-scores__text">{model.frontier ? 'on the frontier' : ''}</td>
                {at === 0 ? (
                  <td rowSpan={question.models.length} className="batch-scores__text">
                    <Agreement agreement={question.agreement} />
                  </td>
                ) : null}
              </tr>
            )),
          )}
        </tbody>
      </table>
      {scored.map((question) => (
        <p key={question.question}>
          <strong>{question.question}</strong> · {choiceWords(question)}
        </p>
      ))}
      <div className="batch-scores__plots">
        {scored.map((question) => (
          <FrontierPlot key={question.question} question={question} />
        ))}
      </div>
    </>
  )
}

/** Landis and Koch's words for a kappa: how far beyond chance the models agree. */
export function kappaWords(kappa: number): string {
  if (kappa < 0) return 'less than chance'
  const words = ['slight', 'fair', 'moderate', 'substantial', 'almost perfect']
  return words[Math.min(4, Math.floor(kappa * 5 - 1e-9))] ?? 'slight'
}

function Agreement({ agreement }: { agreement: SideBySide['agreement'] }) {
  const { kind, kappa, differ, lines } = agreement
  // Its words are of the figure shown (0.2004 reads 0.200: slight), and -0.0001 reads 0.000.
  const shown = kappa === null ? null : Number(kappa.toFixed(3)) || 0
  return (
    <>
      {shown === null ? 'κ not defined' : `κ ${shown.toFixed(3)}, ${kappaWords(shown)}`} (
      {kind === 'cohen' ? 'Cohen’s' : 'Fleiss’'} kappa: agreement beyond chance) · {differ} rows differ
      {differ ? ` (lines ${lines.slice(0, 6).join(', ')}${differ > 6 ? ', …' : ''})` : ''}
    </>
  )
}

/** Accuracy (up) against what 1,000 rows cost (across); the models on the frontier filled and joined. */
function FrontierPlot({ question }: { question: SideBySide }) {
  const width = 240
  const height = 160
  const models = question.models.filter((model) => model.accuracy !== null)
  const most = Math.max(...models.map((model) => model.costPer1000), 0) || 1
  const lowest = Math.min(...models.map((model) => model.accuracy ?? 1))
  const floor = Math.max(0, Math.floor((lowest - 0.05) * 10) / 10)
  const x = (cost: number) => 12 + (cost / most) * (width - 24)
  const y = (accuracy: number) => height - 12 - ((accuracy - floor) / (1 - floor || 1)) * (height - 24)
  const frontier = models
    .filter((model) => model.frontier)
    .sort((a, b) => a.costPer1000 - b.costPer1000)
    .map((model) => `${x(model.costPer1000)},${y(model.accuracy ?? 0)}`)
    .join(' ')
  const words = models
    .map(
      (model) =>
        `${model.model}: ${percent(model.accuracy ?? 0)} for ${dollars(model.costPer1000)}${model.frontier ? ', on the frontier' : ''}`,
    )
    .join('; ')
  // Runs at one point (two runs of a model, as costly and as right) are named once there, together.
  const pointOf = (model: (typeof models)[number]) =>
    `${Math.round(x(model.costPer1000))},${Math.round(y(model.accuracy ?? 0))}`
  const namesAt = new Map<string, string[]>()
  for (const model of models)
    namesAt.set(pointOf(model), [
      ...(namesAt.get(pointOf(model)) ?? []),
      model.model.split(/ [·(]/)[0]?.split('/').pop() ?? model.model,
    ])
  const labelAt = (point: string) => {
    const names = namesAt.get(point) ?? []
    const distinct = [...new Set(names)]
    return `${distinct.join(', ')}${names.length > distinct.length ? ` (${names.length} runs)` : ''}`
  }
  return (
    <PlotFrame
      width={width}
      height={height}
      className="batch-scores__plot"
      ticks={{
        across: [
          [x(0), '$0'],
          [x(most), dollars(most)],
        ],
        up: [
          [y(floor), percent(floor)],
          [y(1), '100%'],
        ],
      }}
      label={`Accuracy against cost per 1,000 rows of ${question.question}: ${words}`}
      caption={`${question.question}: accuracy (up, from ${percent(floor)}) against cost per 1,000 rows (across, to ${dollars(most)})`}
    >
      <polyline points={frontier} className="batch-scores__curve" />
      {models.map((model, at) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two runs may share a model; the order is the choice's
        <g key={at}>
          <circle
            cx={x(model.costPer1000)}
            cy={y(model.accuracy ?? 0)}
            r={model.frontier ? 5 : 4}
            className={
              model.frontier ? 'batch-scores__point' : 'batch-scores__point batch-scores__point--off'
            }
          >
            <title>{`${model.model}: ${percent(model.accuracy ?? 0)}, ${dollars(model.costPer1000)}`}</title>
          </circle>
          {models.findIndex((one) => pointOf(one) === pointOf(model)) === at ? (
            <text
              x={x(model.costPer1000) + (model.costPer1000 > most / 2 ? -8 : 8)}
              y={y(model.accuracy ?? 0) + 4}
              textAnchor={model.costPer1000 > most / 2 ? 'end' : 'start'}
              className="batch-scores__label"
            >
              {labelAt(pointOf(model))}
            </text>
          ) : null}
        </g>
      ))}
    </PlotFrame>
  )
}
