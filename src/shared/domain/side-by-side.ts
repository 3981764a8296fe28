// Models side by side on one set: per question, each model's accuracy (when expected answers are known) beside
// what 1,000 rows cost it, the models no other beats on both (the frontier), and how much the models agree with
// each other — which stands in for accuracy when no expected answers are known.
import { cohensKappa, disagreements, fleissKappa } from './agreement.ts'
import { onFrontier, type QuestionEvaluation, titleOf } from './evaluation-set.ts'
import { beyondInterval } from './intervals.ts'
import { formatAmount, parseAmount } from './money.ts'
import { type Questionnaire, yesFrom } from './questionnaire.ts'

export interface SideBySide {
  question: string
  /** A yes-or-no question's threshold, which every model's accuracy is read at; null for the others. */
  threshold: number | null
  models: {
    model: string
    /** Accuracy (a yes or no at its threshold; a choice; a score's nearest level), with its interval where known. */
    accuracy: number | null
    interval: { low: number; high: number } | null
    /** How many rows it is of. */
    labeled: number
    /**
     * A yes or no's best threshold for this model (by F1, or of least cost when errors have one), its plainest
     * form, and the accuracy and cost of errors there; null for the other kinds.
     */
    best: { threshold: number; accuracy: number; cost: number | null } | null
    costPer1000: number
    frontier: boolean
  }[]
  agreement: { kind: 'cohen' | 'fleiss'; kappa: number | null; differ: number; lines: (number | null)[] }
}

/** One model's run of the set: what it spent over how many answered rows, its scores and its answers in words. */
export interface ComparedRun {
  model: string
  batch: { spent: string; counts: { done: number } }
  evaluation: { questions: readonly QuestionEvaluation[] }
  /** Each question's answer in words for every row of the set (null where none). */
  answers: readonly (readonly (string | null)[])[]
  /** Each row's line in the set's file. */
  lines: readonly (number | null)[]
}

export function sideBySide(questionnaire: Questionnaire, runs: readonly ComparedRun[]): SideBySide[] {
  return questionnaire.questions.map((question, at) => {
    const title = titleOf(question, at)
    const models = runs.map((run) => {
      const scored = run.evaluation.questions.find((one) => one.title === title)
      const rows = run.batch.counts.done
      const estimate =
        scored && scored.labeled > 0
          ? (scored.predicate?.accuracy ?? scored.choice?.accuracy ?? scored.score?.exact)
          : undefined
      const predicate = scored && scored.labeled > 0 ? scored.predicate : undefined
      return {
        model: run.model,
        accuracy: estimate?.value ?? null,
        interval: estimate && !Number.isNaN(estimate.low) ? { low: estimate.low, high: estimate.high } : null,
        labeled: scored?.labeled ?? 0,
        best: predicate
          ? {
              threshold: predicate.best.plain,
              accuracy:
                (predicate.rows - predicate.best.falsePositives - predicate.best.falseNegatives) /
                predicate.rows,
              cost: predicate.best.cost,
            }
          : null,
        costPer1000: rows > 0 ? (Number(formatAmount(parseAmount(run.batch.spent))) / rows) * 1000 : 0,
      }
    })
    const withFrontier = onFrontier(models)
    const answers = runs.map((run) => run.answers[at] ?? [])
    const differ = disagreements(answers)
    return {
      question: title,
      threshold: question.kind === 'predicate' ? yesFrom(question) : null,
      models: withFrontier,
      agreement: {
        kind: answers.length === 2 ? 'cohen' : 'fleiss',
        kappa: answers.length === 2 ? cohensKappa(answers[0] ?? [], answers[1] ?? []) : fleissKappa(answers),
        differ: differ.length,
        lines: differ.map((row) => runs[0]?.lines[row] ?? row + 1),
      },
    }
  })
}

/**
 * The choice a question's comparison leaves, in words: a yes or no's threshold, the cheapest model on the frontier, and what each dearer
 * model on it gives for its cost, said as no better where its accuracy is within the cheaper one's interval. Null where no
 * model has expected answers to be scored against.
 */
export function choiceWords(question: SideBySide): string | null {
  const frontier = question.models
    .filter((model) => model.frontier && model.accuracy !== null)
    .sort((a, b) => a.costPer1000 - b.costPer1000)
  const [cheapest, ...dearer] = frontier
  if (!cheapest) return null
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`
  const words = [
    ...(question.threshold === null ? [] : [`Read yes from ${question.threshold}.`]),
    `Cheapest on the frontier: ${cheapest.model}, ${percent(cheapest.accuracy ?? 0)} right for $${cheapest.costPer1000.toFixed(4)} per 1,000 rows.`,
  ]
  for (const model of dearer) {
    // Two runs as good for as much (the same model run again) are the same choice.
    if (model.accuracy === cheapest.accuracy && model.costPer1000 === cheapest.costPer1000) {
      words.push(`${model.model} does the same for the same cost.`)
      continue
    }
    const gain = `${model.model} is ${(((model.accuracy ?? 0) - (cheapest.accuracy ?? 0)) * 100).toFixed(1)} points more accurate`
    const cost = `$${model.costPer1000.toFixed(4)} per 1,000 rows${cheapest.costPer1000 > 0 ? ` (${(model.costPer1000 / cheapest.costPer1000).toFixed(1)}×)` : ''}`
    // Better, as the baseline's changes say it: above the cheaper model's interval.
    const within =
      cheapest.interval !== null &&
      beyondInterval(model.accuracy ?? 0, { value: cheapest.accuracy ?? 0, ...cheapest.interval }) === null
    words.push(`${gain} for ${cost}${within ? ', within its interval: not measurably better.' : '.'}`)
  }
  return words.join(' ')
}
