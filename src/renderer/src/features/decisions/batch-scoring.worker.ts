// Scores a batch against its expected answers off the page's thread. The batch's answers arrive once (`set`); each
// `score` asks for a choice of columns and is answered with the figures at once, then again as each question's
// bootstrap intervals (a thousand resamples of its rows) are in, with the models chosen beside it (`models`), and
// last what changed since the questionnaire's baseline (`baseline`). A newer ask stops an older one between
// questions.
import { type ModelRunOf, type ScoringColumns, type ScoringSet, scoreInTurn } from './batch-scoring.ts'

let set: ScoringSet | null = null
let models: ModelRunOf[] = []
let baseline: ModelRunOf | null = null
let latest = 0

self.addEventListener(
  'message',
  (
    event: MessageEvent<
      | { kind: 'set'; set: ScoringSet }
      | { kind: 'models'; models: ModelRunOf[] }
      | { kind: 'baseline'; baseline: ModelRunOf | null }
      | { kind: 'score'; ask: number; columns: ScoringColumns }
    >,
  ) => {
    const message = event.data
    if (message.kind === 'set') {
      set = message.set
      return
    }
    if (message.kind === 'models') {
      models = message.models
      return
    }
    if (message.kind === 'baseline') {
      baseline = message.baseline
      return
    }
    latest = message.ask
    const scored = set
    if (!scored) return
    scoreInTurn(
      scored,
      message.columns,
      (answer, done, first) => self.postMessage({ ask: message.ask, scored: answer, done, first }),
      () => latest !== message.ask,
      models,
      baseline,
    ).catch((error: unknown) =>
      self.postMessage({ ask: message.ask, problem: error instanceof Error ? error.message : String(error) }),
    )
  },
)
