// A batch's scores against the expected answers in its source columns, worked out in a worker (on the page's
// thread where there are no workers: unit tests). Only the latest ask is answered: a column changed while the
// scores are worked out replaces what was asked.
import { useEffect, useState } from 'react'
import { type Evaluation, evaluate } from '#shared/domain/evaluation-set'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { BatchItem } from '#shared/ipc/routes/batches'

export interface ScoringAsk {
  questionnaire: Questionnaire
  items: readonly BatchItem[]
  sourceColumns: readonly string[]
  /** Each scored question's index and its column's. */
  columns: [question: number, column: number][]
}

export const score = (ask: ScoringAsk): Evaluation =>
  evaluate(ask.questionnaire, ask.items, ask.sourceColumns, new Map(ask.columns))

type Scores = { evaluation: Evaluation | null; busy: boolean; problem: string | null }

export function useBatchScores(ask: ScoringAsk | null): Scores {
  const [scores, setScores] = useState<Scores>({ evaluation: null, busy: false, problem: null })
  useEffect(() => {
    if (!ask || ask.columns.length === 0) {
      setScores({ evaluation: null, busy: false, problem: null })
      return
    }
    setScores((before) => ({ ...before, busy: true }))
    if (typeof Worker === 'undefined') {
      setScores({ evaluation: score(ask), busy: false, problem: null })
      return
    }
    const worker = new Worker(new URL('./batch-scoring.worker.ts', import.meta.url), { type: 'module' })
    worker.addEventListener(
      'message',
      ({ data }: MessageEvent<{ evaluation?: Evaluation; problem?: string }>) => {
        setScores({ evaluation: data.evaluation ?? null, busy: false, problem: data.problem ?? null })
        worker.terminate()
      },
    )
    worker.addEventListener('error', (event) => {
      setScores({
        evaluation: null,
        busy: false,
        problem: event.message || 'The scores could not be worked out.',
      })
      worker.terminate()
    })
    worker.postMessage({ id: 0, ask })
    return () => worker.terminate()
  }, [ask])
  return scores
}
