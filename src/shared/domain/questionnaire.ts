// A questionnaire as the builder edits it, and the request bodies it becomes: the unified format (questions
// as an array) or the native one (questions keyed by id, `noul`, criteria shapes of document 1 §2.4).
import type {
  DecisionInput,
  DecisionRequest,
  NativeDecisionRequest,
  NativeQuestion,
  Question,
} from '../api/decisions.ts'
import type { DecisionCall } from '../ipc/routes/decisions.ts'
import { type Violation, violation } from './violation.ts'

export type QuestionKind = 'predicate' | 'choice' | 'score'

export interface ChoiceDraft {
  id: string
  value: string
  description: string
}

export interface LevelDraft {
  id: string
  label: string
  description: string
}

export interface QuestionDraft {
  id: string
  kind: QuestionKind
  name: string
  /** Instructions as typed: plain text, or a JSON object when `instructionsAsJson`. */
  instructions: string
  instructionsAsJson: boolean
  criteriaTrue: string
  criteriaFalse: string
  choices: ChoiceDraft[]
  levels: LevelDraft[]
  /**
   * A yes-or-no question's answer is yes from this probability of yes on (0.5 when not set): the app's reading of
   * the answer, in its table, exports and scores. It is not sent: the service answers with the probability.
   */
  threshold?: number
}

/** The probability from which a yes-or-no question's answer reads as yes. */
export const yesFrom = (question: Pick<QuestionDraft, 'threshold'> | undefined) => question?.threshold ?? 0.5

/**
 * How sure a yes-or-no answer is, from 0.5 at the threshold to 1 at 0 or 1: its distance from the threshold as a
 * share of the way to the end on its side, so that at a threshold of 0.7 a no at 0.3 is surer than a yes at 0.72.
 */
export function predicateSureness(probability: number, threshold: number): number {
  const room = probability >= threshold ? 1 - threshold : threshold
  return 0.5 + (0.5 * Math.abs(probability - threshold)) / (room || 1)
}

export interface Questionnaire {
  id: string
  name: string
  questions: QuestionDraft[]
}

export type DecisionFormat = 'unified' | 'native'

/**
 * How much one questionnaire may hold, in characters. The service takes far bigger requests, but a questionnaire
 * is kept, versioned and sent with every row of a batch: these leave room for any real one (instructions of
 * dozens of pages) while a pasted file by mistake is stopped at the field instead of held whole in the history.
 */
export const questionnaireLimits = {
  questions: 200,
  name: 200,
  instructions: 50_000,
  criteria: 10_000,
  choiceValue: 500,
  description: 5_000,
  /** Everything typed into one questionnaire together. */
  whole: 1_000_000,
} as const

/** Characters typed into a questionnaire, all fields together. */
export function charactersIn(questionnaire: Questionnaire): number {
  let total = questionnaire.name.length
  for (const question of questionnaire.questions) {
    total += question.name.length + question.instructions.length
    total += question.criteriaTrue.length + question.criteriaFalse.length
    for (const choice of question.choices) total += choice.value.length + choice.description.length
    for (const level of question.levels) total += level.label.length + level.description.length
  }
  return total
}

/** The instructions as sent: the text, or the parsed object; `null` when the JSON does not parse to an object. */
export function instructionsOf(question: QuestionDraft): string | Record<string, unknown> | null {
  if (!question.instructionsAsJson) return question.instructions
  try {
    const value: unknown = JSON.parse(question.instructions)
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

const optional = (text: string) => (text.trim() ? text.trim() : undefined)

function unifiedQuestion(question: QuestionDraft): Question {
  const base = {
    type: question.kind,
    ...(question.name.trim() ? { name: question.name.trim() } : {}),
    instructions: instructionsOf(question) ?? question.instructions,
  }
  if (question.kind === 'predicate') {
    const yes = optional(question.criteriaTrue)
    const no = optional(question.criteriaFalse)
    return yes || no
      ? { ...base, criteria: { ...(yes ? { true: yes } : {}), ...(no ? { false: no } : {}) } }
      : base
  }
  if (question.kind === 'choice') {
    return {
      ...base,
      choices: question.choices.map((choice) => ({
        value: choice.value,
        ...(optional(choice.description) ? { description: choice.description.trim() } : {}),
      })),
    }
  }
  return {
    ...base,
    levels: question.levels.map((level) => ({
      label: level.label,
      ...(optional(level.description) ? { description: level.description.trim() } : {}),
    })),
  }
}

/**
 * A questionnaire from the questions of a decision request's body (what "View request" shows, or a request kept
 * elsewhere): each question as the builder draws it, named `name`; `newId` gives each its own id.
 */
export function questionnaireFromRequest(
  questions: readonly Question[],
  name: string,
  newId: () => string,
): Questionnaire {
  return {
    id: newId(),
    name,
    questions: questions.map((question) => ({
      id: newId(),
      kind: question.type,
      name: question.name ?? '',
      instructions:
        typeof question.instructions === 'string'
          ? question.instructions
          : JSON.stringify(question.instructions, null, 2),
      instructionsAsJson: typeof question.instructions !== 'string',
      criteriaTrue: question.criteria?.true ?? '',
      criteriaFalse: question.criteria?.false ?? '',
      choices: (question.choices ?? []).map((choice) => ({
        id: newId(),
        value: choice.value,
        description: choice.description ?? '',
      })),
      levels: (question.levels ?? []).map((level) => ({
        id: newId(),
        label: level.label,
        description: level.description ?? '',
      })),
    })),
  }
}

export function toUnifiedRequest(
  questionnaire: Questionnaire,
  input: DecisionInput,
  model: string,
): DecisionRequest {
  return { model, input, questions: questionnaire.questions.map(unifiedQuestion) }
}

/** Native ids: the question's name, or `q<position>` for an unnamed one. */
export function nativeIdOf(question: QuestionDraft, index: number): string {
  return question.name.trim() || `q${index + 1}`
}

/**
 * What the builder refuses beyond the documents' own rules, at the field: two questions that would share a
 * native id (an unnamed question is sent as `q<position>`), and two choices of one question with the same value
 * (native criteria are keyed by value). Either would otherwise be lost or merged on the way out.
 */
/** Where each value first appears in `values` (a question of 255 choices is checked at every keystroke). */
export function firstPositions(values: readonly string[]): Map<string, number> {
  const first = new Map<string, number>()
  values.forEach((value, at) => {
    if (!first.has(value)) first.set(value, at)
  })
  return first
}

export function questionnaireProblems(questionnaire: Questionnaire): Violation[] {
  const problems: Violation[] = []
  const ids = questionnaire.questions.map(nativeIdOf)
  questionnaire.questions.forEach((question, index) => {
    const id = ids[index] ?? ''
    const other = ids.findIndex((candidate, at) => at !== index && candidate === id)
    if (other !== -1 && !question.name.trim())
      problems.push(
        violation(
          400,
          'invalid_request_error',
          `Question ${index + 1} has no name, so it is sent as “${id}”, the name of question ${other + 1}. Give it a name.`,
          ['questions', index, 'name'],
        ),
      )
    const values = question.kind === 'choice' ? question.choices.map((choice) => choice.value.trim()) : []
    const first = firstPositions(values)
    const repeated = values.find((value, at) => value && first.get(value) !== at)
    if (repeated)
      problems.push(
        violation(
          400,
          'invalid_request_error',
          `Two choices have the value “${repeated}”. Give each choice its own value.`,
          ['questions', index, 'choices'],
        ),
      )
  })
  return problems
}

export function toNativeRequest(
  questionnaire: Questionnaire,
  input: DecisionInput,
  model: string,
): NativeDecisionRequest {
  // The conversion never drops or merges a question or a choice: the builder refuses what would be.
  const problem = questionnaireProblems(questionnaire)[0]
  if (problem) throw new Error(problem.message)
  const questions: Record<string, NativeQuestion> = {}
  questionnaire.questions.forEach((question, index) => {
    const instructions = instructionsOf(question) ?? question.instructions
    const id = nativeIdOf(question, index)
    if (question.kind === 'predicate') {
      const unified = unifiedQuestion(question)
      questions[id] = {
        type: 'noul',
        instructions,
        ...(unified.criteria ? { criteria: unified.criteria } : {}),
      }
    } else if (question.kind === 'choice') {
      questions[id] = {
        type: 'choice',
        instructions,
        criteria: Object.fromEntries(question.choices.map((c) => [c.value, c.description.trim()])),
      }
    } else {
      questions[id] = {
        type: 'score',
        instructions,
        criteria: question.levels.map((level) =>
          level.description.trim() ? `${level.label}: ${level.description.trim()}` : level.label,
        ),
      }
    }
  })
  return { model, state: input, questions }
}

/** Splits pasted text into choices, one per non-empty line; `value: description` or `value — description`. */
export function choicesFromLines(text: string, makeId: () => string): ChoiceDraft[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = /^(.+?)\s*(?::|—|\t)\s*(.+)$/.exec(line)
      return { id: makeId(), value: match?.[1] ?? line, description: match?.[2] ?? '' }
    })
}

/**
 * The question a service error concerns: by its path (`questions[2]…` or a native id), else by a question
 * name the message quotes. -1 when it names none.
 */
export function questionOfError(
  questionnaire: Questionnaire,
  error: { message: string; path?: readonly (string | number)[] | undefined },
): number {
  const [root, key] = error.path ?? []
  if (root === 'questions' && typeof key === 'number' && key < questionnaire.questions.length) return key
  if (root === 'questions' && typeof key === 'string')
    return questionnaire.questions.findIndex((question, index) => nativeIdOf(question, index) === key)
  return questionnaire.questions.findIndex((question) => {
    const name = question.name.trim()
    return name !== '' && (error.message.includes(`"${name}"`) || error.message.includes(`'${name}'`))
  })
}

/** How a questionnaire is sent: its format, and for the unified format which path. */
export interface CallSettings {
  format: DecisionFormat
  /** The OpenAI-compatible path instead of the unified one (same body). */
  compat: boolean
}

/** The request for this questionnaire and input with the chosen model and format. */
export function decisionCall(
  questionnaire: Questionnaire,
  input: DecisionInput,
  model: { id: string; alias?: string | null | undefined },
  settings: CallSettings,
): DecisionCall {
  if (settings.format === 'native')
    return { endpoint: 'native', body: toNativeRequest(questionnaire, input, model.alias ?? model.id) }
  return {
    endpoint: settings.compat ? 'compat' : 'unified',
    body: toUnifiedRequest(questionnaire, input, model.id),
  }
}
