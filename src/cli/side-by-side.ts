// Models side by side on one set: per question, each model's accuracy (when expected answers are known) beside
// what 1,000 rows cost it, the models no other beats on both (the frontier), and how much the models agree with
// each other — which stands in for accuracy when no expected answers are known.

import { cohensKappa, disagreements, fleissKappa } from '#shared/domain/agreement'
import { onFrontier, titleOf } from '#shared/domain/evaluation-set'
import { formatAmount, parseAmount } from '#shared/domain/money'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { ModelRun } from './evaluation-report.ts'
import { print, printJson, table } from './session.ts'

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
    const withFrontier = onFrontier(models)
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
