// Models side by side on one set: per question, each model's accuracy (when expected answers are known) beside
// what 1,000 rows cost it, the models no other beats on both (the frontier), and how much the models agree with
// each other — which stands in for accuracy when no expected answers are known.

import { cohensKappa, disagreements, fleissKappa } from '#shared/domain/agreement'
import { answerParts, shownAnswers } from '#shared/domain/answers'
import { titleOf } from '#shared/domain/evaluation-set'
import { formatAmount, parseAmount } from '#shared/domain/money'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { BatchItem } from '#shared/ipc/routes/batches'
import type { ModelRun } from './evaluation-report.ts'
import { print, printJson, table } from './session.ts'

/** Each question's answer in words (yes or no, the pick, the nearest level) for every row, null where none. */
export function answersOf(questionnaire: Questionnaire, items: readonly BatchItem[]): (string | null)[][] {
  const byRow = items.map((item) =>
    item.status === 'done' && item.response
      ? shownAnswers(questionnaire, item.response).map((answer) => answerParts(answer).value || null)
      : [],
  )
  return questionnaire.questions.map((_, question) => byRow.map((row) => row[question] ?? null))
}

export interface SideBySide {
  question: string
  models: { model: string; accuracy: number | null; costPer1000: number; frontier: boolean }[]
  agreement: { kind: 'cohen' | 'fleiss'; kappa: number | null; differ: number; lines: (number | null)[] }
}

export function sideBySide(questionnaire: Questionnaire, runs: readonly ModelRun[]): SideBySide[] {
  return questionnaire.questions.map((question, at) => {
    const title = titleOf(question, at)
    const models = runs.map((run) => {
      const scored = run.evaluation.questions.find((one) => one.title === title)
      const rows = run.batch.counts.done
      return {
        model: run.model,
        accuracy:
          scored && scored.labeled > 0
            ? ((scored.predicate?.accuracy ?? scored.choice?.accuracy ?? scored.score?.exact)?.value ?? null)
            : null,
        costPer1000: rows > 0 ? (Number(formatAmount(parseAmount(run.batch.spent))) / rows) * 1000 : 0,
      }
    })
    // On the frontier: no other model at least as accurate for at most the cost, and better at one of them.
    const withFrontier = models.map((one) => ({
      ...one,
      frontier:
        one.accuracy !== null &&
        !models.some(
          (other) =>
            other !== one &&
            other.accuracy !== null &&
            other.accuracy >= (one.accuracy ?? 0) &&
            other.costPer1000 <= one.costPer1000 &&
            (other.accuracy > (one.accuracy ?? 0) || other.costPer1000 < one.costPer1000),
        ),
    }))
    const answers = runs.map((run) => run.answers[at] ?? [])
    const differ = disagreements(answers)
    return {
      question: title,
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

export function tellSideBySide(compared: readonly SideBySide[], json: boolean) {
  if (json) {
    for (const question of compared) printJson('comparison', question)
    return
  }
  print(
    table(
      ['question', 'model', 'accuracy', 'per 1,000 rows', ''],
      compared.flatMap((question) =>
        question.models.map((model) => [
          question.question,
          model.model,
          model.accuracy === null ? '—' : `${(model.accuracy * 100).toFixed(1)}%`,
          `$${model.costPer1000.toFixed(4)}`,
          model.frontier ? 'on the frontier' : '',
        ]),
      ),
    ),
  )
  for (const question of compared) {
    const { kind, kappa, differ, lines } = question.agreement
    print(
      `${question.question}: the models agree ${kappa === null ? '(not defined)' : `κ ${kappa.toFixed(3)}`} (${kind === 'cohen' ? 'Cohen' : 'Fleiss'}); ${differ} rows differ${differ ? ` (lines ${lines.slice(0, 8).join(', ')}${differ > 8 ? ', …' : ''})` : ''}`,
    )
  }
}
