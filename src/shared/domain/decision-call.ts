// A questionnaire as the request it makes, and a questionnaire read from a JSON file: shared by the window and
// the command line, so `batch run` sends what the Decisions screen would send for the same file.
import { type DecisionInput, DecisionRequest } from '../api/decisions.ts'
import { type DecisionCall, QuestionnaireBody } from '../ipc/routes/decisions.ts'
import {
  type DecisionFormat,
  type Questionnaire,
  questionnaireFromRequest,
  toNativeRequest,
  toUnifiedRequest,
} from './questionnaire.ts'

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

/**
 * A questionnaire from a file's JSON: one this app exported, or a decision request's body (its questions, named
 * after the file). Anything else is refused, naming the field that does not fit what the file most looks like.
 */
export function questionnaireFromJson(value: unknown, fileName: string, newId: () => string): Questionnaire {
  const exported = QuestionnaireBody.safeParse(value)
  if (exported.success) return exported.data
  const request = DecisionRequest.safeParse(value)
  if (request.success)
    return questionnaireFromRequest(request.data.questions, fileName.replace(/\.json$/i, ''), newId)
  const looksLikeRequest = typeof value === 'object' && value !== null && 'model' in value && !('id' in value)
  const issue = (looksLikeRequest ? request.error : exported.error).issues[0]
  const at = issue?.path.length ? issue.path.join('.') : 'the file'
  throw new Error(
    `${fileName} is neither a questionnaire this app exported nor a decision request: ${at}: ${issue?.message ?? 'not readable'}.`,
  )
}
