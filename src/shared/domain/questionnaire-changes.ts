// How one run's questionnaire differs from another's, question by question, in words: runs of one set are told
// apart by what they asked as well as by their model and time.
import { titleOf } from './evaluation-set.ts'
import { type QuestionDraft, type Questionnaire, yesFrom } from './questionnaire.ts'

/** The parts of a question a run may have asked otherwise, and their names. */
const parts: [name: string, of: (question: QuestionDraft) => unknown][] = [
  ['kind', (question) => question.kind],
  ['instructions', (question) => [question.instructions, question.instructionsAsJson]],
  ['criteria', (question) => [question.criteriaTrue, question.criteriaFalse]],
  ['choices', (question) => question.choices.map((choice) => [choice.value, choice.description])],
  ['levels', (question) => question.levels.map((level) => [level.label, level.description])],
  ['yes from', (question) => (question.kind === 'predicate' ? yesFrom(question) : null)],
]

/**
 * What `there` asked otherwise than `here`, each question by its title here (or there, for one only there):
 * "urgent: instructions, yes from", "team: not asked", "tone: added"; none when they asked the same.
 */
export function questionnaireChanges(here: Questionnaire, there: Questionnaire): string[] {
  const theirs = new Map(there.questions.map((question, at) => [question.id, { question, at }]))
  const changes = here.questions.flatMap((question, at) => {
    const title = titleOf(question, at)
    const other = theirs.get(question.id)
    if (!other) return [`${title}: not asked`]
    const differ = parts.flatMap(([name, of]) =>
      JSON.stringify(of(question)) === JSON.stringify(of(other.question)) ? [] : [name],
    )
    if (titleOf(other.question, other.at) !== title)
      differ.unshift(`named “${titleOf(other.question, other.at)}”`)
    if (other.at !== at) differ.push('asked in another place')
    return differ.length > 0 ? [`${title}: ${differ.join(', ')}`] : []
  })
  const ours = new Set(here.questions.map((question) => question.id))
  for (const [at, question] of there.questions.entries())
    if (!ours.has(question.id)) changes.push(`${titleOf(question, at)}: added`)
  return changes
}
