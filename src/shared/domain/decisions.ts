// The rules of decision requests (document 1 §2.1–2.4, §4.1, §7, §8), written once for the question
// builder (inline errors), the gateway client (before sending) and the sandbox (its 400s).
import type { DecisionInput, DecisionRequest, NativeDecisionRequest, Question } from '../api/decisions.ts'
import { jsonDepth } from './json-depth.ts'
import { estimateTokens } from './tokens.ts'
import { type Violation, violation } from './violation.ts'

export const decisionLimits = {
  bodyBytes: 32 * 1024 * 1024,
  nesting: 64,
  choices: 255,
  minLevels: 2,
  maxLevels: 10,
  dedicatedContextTokens: 64 * 1024,
} as const

export const decisionPaths = {
  unified: '/v1/decisions',
  compat: '/compat-a/v1/decisions',
  native: '/decision-native/v1/systemone',
} as const

/** What the rules need to know about the model a request names. */
export interface DecisionModelTraits {
  id: string
  /** The dedicated decision model: text or JSON only, 64K context, input tokens billed only. */
  dedicated: boolean
  readsImages: boolean
}

const invalid = 'invalid_request_error'

export const decisionMessages = {
  choiceWithoutChoices: (name: string) => `question "${name}" has kind choice and requires criteria options`,
  duplicateName: (name: string) => `question name "${name}" is used more than once`,
  tooManyLevels: 'Too many score levels. Must have at most 10 levels.',
  tooFewLevels: 'Too few score levels. Must have at least 2 levels.',
  tooManyChoices: 'Too many choices. Must have at most 255 choices.',
  imageForDedicated: (model: string) =>
    `The decision input carries an input_image part that model '${model}' cannot read: it reads text and JSON only.`,
  nativeOnUnified: 'Invalid request payload',
  notDecisionModel: (model: string) =>
    `Model '${model}' does not support the /v1/decisions endpoint on this platform.`,
  modelNotFound: (model: string) => `Model '${model}' not found`,
  unsupportedEndpoint: 'Unsupported API endpoint.',
  contextTooLong: (tokens: number, model: string) =>
    `The request is about ${tokens} tokens, more than the ${decisionLimits.dedicatedContextTokens}-token context of model '${model}'.`,
  tooDeep: (field: string) => `${field} is nested more than ${decisionLimits.nesting} levels deep.`,
  bodyTooLarge: 'The request body is larger than the 32 MiB limit for decisions.',
  noQuestions: 'questions must hold at least one question.',
} as const

/** A question in one form for both formats: the native one maps onto it. */
export interface DecisionQuestion {
  /** Unified: the optional name; native: the question id. */
  name: string | undefined
  kind: 'predicate' | 'choice' | 'score'
  instructions: unknown
  criteria: { true?: string | undefined; false?: string | undefined } | undefined
  choices: { value: string; description?: string | undefined }[]
  levels: { label: string; description?: string | undefined }[]
  /** Where the question sits in the request body. */
  path: (string | number)[]
}

export function fromUnified(questions: Question[]): DecisionQuestion[] {
  return questions.map((question, index) => ({
    name: question.name,
    kind: question.type,
    instructions: question.instructions,
    criteria: question.criteria,
    choices: question.choices ?? [],
    levels: question.levels ?? [],
    path: ['questions', index],
  }))
}

export function fromNative(questions: NativeDecisionRequest['questions']): DecisionQuestion[] {
  return Object.entries(questions).map(([id, question]) => ({
    name: id,
    kind: question.type === 'noul' ? 'predicate' : question.type,
    instructions: question.instructions,
    criteria: question.type === 'noul' ? question.criteria : undefined,
    choices:
      question.type === 'choice'
        ? Object.entries(question.criteria ?? {}).map(([value, description]) => ({ value, description }))
        : [],
    levels:
      question.type === 'score'
        ? question.criteria.map((description, index) => ({ label: String(index), description }))
        : [],
    path: ['questions', id],
  }))
}

const label = (question: DecisionQuestion, index: number) => question.name ?? `questions[${index}]`

/** Every rule about the questions themselves, in request order. */
export function checkQuestions(questions: DecisionQuestion[]): Violation[] {
  const problems: Violation[] = []
  if (questions.length === 0)
    problems.push(violation(400, invalid, decisionMessages.noQuestions, ['questions']))
  const seen = new Set<string>()
  questions.forEach((question, index) => {
    if (question.name !== undefined) {
      if (seen.has(question.name)) {
        problems.push(
          violation(400, invalid, decisionMessages.duplicateName(question.name), [...question.path, 'name']),
        )
      }
      seen.add(question.name)
    }
    if (question.kind === 'choice') {
      if (question.choices.length === 0) {
        problems.push(
          violation(400, invalid, decisionMessages.choiceWithoutChoices(label(question, index)), [
            ...question.path,
            'choices',
          ]),
        )
      } else if (question.choices.length > decisionLimits.choices) {
        problems.push(violation(400, invalid, decisionMessages.tooManyChoices, [...question.path, 'choices']))
      }
    }
    if (question.kind === 'score') {
      if (question.levels.length > decisionLimits.maxLevels) {
        problems.push(violation(400, invalid, decisionMessages.tooManyLevels, [...question.path, 'levels']))
      } else if (question.levels.length < decisionLimits.minLevels) {
        problems.push(violation(400, invalid, decisionMessages.tooFewLevels, [...question.path, 'levels']))
      }
    }
    if (jsonDepth(question.instructions) > decisionLimits.nesting) {
      problems.push(
        violation(400, invalid, decisionMessages.tooDeep('instructions'), [...question.path, 'instructions']),
      )
    }
    const criteria =
      question.kind === 'predicate'
        ? question.criteria
        : question.choices.length
          ? question.choices
          : question.levels
    if (jsonDepth(criteria) > decisionLimits.nesting) {
      problems.push(
        violation(400, invalid, decisionMessages.tooDeep('criteria'), [...question.path, 'criteria']),
      )
    }
  })
  return problems
}

export function inputHasImage(input: DecisionInput): boolean {
  return (
    Array.isArray(input) &&
    input.some(
      (message) =>
        Array.isArray(message.content) && message.content.some((block) => block.type === 'input_image'),
    )
  )
}

/** Tokens the model reads: the input and every question, by the shared estimate. */
export function decisionContextTokens(input: DecisionInput, questions: DecisionQuestion[]): number {
  return (
    estimateTokens(input) +
    questions.reduce((sum, q) => sum + estimateTokens([q.instructions, q.criteria, q.choices, q.levels]), 0)
  )
}

/** Rules about the content and the model: images, nesting of the input, the dedicated model's context. */
export function checkContent(
  input: DecisionInput,
  inputField: 'input' | 'state',
  questions: DecisionQuestion[],
  model: DecisionModelTraits,
): Violation[] {
  const problems: Violation[] = []
  if (inputHasImage(input) && !model.readsImages) {
    problems.push(violation(400, invalid, decisionMessages.imageForDedicated(model.id), [inputField]))
  }
  if (jsonDepth(input) > decisionLimits.nesting) {
    problems.push(violation(400, invalid, decisionMessages.tooDeep(inputField), [inputField]))
  }
  if (model.dedicated) {
    const tokens = decisionContextTokens(input, questions)
    if (tokens > decisionLimits.dedicatedContextTokens) {
      problems.push(violation(400, invalid, decisionMessages.contextTooLong(tokens, model.id), [inputField]))
    }
  }
  return problems
}

/** A native body (`state` plus questions as an object) sent where the unified format is expected. */
export function isNativeDecisionBody(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false
  const record = body as Record<string, unknown>
  return (
    'state' in record &&
    record.questions !== null &&
    typeof record.questions === 'object' &&
    !Array.isArray(record.questions)
  )
}

export function checkUnifiedDecision(body: DecisionRequest, model: DecisionModelTraits): Violation[] {
  const questions = fromUnified(body.questions)
  return [...checkQuestions(questions), ...checkContent(body.input, 'input', questions, model)]
}

export function checkNativeDecision(body: NativeDecisionRequest, model: DecisionModelTraits): Violation[] {
  const questions = fromNative(body.questions)
  return [...checkQuestions(questions), ...checkContent(body.state, 'state', questions, model)]
}
