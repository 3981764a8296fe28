// What the builder shows before anything is sent, in the person's words and at the field at fault: the
// documents' question rules (document 1 §2.1, §7, §8), what the native form could not carry, and what would be
// answered as blank (a choice with no value, a level with no label). Questions are numbered from 1, as on screen.
import { checkQuestions, decisionLimits, fromUnified } from './decisions.ts'
import { jsonDepth } from './json-depth.ts'
import {
  charactersIn,
  firstPositions,
  instructionsOf,
  type Questionnaire,
  questionnaireLimits,
  questionnaireProblems,
  toUnifiedRequest,
} from './questionnaire.ts'
import { type Violation, violation } from './violation.ts'

const listed = (numbers: number[]) =>
  numbers.length === 1
    ? `question ${numbers[0]}`
    : `questions ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`

export function builderProblems(questionnaire: Questionnaire): Violation[] {
  const problems: Violation[] = []
  const flag = (path: (string | number)[], message: string) =>
    problems.push(violation(400, 'invalid_request_error', message, path))
  if (questionnaire.questions.length === 0) flag(['questions'], 'Add a question to run.')
  if (questionnaire.questions.length > questionnaireLimits.questions)
    flag(['questions'], `A questionnaire takes at most ${questionnaireLimits.questions} questions.`)
  else if (charactersIn(questionnaire) > questionnaireLimits.whole)
    flag(
      ['questions'],
      `A questionnaire holds at most ${questionnaireLimits.whole.toLocaleString('en-US')} characters in all; this one has ${charactersIn(questionnaire).toLocaleString('en-US')}.`,
    )
  const tooLong = (path: (string | number)[], text: string, max: number, what: string) => {
    if (text.length > max)
      flag(
        path,
        `${what} ${text.length.toLocaleString('en-US')} characters long; at most ${max.toLocaleString('en-US')} are kept.`,
      )
  }
  const names = questionnaire.questions.map((question) => question.name.trim())
  questionnaire.questions.forEach((question, index) => {
    const at = ['questions', index]
    const name = names[index] ?? ''
    tooLong([...at, 'name'], question.name, questionnaireLimits.name, 'The name is')
    tooLong(
      [...at, 'instructions'],
      question.instructions,
      questionnaireLimits.instructions,
      'The instructions are',
    )
    tooLong([...at, 'criteria'], question.criteriaTrue, questionnaireLimits.criteria, 'The criteria are')
    tooLong([...at, 'criteria'], question.criteriaFalse, questionnaireLimits.criteria, 'The criteria are')
    if (!name && !question.instructions.trim())
      flag(
        [...at, 'instructions'],
        'Say what the model should decide: with no name and no instructions this question asks nothing, and each run of it is billed.',
      )
    const sharing = name ? names.flatMap((other, at) => (other === name && at !== index ? [at + 1] : [])) : []
    if (sharing.length)
      flag(
        [...at, 'name'],
        `“${name}” is also the name of ${listed(sharing)}. Give each question its own name.`,
      )
    if (question.kind === 'choice') {
      if (question.choices.length === 0)
        flag([...at, 'choices'], 'A choice question needs at least one choice.')
      if (question.choices.length > decisionLimits.choices)
        flag([...at, 'choices'], `A choice question takes at most ${decisionLimits.choices} choices.`)
      const values = question.choices.map((choice) => choice.value.trim())
      const firstOf = firstPositions(values)
      values.forEach((value, choice) => {
        const first = firstOf.get(value) ?? choice
        if (!value) flag([...at, 'choices', choice, 'value'], `Choice ${choice + 1} has no value.`)
        else if (first !== choice)
          flag(
            [...at, 'choices', choice, 'value'],
            `Choice ${choice + 1} repeats choice ${first + 1} (“${value}”).`,
          )
      })
    }
    if (question.kind === 'score') {
      const count = question.levels.length
      if (count < decisionLimits.minLevels || count > decisionLimits.maxLevels)
        flag(
          [...at, 'levels'],
          `A score takes ${decisionLimits.minLevels} to ${decisionLimits.maxLevels} levels; this one has ${count}.`,
        )
      question.levels.forEach((level, position) => {
        if (!level.label.trim()) flag([...at, 'levels', position, 'label'], `Level ${position} has no label.`)
      })
    }
    if (jsonDepth(instructionsOf(question)) > decisionLimits.nesting)
      flag(
        [...at, 'instructions'],
        `The instructions are nested more than ${decisionLimits.nesting} levels deep.`,
      )
  })
  // What the native form could not carry; a repeated choice value is already flagged at its row.
  for (const problem of questionnaireProblems(questionnaire))
    if (problem.path[2] === 'name') problems.push(problem)
  // The service's own rules stay the authority: anything they refuse that is not flagged above shows as is.
  const flagged = new Set(problems.map((problem) => problem.path.slice(0, 3).join('.')))
  for (const problem of checkQuestions(fromUnified(toUnifiedRequest(questionnaire, '', '').questions)))
    if (!flagged.has(problem.path.slice(0, 3).join('.'))) problems.push(problem)
  return problems
}

/**
 * Why the questionnaire cannot run yet, in one line beside the Run button; null when it can. A question just added
 * is not marked in red (nothing written in it yet): it is asked for in words.
 */
export function blockedReason(problems: readonly Violation[], questionnaire: Questionnaire): string | null {
  if (problems.length === 0) return null
  if (problems.some((problem) => problem.path.length === 1)) return 'Add a question to run.'
  const blank = (index: unknown) => {
    const question = questionnaire.questions[Number(index)]
    return question !== undefined && !question.name.trim() && !question.instructions.trim()
  }
  if (problems.every((problem) => blank(problem.path[1])))
    return 'Give the new question a name and instructions to run.'
  return 'Fix the questions marked in red to run.'
}
