// A batch's scores against expected answers (its source columns, and the labels given in the app as a column per
// question), worked out in a worker that lives as long as the scores are shown: the batch's rows cross to it once,
// then each choice of columns is a small message. The figures come at once, then their intervals, question by
// question; an ask superseded by a newer one stops at the next question. Where the page has no workers (unit
// tests) the same work runs on its thread.
import { useEffect, useRef, useState } from 'react'
import { type Evaluation, evaluate, type QuestionEvaluation, titleOf } from '#shared/domain/evaluation-set'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { BatchItem } from '#shared/ipc/routes/batches'

export interface ScoringSet {
  questionnaire: Questionnaire
  items: readonly BatchItem[]
  sourceColumns: readonly string[]
}

/** The name of the column that holds the labels given a question in the app. */
export const labeledColumn = (title: string) => `labeled here: ${title}`

/** The set with the labels given in the app as a column per question, after the file's own. */
export function withLabelColumns(set: ScoringSet): ScoringSet {
  const titles = set.questionnaire.questions.map(titleOf)
  return {
    questionnaire: set.questionnaire,
    sourceColumns: [...set.sourceColumns, ...titles.map(labeledColumn)],
    items: set.items.map((item) => ({
      ...item,
      source: [
        ...(item.source ?? set.sourceColumns.map(() => '')),
        ...titles.map((_, question) => item.labels?.[String(question)] ?? ''),
      ],
    })),
  }
}

/** Each scored question's index and its column's, in the set with its label columns. */
export type ScoringColumns = [question: number, column: number][]

/** The scores of one question after another, the figures first; `stop` ends it between questions. */
export async function scoreInTurn(
  set: ScoringSet,
  columns: ScoringColumns,
  /** `done` once every interval is in; `first` for the figures, which alone carry the rows. */
  tell: (evaluation: Evaluation, done: boolean, first: boolean) => void,
  stop: () => boolean,
): Promise<void> {
  const run = (resamples?: number, only?: [number, number]) =>
    evaluate(
      set.questionnaire,
      set.items,
      set.sourceColumns,
      new Map(only ? [only] : columns),
      resamples === undefined ? {} : { resamples },
    )
  const figures = run(0)
  tell(figures, columns.length === 0, true)
  // The rows behind the figures do not change with their intervals: they go with the figures alone.
  const questions: QuestionEvaluation[] = [...figures.questions]
  for (const [at, pair] of columns.entries()) {
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (stop()) return
    questions[at] = run(undefined, pair).questions[0] ?? (questions[at] as QuestionEvaluation)
    tell({ questions: [...questions], rows: [] }, at === columns.length - 1, false)
  }
}

type Scores = { evaluation: Evaluation | null; busy: boolean; problem: string | null }

/** An answer with intervals keeps the rows that came with the figures before it. */
const withRows = (
  evaluation: Evaluation | undefined,
  first: boolean | undefined,
  before: Evaluation | null,
) => (!evaluation ? null : !first && before ? { ...evaluation, rows: before.rows } : evaluation)

export function useBatchScores(set: ScoringSet, columns: ScoringColumns): Scores {
  const [scores, setScores] = useState<Scores>({ evaluation: null, busy: false, problem: null })
  const worker = useRef<Worker | null>(null)
  const asked = useRef(0)
  useEffect(() => {
    if (typeof Worker === 'undefined') return
    const started = new Worker(new URL('./batch-scoring.worker.ts', import.meta.url), { type: 'module' })
    started.addEventListener(
      'message',
      ({
        data,
      }: MessageEvent<{
        ask: number
        evaluation?: Evaluation
        done?: boolean
        first?: boolean
        problem?: string
      }>) => {
        if (data.ask !== asked.current) return
        setScores((before) => ({
          evaluation: withRows(data.evaluation, data.first, before.evaluation),
          busy: data.done === false,
          problem: data.problem ?? null,
        }))
      },
    )
    started.addEventListener('error', (event) =>
      setScores({
        evaluation: null,
        busy: false,
        problem: event.message || 'The scores could not be worked out.',
      }),
    )
    worker.current = started
    return () => {
      started.terminate()
      worker.current = null
    }
  }, [])
  // The rows cross once for each version of the batch.
  useEffect(() => {
    worker.current?.postMessage({ kind: 'set', set })
  }, [set])
  useEffect(() => {
    const ask = ++asked.current
    if (columns.length === 0) {
      setScores({ evaluation: null, busy: false, problem: null })
      return
    }
    setScores((before) => ({ ...before, busy: true }))
    if (worker.current) {
      worker.current.postMessage({ kind: 'score', ask, columns })
      return
    }
    const labeled = withLabelColumns(set)
    void scoreInTurn(
      labeled,
      columns,
      (evaluation, done, first) => {
        if (ask === asked.current)
          setScores((before) => ({
            evaluation: withRows(evaluation, first, before.evaluation),
            busy: !done,
            problem: null,
          }))
      },
      () => ask !== asked.current,
    )
  }, [set, columns])
  return scores
}
