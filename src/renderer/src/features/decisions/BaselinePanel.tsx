// A questionnaire's baseline: one of its runs kept to compare its later runs with (another model, or instructions
// edited). Kept from this batch's scores; on another run of the same rows it says which scores left the
// baseline's interval, better or worse, and which rows were answered otherwise. Both are read at this run's
// thresholds: a threshold is how the answers are read, not what was asked, so what changed is the answers.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { DecisionInput } from '#shared/api/decisions'
import { inputPreview } from '#shared/domain/batch-inputs'
import { titleOf } from '#shared/domain/evaluation-set'
import { type Questionnaire, yesFrom } from '#shared/domain/questionnaire'
import { questionnaireChanges } from '#shared/domain/questionnaire-changes'
import type { BatchSummary } from '#shared/ipc/routes/batches'
import type { RouteOutput } from '#shared/ipc/routes/index'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { invoke, queryKeys } from '../../ipc.ts'
import { batchAnswers, batchHead, rowsDiffer } from './batch-detail.ts'
import {
  type ModelToCompare,
  type ScoringThresholds,
  type SinceBaseline,
  thresholdsRun,
} from './batch-scoring.ts'
import { thresholdWords } from './chosen-thresholds.ts'

type Detail = RouteOutput<'batches.get'>

/**
 * The baseline's rows, when it is another finished run of as many rows as this one, and the thresholds it was run
 * at (its questionnaire's, question by question as `questionnaire` has them): said, not read at.
 */
export function useBaseline(
  batch: BatchSummary,
  questionnaire: Questionnaire,
  baselineId: string | null,
  others: readonly BatchSummary[],
) {
  const found = others.find((one) => one.id === baselineId) ?? null
  const enabled = found !== null && found.id !== batch.id
  const read = useQuery({ ...batchAnswers(found?.id ?? ''), enabled })
  const head = useQuery({ ...batchHead(found?.id ?? ''), enabled })
  // Runs are compared row by row: a baseline of other inputs, or of the same in another order, is not.
  const differ = useQuery({ ...rowsDiffer(found?.id ?? '', batch.id), enabled })
  const unlike = differ.data?.rows ?? 0
  const summary = unlike > 0 ? null : found
  const answers = summary && differ.data ? read.data : undefined
  const ran = summary ? (head.data?.questionnaire as Questionnaire | undefined) : undefined
  const baseline = useMemo(
    (): ModelToCompare | null =>
      summary && answers && ran
        ? {
            id: summary.id,
            model: summary.model,
            spent: summary.spent,
            done: summary.counts.done,
            table: answers.table,
          }
        : null,
    [summary, answers, ran],
  )
  const ranAt = useMemo(() => (ran ? thresholdsRun(questionnaire, ran) : []), [ran, questionnaire])
  const askedOtherwise = useMemo(
    () => (ran ? questionnaireChanges(questionnaire, ran) : []),
    [ran, questionnaire],
  )
  return {
    summary,
    unlike,
    baseline,
    ranAt,
    askedOtherwise,
    error: read.error ?? head.error ?? differ.error,
    retry: () => {
      void read.refetch()
      void head.refetch()
      void differ.refetch()
    },
  }
}

/** A score's name as the scores above say it. */
const metricWords: Record<string, string> = {
  accuracy: 'accuracy',
  precision: 'precision',
  recall: 'recall',
  f1: 'F1',
  auc: 'ROC AUC',
  brier: 'Brier score',
  logloss: 'log loss',
  ece: 'calibration error',
  mae: 'mean distance',
  exact: 'nearest level right',
  within1: 'within one level',
}

/** The scores that are shares of rows, said as percentages as the scores above say them. */
const shares = new Set(['accuracy', 'precision', 'recall', 'exact', 'within1'])
const figureOf = (metric: string) => (value: number) =>
  shares.has(metric)
    ? `${(value * 100).toFixed(1)}%`
    : Math.abs(value) >= 10
      ? value.toFixed(1)
      : value.toFixed(3)

/**
 * The yes-or-no questions this run is read at another threshold than the baseline was run at: the baseline is read
 * here at this run's, so its scores are not the ones it showed. In words, by question.
 */
export function thresholdsApart(
  questionnaire: Questionnaire,
  /** The thresholds chosen in the scores, in place of the questionnaire's. */
  chosen: ScoringThresholds,
  /** The baseline's, as it was run. */
  baseline: ScoringThresholds,
  /** The questions scored: a question with no expected answers has no row to flip. */
  scored: readonly number[],
): string[] {
  const here = new Map(chosen)
  return baseline.flatMap(([index, then]) => {
    const question = questionnaire.questions[index]
    const now = here.get(index) ?? yesFrom(question)
    return question && scored.includes(index) && now !== then
      ? [`${titleOf(question, index)}: yes from ${thresholdWords(now)} here, run at ${thresholdWords(then)}`]
      : []
  })
}

export function BaselinePanel(props: {
  batch: BatchSummary
  baselineId: string | null
  /** The baseline, when it is another run of these rows. */
  summary: BatchSummary | null
  /** How many of the baseline's rows hold other inputs than this batch's at the same place (0: none, or no baseline). */
  unlike: number
  since: SinceBaseline | null
  /** The yes-or-no questions read at another threshold than the baseline was run at, in words (`thresholdsApart`). */
  apart: readonly string[]
  /** What the baseline's questionnaire asked otherwise than this run's, in words (`questionnaireChanges`). */
  askedOtherwise?: readonly string[]
  /** Each row's input, by its index. */
  inputs: ReadonlyMap<number, unknown>
  /** Scores are still worked out (what changed since comes last). */
  busy: boolean
  error: Error | null
  onRetry: () => void
}) {
  const client = useQueryClient()
  const keep = useMutation({
    mutationFn: (kept: boolean) => invoke('batches.setBaseline', { id: props.batch.id, kept }),
    onSuccess: ({ baselineId }) => {
      // The batch as its view has it at once, and with its rows.
      for (const key of [batchHead(props.batch.id).queryKey, queryKeys.batch(props.batch.id)])
        client.setQueryData<Detail>(key, (detail) => (detail ? { ...detail, baselineId } : detail))
      // Other runs read the new baseline when they are opened next.
      void client.invalidateQueries({
        queryKey: queryKeys.batches(),
        predicate: (query) => query.queryKey[1] !== props.batch.id,
        refetchType: 'none',
      })
    },
  })
  const isBaseline = props.baselineId === props.batch.id
  return (
    <section className="batch-scores__question" aria-label="Baseline">
      <h3>Baseline</h3>
      <div className="form-actions">
        <button
          type="button"
          className="button"
          aria-pressed={isBaseline}
          // Not disabled while it is kept: a focused button that is disabled drops the focus to the page.
          aria-disabled={keep.isPending || undefined}
          onClick={() => {
            if (!keep.isPending) keep.mutate(!isBaseline)
          }}
        >
          {isBaseline ? 'Kept as the baseline' : 'Keep as the baseline'}
        </button>
        <span className="muted">
          {isBaseline
            ? 'The other runs of this questionnaire over the same rows are compared with this one, earlier or later. Press again to stop keeping it.'
            : props.summary
              ? `The baseline: ${props.summary.model} · ${new Date(props.summary.createdAt).toLocaleString('en-US')}${props.askedOtherwise?.length ? `, asked otherwise: ${props.askedOtherwise.join(', ')}` : ''}. Below, what this run does differently from it.`
              : props.unlike > 0
                ? `The baseline ran other inputs, or the same in another order (${props.unlike.toLocaleString('en-US')} ${props.unlike === 1 ? 'row differs' : 'rows differ'} from this batch’s): runs are compared row by row, so it is not compared with this one.`
                : props.baselineId
                  ? 'The baseline is a run of other rows (or still running): it is compared with runs of the same rows only.'
                  : 'No run of this questionnaire is kept as its baseline yet.'}
        </span>
      </div>
      {props.summary && props.apart.length > 0 ? (
        <p className="muted">
          The baseline is read here at this run’s thresholds, not at the ones it was run with —{' '}
          {props.apart.join('; ')}. So a row changes only where the model answered otherwise, and the
          baseline’s scores here are not the ones it had when it ran.
        </p>
      ) : null}
      <ErrorNote error={keep.error} onRetry={() => keep.mutate(!isBaseline)} />
      <ErrorNote error={props.error} onRetry={props.onRetry} />
      {props.summary && !props.since && props.busy ? (
        <p className="muted">Comparing with the baseline once the intervals are in…</p>
      ) : null}
      {props.since ? <Since since={props.since} inputs={props.inputs} /> : null}
    </section>
  )
}

function Since({ since, inputs }: { since: SinceBaseline; inputs: ReadonlyMap<number, unknown> }) {
  if (since.changes.length === 0 && since.flipped === 0)
    return (
      <p>Against the baseline: every score is within its interval, and every row was answered the same.</p>
    )
  return (
    <>
      <h4>This run’s scores outside the baseline’s interval</h4>
      {since.changes.length === 0 ? (
        <p className="muted">None: every score is within the baseline’s interval.</p>
      ) : (
        <ul aria-label="Scores against the baseline">
          {since.changes.map((change) => {
            const figure = figureOf(change.metric)
            return (
              <li key={`${change.question}-${change.metric}`}>
                <span className={change.worse ? 'batch-scores__wrong' : 'batch-scores__right'}>
                  {change.worse ? 'Worse' : 'Better'}
                </span>{' '}
                {change.question} · {metricWords[change.metric] ?? change.metric}: {figure(change.after)}{' '}
                here, the baseline {figure(change.before.value)} ({figure(change.before.low)}–
                {figure(change.before.high)})
              </li>
            )
          })}
        </ul>
      )}
      <h4>
        {since.rows === 1 ? '1 row' : `${since.rows} rows`} with an expected answer this run answered
        otherwise than the baseline
        {since.flipped > since.rows ? (
          <span className="muted">
            {' '}
            · {since.flipped} answers:{' '}
            {since.byQuestion.map(([question, count]) => `${question} ${count}`).join(', ')}
          </span>
        ) : null}
        {since.flipped > since.flips.length ? (
          <span className="muted"> · the first {since.flips.length} listed</span>
        ) : null}
      </h4>
      {since.flips.length > 0 ? (
        <ol className="batch-scores__rows" aria-label="Rows answered otherwise">
          {since.flips.map((flip) => (
            <li key={`${flip.question}-${flip.index}`}>
              <span className={flip.nowRight ? 'batch-scores__right' : 'batch-scores__wrong'}>
                {flip.nowRight ? 'Right here' : 'Wrong here'}
              </span>{' '}
              {flip.question}, line {flip.line ?? '—'}: the baseline {flip.before}, this run {flip.after},
              expected {flip.expected} —{' '}
              <span className="muted">
                {inputPreview((inputs.get(flip.index) ?? '') as DecisionInput, 120)}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </>
  )
}
