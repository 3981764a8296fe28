// The scores of the batch a page shows, from the page's scoring worker: the batch's
// answers cross to it once as main sent them (`batches.answers`), and the worker makes its table of arrays (so do
// other runs chosen beside it, and the questionnaire's baseline): the page's thread only copies them. Each choice
// of columns is then a small message. Where the page has no workers (unit tests) the same work runs on its thread.
import { useEffect, useRef, useState } from 'react'
import { scoringSetOf } from '#shared/domain/batch-answers'
import {
  type ModelToCompare,
  runsOf,
  type ScoreAsk,
  type Scored,
  type ScoringColumns,
  type ScoringCosts,
  type ScoringInput,
  type ScoringMessage,
  type ScoringThresholds,
  scoreInTurn,
  withThresholds,
} from './batch-scoring.ts'

type Scores = { scored: Scored | null; busy: boolean; problem: string | null }

/** An answer with intervals keeps the rows and models that came with the figures before it. */
const withRows = (scored: Scored | undefined, first: boolean | undefined, before: Scored | null) =>
  !scored
    ? null
    : !first && before
      ? { ...scored, rows: before.rows, compared: before.compared, since: scored.since ?? before.since }
      : scored

/**
 * One scoring worker for the page, started with the first scores shown and kept: a batch opened later is scored
 * by code already compiled and warm, where a new worker's first figures take twice as long.
 */
let shared: Worker | null = null
const scoringWorker = () => {
  shared ??= new Worker(new URL('./batch-scoring.worker.ts', import.meta.url), { type: 'module' })
  return shared
}
/** Asks are numbered for the page, so that scores shown before never take an answer meant for others. */
let asks = 0

export function useBatchScores(
  input: ScoringInput,
  columns: ScoringColumns,
  /** This batch and the others chosen, this one first; none or one: no comparison. */
  models: readonly ModelToCompare[],
  /** The questionnaire's baseline, when it is another run of the same rows. */
  baseline: ModelToCompare | null,
  /** The costs of errors set for yes-or-no questions: their best threshold is the one of least cost. */
  costs: ScoringCosts,
  /** The thresholds chosen for yes-or-no questions, in place of the questionnaire's. */
  thresholds: ScoringThresholds,
): Scores {
  const [scores, setScores] = useState<Scores>({ scored: null, busy: false, problem: null })
  const worker = useRef<Worker | null>(null)
  const asked = useRef(0)
  useEffect(() => {
    if (typeof Worker === 'undefined') return
    const started = scoringWorker()
    const onMessage = ({
      data,
    }: MessageEvent<{ ask: number; scored?: Scored; done?: boolean; first?: boolean; problem?: string }>) => {
      if (data.ask !== asked.current) return
      setScores((before) => ({
        scored: withRows(data.scored, data.first, before.scored),
        busy: data.done === false,
        problem: data.problem ?? null,
      }))
    }
    const onError = (event: ErrorEvent) => {
      // A worker that failed is not kept: the next scores shown start another.
      if (shared === started) {
        shared = null
        started.terminate()
      }
      setScores({
        scored: null,
        busy: false,
        problem: event.message || 'The scores could not be worked out.',
      })
    }
    started.addEventListener('message', onMessage)
    started.addEventListener('error', onError)
    worker.current = started
    return () => {
      // Their intervals stop and their answers are let go (figures under way end first: they are short).
      started.postMessage({ kind: 'set', input: null } satisfies ScoringMessage)
      started.removeEventListener('message', onMessage)
      started.removeEventListener('error', onError)
      worker.current = null
    }
  }, [])
  // The answers cross once for each version of the batch; other models' when they are chosen.
  useEffect(() => {
    if (!worker.current || !input.answers) return
    worker.current.postMessage({ kind: 'set', input } satisfies ScoringMessage)
  }, [input])
  useEffect(() => {
    worker.current?.postMessage({ kind: 'models', models } satisfies ScoringMessage)
  }, [models])
  useEffect(() => {
    worker.current?.postMessage({ kind: 'baseline', baseline } satisfies ScoringMessage)
  }, [baseline])
  useEffect(() => {
    const ask = ++asks
    asked.current = ask
    const { answers } = input
    if (!answers || (columns.length === 0 && models.length < 2)) {
      setScores({ scored: null, busy: false, problem: null })
      return
    }
    setScores((before) => ({ ...before, busy: true }))
    if (worker.current) {
      worker.current.postMessage({ kind: 'score', ask, columns, costs, thresholds } satisfies ScoreAsk)
      return
    }
    void scoreInTurn(
      withThresholds(scoringSetOf(input.questionnaire, answers), thresholds),
      columns,
      (scored, done, first) => {
        if (ask === asked.current)
          setScores((before) => ({
            scored: withRows(scored, first, before.scored),
            busy: !done,
            problem: null,
          }))
      },
      () => ask !== asked.current,
      runsOf(models),
      baseline ? (runsOf([baseline])[0] ?? null) : null,
      costs,
    )
  }, [input, columns, models, baseline, costs, thresholds])
  return scores
}
