// What changed since a baseline (an earlier evaluation of the same set): each score that left its interval, better
// or worse, and each row whose answer flipped. The command line reads a baseline from a JSON report; the app
// from the run kept as a questionnaire's baseline.
import { type Evaluation, type MetricName, type QuestionEvaluation, valueWords } from './evaluation-set.ts'
import { beyondInterval, type Estimate } from './intervals.ts'

/** An earlier evaluation as a baseline keeps it: each model's figures with their intervals, and its rows. */
export interface BaselineFigures {
  models: readonly {
    model: string
    questions: readonly {
      question: string
      intervals: Readonly<Record<string, { value: number; low: number | null; high: number | null }>>
      rows: readonly {
        index: number
        line: number | null
        answer: boolean | string | number
        expected: boolean | string | number
      }[]
    }[]
  }[]
}

/** The figures with an interval, each as a report keeps it. */
export function intervalsOf(question: QuestionEvaluation): Partial<Record<MetricName, Estimate>> {
  const { predicate, choice, score } = question
  const figures: Partial<Record<MetricName, Estimate | null | undefined>> = predicate
    ? {
        accuracy: predicate.accuracy,
        precision: predicate.precision,
        recall: predicate.recall,
        auc: predicate.rocAuc,
        brier: predicate.brier,
        ece: predicate.calibrationError,
      }
    : choice
      ? { accuracy: choice.accuracy, logloss: choice.logLoss, ece: choice.calibrationError }
      : score
        ? {
            accuracy: score.exact,
            exact: score.exact,
            within1: score.withinOne,
            mae: score.meanAbsoluteError,
          }
        : {}
  return Object.fromEntries(Object.entries(figures).filter(([, estimate]) => estimate)) as Partial<
    Record<MetricName, Estimate>
  >
}

/** The scores where less is better; the others are better higher. */
const lowerIsBetter = new Set<string>(['brier', 'logloss', 'ece', 'mae'])

export interface ScoreChange {
  model: string
  question: string
  metric: string
  before: Estimate
  after: number
  worse: boolean
}

export interface Flip {
  model: string
  question: string
  /** The row's index in the set, and its line in the file. */
  index: number
  line: number | null
  before: string
  after: string
  expected: string
  nowRight: boolean
}

/**
 * What changed since the baseline: each model compared with the same model there (or with the baseline's only
 * model, when it had one: another model, or the questionnaire edited), question by question.
 */
export function changesSince(
  baseline: BaselineFigures,
  runs: readonly { model: string; evaluation: Evaluation }[],
) {
  const changes: ScoreChange[] = []
  const flips: Flip[] = []
  for (const run of runs) {
    const before =
      baseline.models.find((one) => one.model === run.model) ??
      (baseline.models.length === 1 ? baseline.models[0] : undefined)
    if (!before) continue
    run.evaluation.questions.forEach((question, at) => {
      const earlier = before.questions.find((one) => one.question === question.title)
      if (!earlier) return
      for (const [metric, now] of Object.entries(intervalsOf(question))) {
        const then = earlier.intervals[metric]
        const moved = now && then ? beyondInterval(now.value, then) : null
        if (!now || !then || !moved) continue
        changes.push({
          model: run.model,
          question: question.title,
          metric,
          before: { value: then.value, low: then.low ?? then.value, high: then.high ?? then.value },
          after: now.value,
          worse: lowerIsBetter.has(metric) ? moved === 'above' : moved === 'below',
        })
      }
      const earlierRows = new Map(earlier.rows.map((row) => [row.index, row]))
      for (const row of run.evaluation.rows[at] ?? []) {
        const then = earlierRows.get(row.index)
        if (!then || valueWords(then.answer) === valueWords(row.answer)) continue
        flips.push({
          model: run.model,
          question: question.title,
          index: row.index,
          line: row.line,
          before: valueWords(then.answer),
          after: valueWords(row.answer),
          expected: valueWords(row.expected),
          nowRight: row.right,
        })
      }
    })
  }
  return { changes, flips }
}
