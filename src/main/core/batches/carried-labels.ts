// A new run of a questionnaire starts with the labels given on its latest earlier run that has any, so that another
// model's run of a labeled set is scored without labeling it again: row by row where the input is the same
// (wherever it stands in the file), question by question where the question is the same one (by its id) and the
// label still reads as one of its answers. A label given later goes to every run with that input at that row
// (`label` in service.ts).
import { expectedOf, labelText } from '#shared/domain/evaluation-set'
import type { QuestionDraft, Questionnaire } from '#shared/domain/questionnaire'

/**
 * A row's labels with question `at`'s set to `value` as `question` reads it, or taken back (null); a value that is
 * none of the question's answers leaves them as they were.
 */
export function withLabel(
  labels: Readonly<Record<string, string>>,
  at: number,
  question: QuestionDraft,
  value: string | null,
): Record<string, string> {
  const read = value === null ? null : expectedOf(question, value)
  if (read && !('value' in read)) return { ...labels }
  const { [String(at)]: _, ...others } = labels
  return read ? { ...others, [String(at)]: labelText(question, read.value) } : others
}

/** Each new row's labels (as kept: JSON by question index), by the row's index; rows with none are left out. */
export function carriedLabels(
  from: Questionnaire,
  to: Questionnaire,
  /** The earlier run's labeled rows: each input and its labels, as kept. */
  labeled: readonly { inputJson: string; labelsJson: string }[],
  /** The new run's inputs, as kept. */
  inputs: readonly string[],
): Map<number, string> {
  const places = to.questions.flatMap((question, at) => {
    const before = from.questions.findIndex((one) => one.id === question.id)
    return before === -1 ? [] : [{ question, at, before }]
  })
  const byInput = new Map<string, Record<string, unknown>>()
  for (const row of labeled) {
    if (byInput.has(row.inputJson)) continue
    try {
      const labels: unknown = JSON.parse(row.labelsJson)
      if (labels && typeof labels === 'object') byInput.set(row.inputJson, labels as Record<string, unknown>)
    } catch {
      // A row whose labels do not read gives none.
    }
  }
  const carried = new Map<number, string>()
  if (places.length === 0) return carried
  inputs.forEach((input, index) => {
    const given = byInput.get(input)
    if (!given) return
    let labels: Record<string, string> = {}
    for (const { question, at, before } of places) {
      const label = given[String(before)]
      if (typeof label === 'string') labels = withLabel(labels, at, question, label)
    }
    if (Object.keys(labels).length > 0) carried.set(index, JSON.stringify(labels))
  })
  return carried
}
