// A questionnaire read from a JSON file, shared by the window (loaded with the first file read: it brings the
// schema library), the app's opened files and the command line. Every way in ends in the same schema and limits
// (`QuestionnaireBody`), and the work done before that is bounded by the file's size: the question count and the
// instructions' nesting are checked before anything is converted, so no file can make the conversion grow.
import { z } from 'zod'
import { DecisionRequest, type Question } from '../api/decisions.ts'
import { decisionLimits } from './decisions.ts'
import { jsonDepth } from './json-depth.ts'
import { type Questionnaire, questionnaireFromRequest, questionnaireLimits } from './questionnaire.ts'
import { QuestionnaireBody } from './questionnaire-body.ts'

const limits = questionnaireLimits

/** A questionnaire holds at most 1,000,000 characters: four bytes each is the most its file can need. */
export const maxQuestionnaireFileBytes = 4 * 1024 * 1024
/** The request shape's own levels (the body, its questions, a question, its instructions) above the instructions'. */
const fileNesting = decisionLimits.nesting + 4

/**
 * Why a questionnaire file's text cannot be one before it is parsed, or null: its size, or brackets nested deeper
 * than any questionnaire's (one pass over the text, so a file of nested arrays is never built into objects).
 */
export function questionnaireTextProblem(text: string, fileName: string): string | null {
  if (text.length > maxQuestionnaireFileBytes)
    return `${fileName} is ${(text.length / 1024 / 1024).toFixed(1)} MiB, larger than any questionnaire can be.`
  let depth = 0
  let inString = false
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (inString) {
      if (code === 92)
        at++ // a backslash: the next character is escaped
      else if (code === 34) inString = false
    } else if (code === 34) inString = true
    else if (code === 91 || code === 123) {
      if (++depth > fileNesting)
        return `${fileName} is not a questionnaire: it is nested more than ${fileNesting} levels deep, and a question's instructions take at most ${decisionLimits.nesting}.`
    } else if (code === 93 || code === 125) depth--
  }
  return null
}
const count = (n: number) => n.toLocaleString('en-US')

/**
 * The length of `JSON.stringify(value, null, 2)`, counted without writing it, and no further than just past
 * `limit`. `value` is parsed JSON nested at most `decisionLimits.nesting` deep (checked before).
 */
function indentedLength(value: unknown, limit: number): number {
  let total = 0
  const walk = (node: unknown, depth: number) => {
    if (total > limit) return
    if (node === null || typeof node !== 'object') {
      total += JSON.stringify(node)?.length ?? 0
      return
    }
    const entries = Array.isArray(node) ? node.map((item) => [null, item] as const) : Object.entries(node)
    if (entries.length === 0) {
      total += 2
      return
    }
    // The brackets, a line and an indent for each entry and for the closing bracket, and the commas between.
    total += 2 + entries.length * (1 + 2 * (depth + 1)) + (entries.length - 1) + 1 + 2 * depth
    for (const [key, item] of entries) {
      if (key !== null) total += JSON.stringify(key).length + 2
      walk(item, depth + 1)
      if (total > limit) return
    }
  }
  walk(value, 0)
  return total
}

/** What keeps a request's questions from becoming a questionnaire, checked before any is converted. */
function requestProblem(questions: readonly Question[]): string | null {
  if (questions.length > limits.questions)
    return `it has ${count(questions.length)} questions; a questionnaire takes at most ${limits.questions}`
  for (const [at, question] of questions.entries()) {
    if (typeof question.instructions === 'string') continue
    const field = `questions › ${at + 1} › instructions`
    if (jsonDepth(question.instructions) > decisionLimits.nesting)
      return `${field} is nested more than ${decisionLimits.nesting} levels deep`
    // Measured as the builder will write it (indented), stopping at the limit: nothing longer is ever written.
    if (indentedLength(question.instructions, limits.instructions) > limits.instructions)
      return `${field} is more than ${count(limits.instructions)} characters written out; at most ${count(limits.instructions)} are kept`
  }
  return null
}

/** The first field that does not fit, in words: `questions › 2 › name is missing` (counted from 1, as people do). */
interface Issue {
  path: PropertyKey[]
  message: string
  code?: string
  /** A union's: each branch's own issues. */
  errors?: readonly (readonly Issue[])[]
}

/** Whether an issue says that nothing is there, for a field of one type or of several. */
const isMissing = (issue: Issue): boolean =>
  issue.code === 'invalid_union'
    ? (issue.errors ?? []).every((branch) => branch[0] !== undefined && isMissing(branch[0]))
    : issue.code === 'invalid_type' && issue.message.endsWith('received undefined')

const refusal = (error: { issues: readonly Issue[] }) => {
  const issue = error.issues[0]
  if (!issue) return 'it is not readable'
  const at = issue.path.length
    ? issue.path.map((part) => (typeof part === 'number' ? String(part + 1) : String(part))).join(' › ')
    : 'the file'
  if (isMissing(issue)) return `${at} is missing`
  return `${at}: ${issue.message.replace(/^Invalid input: /, '')}`
}

/**
 * A questionnaire from a file's JSON: one this app exported, or a decision request's body (its questions, named
 * after the file). Anything else is refused, naming the field that does not fit what the file most looks like.
 */
export function questionnaireFromJson(value: unknown, fileName: string, newId: () => string): Questionnaire {
  const fail = (problem: string) =>
    new Error(`${fileName} is neither a questionnaire this app exported nor a decision request: ${problem}.`)
  const questions =
    typeof value === 'object' && value !== null ? (value as { questions?: unknown }).questions : null
  if (Array.isArray(questions) && questions.length > limits.questions)
    throw fail(
      `it has ${count(questions.length)} questions; a questionnaire takes at most ${limits.questions}`,
    )
  const exported = QuestionnaireBody.safeParse(value)
  if (exported.success) return exported.data
  const request = DecisionRequest.safeParse(value)
  if (request.success) {
    const problem = requestProblem(request.data.questions)
    if (problem) throw fail(problem)
    const name = fileName.replace(/\.(json|gdq)$/i, '').slice(0, limits.name)
    const checked = QuestionnaireBody.safeParse(questionnaireFromRequest(request.data.questions, name, newId))
    if (!checked.success) throw fail(refusal(checked.error))
    return checked.data
  }
  const fields = typeof value === 'object' && value !== null ? value : {}
  if (!('model' in fields) && !('id' in fields))
    throw fail('it has neither the “id” of an exported questionnaire nor the “model” of a request')
  throw fail(refusal('model' in fields && !('id' in fields) ? request.error : exported.error))
}

/**
 * What a questionnaire file may say of its evaluation, so that a repository holds both and CI runs them: its set
 * (a CSV in the file's folder), the set's column of inputs, each question's column of expected answers, the
 * scores it is held to (`accuracy<0.9`), and the report of an earlier run to compare with.
 */
export const EvaluationSettings = z.object({
  set: z.string().min(1).max(1000),
  column: z.string().max(200).optional(),
  expected: z.record(z.string().max(200), z.string().max(200)).optional(),
  failOn: z.array(z.string().max(100)).max(50).optional(),
  /** An earlier eval's JSON report (in the file's folder) to compare with. */
  baseline: z.string().min(1).max(1000).optional(),
})
export type EvaluationSettings = z.infer<typeof EvaluationSettings>

/** A questionnaire file's evaluation, null when it says none; an `evaluation` that does not read says why. */
export function evaluationSettingsOf(json: unknown, fileName: string): EvaluationSettings | null {
  if (typeof json !== 'object' || json === null || !('evaluation' in json)) return null
  const read = EvaluationSettings.safeParse((json as { evaluation: unknown }).evaluation)
  if (read.success) return read.data
  const issue = read.error.issues[0]
  throw new Error(
    `${fileName}'s evaluation does not read: ${issue ? `${['evaluation', ...issue.path].join(' › ')}: ${issue.message}` : 'it is not an object'}.`,
  )
}
