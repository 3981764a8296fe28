// Questionnaires for tests in every process: a yes-or-no question as the builder makes it, and one questionnaire of it.
import type { QuestionDraft, Questionnaire } from '../domain/questionnaire.ts'

/** A yes-or-no question named `name` (its id too), with what a test changes. */
export const yesOrNo = (name: string, change: Partial<QuestionDraft> = {}): QuestionDraft => ({
  id: name,
  kind: 'predicate',
  name,
  instructions: `Is it ${name}?`,
  instructionsAsJson: false,
  criteriaTrue: '',
  criteriaFalse: '',
  choices: [],
  levels: [],
  ...change,
})

/** "Triage": one yes-or-no question, `urgent`. */
export const triage = (): Questionnaire => ({ id: 'triage', name: 'Triage', questions: [yesOrNo('urgent')] })
