// The intervals of a batch's scores, and what changed since its questionnaire's baseline, for the scoring worker
// that started this one (and ends it when a newer ask comes): each question's bootstrap in turn, then the
// baseline's. Its answers go to the page as the scoring worker's own.
import type { ScoringSet } from '#shared/domain/batch-answers'
import { evaluateTable } from '#shared/domain/evaluation-set'
import { intervalsInTurn, type ModelRunOf, type ScoreAsk, withThresholds } from './batch-scoring.ts'

let set: ScoringSet | null = null
let baseline: ModelRunOf | null = null

self.addEventListener(
  'message',
  (event: MessageEvent<{ kind: 'set'; set: ScoringSet; baseline: ModelRunOf | null } | ScoreAsk>) => {
    const message = event.data
    if (message.kind === 'set') {
      ;({ set, baseline } = message)
      return
    }
    if (!set) return
    const { ask, columns, costs } = message
    const scored = withThresholds(set, message.thresholds)
    const figures = evaluateTable(scored.questionnaire, scored.table, new Map(columns), {
      resamples: 0,
      questionCosts: new Map(costs),
    })
    intervalsInTurn(
      scored,
      columns,
      figures,
      baseline,
      (next, done) => self.postMessage({ ask, scored: next, done, first: false }),
      () => false,
      costs,
    ).catch((error: unknown) =>
      self.postMessage({ ask, problem: error instanceof Error ? error.message : String(error) }),
    )
  },
)
