// Models side by side on one set, told in a terminal or as JSON lines.
import { choiceWords, type SideBySide } from '#shared/domain/side-by-side'
import { print, printJson, table } from './output.ts'

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
    const choice = choiceWords(question)
    if (choice) print(`${question.question}: ${choice}`)
  }
}
