// A row's answers as its scores read them, kept beside its response when the row finishes: for each question in
// the questionnaire's order, the probability of yes, the score, then the probability of each of its options (a
// choice's values, a score's levels), NaN where there is none, as little-endian 64-bit floats. A batch's scores
// then copy each row's figures where they would parse its whole response. A row whose answers name an option the
// questionnaire has not (or more levels than it has) keeps none: its response is read instead.
import type { DecisionResponse, NativeDecisionResponse } from '../api/decisions.ts'
import { type ShownAnswer, shownAnswers } from './answers.ts'
import type { Questionnaire } from './questionnaire.ts'

// How an answer is read, unified (as the service gives it) or native (as `shownAnswers` reads it).
export type Answer = DecisionResponse['answers'][number]
type GivenOption = { probability: number; label?: unknown; value?: unknown }

export const probabilityOf = (answer: Answer | ShownAnswer) =>
  'type' in answer
    ? answer.type === 'predicate'
      ? answer.probability
      : Number.NaN
    : (answer.probability ?? Number.NaN)
export const scoreOf = (answer: Answer | ShownAnswer) =>
  'type' in answer ? (answer.type === 'score' ? answer.score : Number.NaN) : (answer.score ?? Number.NaN)
export const optionsOf = (answer: Answer | ShownAnswer | undefined): readonly GivenOption[] =>
  !answer
    ? []
    : 'type' in answer
      ? answer.type === 'predicate'
        ? []
        : answer.probabilities
      : (answer.options ?? [])
/** A choice's option is named by its value (unified) or its label (a native answer as read). */
export const labelOf = (option: GivenOption) => String('value' in option ? option.value : option.label)

/** A question's options as the figures order them: a choice's values, a score's level labels, none for yes/no. */
export const questionOptions = (question: Questionnaire['questions'][number]): string[] =>
  question.kind === 'choice'
    ? question.choices.map((choice) => choice.value)
    : question.kind === 'score'
      ? question.levels.map((level) => level.label)
      : []

/** Where each question's figures start in a row's, and how many a row has. */
export function figureLayout(questionnaire: Questionnaire): { starts: number[]; size: number } {
  const starts: number[] = []
  let size = 0
  for (const question of questionnaire.questions) {
    starts.push(size)
    size += 2 + questionOptions(question).length
  }
  return { starts, size }
}

/**
 * A finished row's figures, or null where its answers do not fit the questionnaire's options (or cannot be read:
 * its response stays what the scores read).
 */
export function answerFigures(
  questionnaire: Questionnaire,
  response: DecisionResponse | NativeDecisionResponse,
): Uint8Array | null {
  try {
    return figuresOf(questionnaire, response)
  } catch {
    return null
  }
}

function figuresOf(
  questionnaire: Questionnaire,
  response: DecisionResponse | NativeDecisionResponse,
): Uint8Array | null {
  const given: readonly (Answer | ShownAnswer)[] = Array.isArray(response.answers)
    ? response.answers
    : shownAnswers(questionnaire, response)
  const { starts, size } = figureLayout(questionnaire)
  const figures = new DataView(new ArrayBuffer(size * 8))
  const put = (at: number, value: number) => figures.setFloat64(at * 8, value, true)
  for (const [at, question] of questionnaire.questions.entries()) {
    const answer = given[at]
    const options = questionOptions(question)
    const start = starts[at] as number
    put(start, answer ? probabilityOf(answer) : Number.NaN)
    put(start + 1, answer ? scoreOf(answer) : Number.NaN)
    for (let option = 0; option < options.length; option++) put(start + 2 + option, Number.NaN)
    const named = optionsOf(answer)
    // A score's options are its levels by position; a choice's, its options by name (the last of a name, as the
    // table places them).
    if (question.kind !== 'choice' && named.length > options.length) return null
    for (const [position, option] of named.entries()) {
      const to = question.kind === 'choice' ? options.lastIndexOf(labelOf(option)) : position
      if (to < 0) return null
      put(start + 2 + to, option.probability)
    }
  }
  return new Uint8Array(figures.buffer)
}
