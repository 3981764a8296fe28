// What a scoring worker keeps of the batch it shows, so that choosing runs to compare works out only what is new:
// the batch's figures and each run's beside it, for the last choice of columns, costs of errors and thresholds
// alone; and the runs chosen as read. A run chosen and let go is kept too (a person compares by turning runs on
// and off): at most what choosing every run offered holds. Emptied with each batch; a run is read again once its
// answers change.
import type { Evaluation } from '#shared/domain/evaluation-set'
import {
  type ModelRunOf,
  type ModelToCompare,
  readableRuns,
  type ScoringColumns,
  type ScoringCosts,
  type ScoringThresholds,
  type ShownRows,
} from './batch-scoring.ts'

/** A run's figures over the set's expected answers, and its answers in words. */
export interface WorkedRun {
  evaluation: Evaluation
  answers: (string | null)[][]
}

/** The figures worked out for the choices `key` names: the batch's own, and each run's by batch id. */
export interface WorkedFigures {
  key: string | null
  own: { figures: Evaluation; rows: ShownRows[] } | null
  runs: Map<string, WorkedRun>
}

/** The figures kept, and the choices asked for now. */
export interface Kept {
  key: string
  worked: WorkedFigures
}

export const workedFigures = (): WorkedFigures => ({ key: null, own: null, runs: new Map() })

/** One key for the choices figures depend on. */
export const keyOf = (columns: ScoringColumns, costs: ScoringCosts, thresholds: ScoringThresholds) =>
  JSON.stringify([columns, costs, thresholds])

/** The runs beside a batch as read, by batch id, with the figures they were read from. */
export type RunsRead = Map<string, { figures: string | null; run: ModelRunOf }>

/**
 * The runs chosen beside the batch: each read once while its answers are the same (`read`); one whose answers
 * changed is read again, its figures in `worked` let go.
 */
export function runsBeside(
  chosen: readonly ModelToCompare[],
  read: RunsRead,
  worked: WorkedFigures,
): ModelRunOf[] {
  return chosen.flatMap((one) => {
    const figures = one.table?.figures ?? null
    const before = read.get(one.id)
    if (before?.figures === figures)
      return [{ ...before.run, model: one.model, spent: one.spent, done: one.done }]
    worked.runs.delete(one.id)
    const [run] = readableRuns([one])
    if (run) read.set(one.id, { figures, run })
    else read.delete(one.id)
    return run ? [run] : []
  })
}
