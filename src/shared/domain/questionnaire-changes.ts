// How one run's questionnaire differs from another's, question by question, in words: runs of one set are told
// apart by what they asked as well as by their model and time. Only what is sent counts: a threshold is the app's
// reading of an answer, and runs side by side are read at one.
import { titleOf } from './evaluation-set.ts'
import type { QuestionDraft, Questionnaire } from './questionnaire.ts'

/** The parts of a question sent that a run may have asked otherwise, and their names. */
const parts: [name: string, of: (question: QuestionDraft) => unknown][] = [
  ['kind', (question) => question.kind],
  ['instructions', (question) => [question.instructions, question.instructionsAsJson]],
  ['criteria', (question) => [question.criteriaTrue, question.criteriaFalse]],
  ['choices', (question) => question.choices.map((choice) => [choice.value, choice.description])],
  ['levels', (question) => question.levels.map((level) => [level.label, level.description])],
]

/**
 * What `there` asked otherwise than `here`, each question by its title here (or there, for one only there):
 * "urgent: instructions", "team: not asked", "tone: added"; none when they asked the same. A question is found
 * there by its id, else by its title (a questionnaire built again from a template has new ids).
 */
export function questionnaireChanges(here: Questionnaire, there: Questionnaire): string[] {
  const theirs = there.questions.map((question, at) => ({ question, at, title: titleOf(question, at) }))
  const matched = new Set<number>()
  const find = (question: QuestionDraft, title: string) => {
    const found =
      theirs.find((one) => !matched.has(one.at) && one.question.id === question.id) ??
      theirs.find((one) => !matched.has(one.at) && one.title === title)
    if (found) matched.add(found.at)
    return found
  }
  const changes = here.questions.flatMap((question, at) => {
    const title = titleOf(question, at)
    const other = find(question, title)
    if (!other) return [`${title}: not asked`]
    const differ = parts.flatMap(([name, of]) =>
      JSON.stringify(of(question)) === JSON.stringify(of(other.question)) ? [] : [name],
    )
    if (other.title !== title) differ.unshift(`named “${other.title}”`)
    if (other.at !== at) differ.push('asked in another place')
    return differ.length > 0 ? [`${title}: ${differ.join(', ')}`] : []
  })
  for (const one of theirs) if (!matched.has(one.at)) changes.push(`${one.title}: added`)
  return changes
}
