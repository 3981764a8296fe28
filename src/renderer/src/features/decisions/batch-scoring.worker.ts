// Scores a batch against its expected answers off the page's thread. The batch's answers arrive once as main sent
// them, and are made a table of arrays here (`set`; none once its scores are no longer shown), as are other runs to
// compare with (`models`) and the questionnaire's baseline (`baseline`) when chosen. Each `score` asks for a choice
// of columns and is answered with the figures at once; what was worked out for those columns is kept while the
// batch is shown (`batch-scoring-kept.ts`), so another run chosen beside it costs only its own figures.
// The intervals (a thousand resamples of each question's rows) and what changed since the baseline are worked out
// in a worker of this one's, whose answers go on to the page: an ask for other columns ends that worker and
// starts another, so the figures never wait for intervals; an ask for the same columns (another run chosen beside
// them) gets the intervals worked out already.
import type { ScoringSet } from '#shared/domain/batch-answers'
import {
  figuresOf,
  type ModelRunOf,
  readableRuns,
  readSet,
  type ScoreAsk,
  type ScoringMessage,
  withThresholds,
} from './batch-scoring.ts'
import { keyOf, type RunsRead, runsBeside, workedFigures } from './batch-scoring-kept.ts'

let set: ScoringSet | null = null
/** Why the batch's answers could not be read (their figures not as many as they say): each ask is told. */
let unreadable: string | null = null
let models: ModelRunOf[] = []
/** The figures worked out for this batch, and the runs beside it as read. */
let worked = workedFigures()
let runsRead: RunsRead = new Map()
let baseline: ModelRunOf | null = null
/** The page's latest ask, and its columns. */
let latest = { ask: 0, columns: '' }
/** The intervals' worker; the columns it is at work on, if it is; the last answer it finished. */
let intervals: Worker | null = null
let working: string | null = null
let finished: { columns: string; answer: object } | null = null

function endIntervals() {
  intervals?.terminate()
  intervals = null
  working = null
  finished = null
}

function intervalsFor(scored: ScoringSet): Worker {
  if (intervals && working === null) return intervals
  endIntervals()
  const started = new Worker(new URL('./batch-intervals.worker.ts', import.meta.url), { type: 'module' })
  started.addEventListener('message', (event: MessageEvent<{ done?: boolean; problem?: string }>) => {
    const columns = working
    if (columns !== latest.columns) return
    // Answered as the page's latest ask, which wants the same columns.
    const answer = { ...event.data, ask: latest.ask }
    if (event.data.done || event.data.problem) {
      working = null
      finished = event.data.done ? { columns, answer } : null
    }
    self.postMessage(answer)
  })
  started.postMessage({ kind: 'set', set: scored, baseline })
  intervals = started
  return started
}

self.addEventListener('message', (event: MessageEvent<ScoringMessage>) => {
  const message = event.data
  if (message.kind === 'set') {
    // The intervals' worker starts once the first figures are out: starting beside them, it would slow them.
    const { input } = message
    const read = readSet(input)
    set = read.set
    unreadable = read.unreadable
    worked = workedFigures()
    runsRead = new Map()
    if (!set) {
      models = []
      baseline = null
    }
    endIntervals()
    return
  }
  if (message.kind === 'models') {
    models = runsBeside(message.models, runsRead, worked)
    return
  }
  if (message.kind === 'baseline') {
    baseline = message.baseline ? (readableRuns([message.baseline])[0] ?? null) : null
    endIntervals()
    return
  }
  if (unreadable) {
    self.postMessage({ ask: message.ask, problem: unreadable })
    return
  }
  if (!set) return
  const scored = withThresholds(set, message.thresholds)
  const key = keyOf(message.columns, message.costs, message.thresholds)
  try {
    const { scored: figures } = figuresOf(scored, message.columns, models, message.costs, { key, worked })
    self.postMessage({ ask: message.ask, scored: figures, done: message.columns.length === 0, first: true })
  } catch (error) {
    self.postMessage({ ask: message.ask, problem: error instanceof Error ? error.message : String(error) })
    return
  }
  // The intervals depend on the columns, the costs of errors and the thresholds; the models beside them change
  // nothing there.
  const columns = key
  latest = { ask: message.ask, columns }
  if (message.columns.length === 0) return
  if (finished?.columns === columns) {
    self.postMessage({ ...finished.answer, ask: message.ask })
    return
  }
  if (working === columns) return
  const worker = intervalsFor(set)
  working = columns
  worker.postMessage(message satisfies ScoreAsk)
})
