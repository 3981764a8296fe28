// A questionnaire read from a JSON file, shared by the window (loaded with the first file read: it brings the
// schema library) and the command line.
import { DecisionRequest } from '../api/decisions.ts'
import { QuestionnaireBody } from '../ipc/routes/decisions.ts'
import { type Questionnaire, questionnaireFromRequest } from './questionnaire.ts'

/**
 * A questionnaire from a file's JSON: one this app exported, or a decision request's body (its questions, named
 * after the file). Anything else is refused, naming the field that does not fit what the file most looks like.
 */
export function questionnaireFromJson(value: unknown, fileName: string, newId: () => string): Questionnaire {
  const exported = QuestionnaireBody.safeParse(value)
  if (exported.success) return exported.data
  const request = DecisionRequest.safeParse(value)
  if (request.success)
    return questionnaireFromRequest(request.data.questions, fileName.replace(/\.(json|gdq)$/i, ''), newId)
  const looksLikeRequest = typeof value === 'object' && value !== null && 'model' in value && !('id' in value)
  const issue = (looksLikeRequest ? request.error : exported.error).issues[0]
  const at = issue?.path.length ? issue.path.join('.') : 'the file'
  throw new Error(
    `${fileName} is neither a questionnaire this app exported nor a decision request: ${at}: ${issue?.message ?? 'not readable'}.`,
  )
}
