// Files a person brings to the Decisions screen: a questionnaire exported by this app, or batch inputs (kept
// here until the batch view picks them up, when they arrive by a drop on the window).
import { create } from 'zustand'
import type { BatchSource } from '#shared/domain/batch-inputs'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { OpenedBatchFile } from './batch-reading.ts'

/**
 * A questionnaire from a file: the app's own export, or a decision request's body (what "View request" shows).
 * What does not read is named: the field, and what was wrong with it.
 */
export async function readQuestionnaireFile(file: File): Promise<Questionnaire> {
  let value: unknown
  try {
    value = JSON.parse(await file.text())
  } catch (error) {
    throw new Error(`${file.name} is not JSON: ${(error as Error).message}.`)
  }
  // The schema library arrives with the first file read, not with the screen: it is a long task at start.
  const [{ QuestionnaireBody }, { DecisionRequest }, { questionnaireFromRequest }] = await Promise.all([
    import('#shared/ipc/routes/decisions'),
    import('#shared/api/decisions'),
    import('#shared/domain/questionnaire'),
  ])
  const exported = QuestionnaireBody.safeParse(value)
  if (exported.success) return exported.data
  const request = DecisionRequest.safeParse(value)
  if (request.success)
    return questionnaireFromRequest(request.data.questions, file.name.replace(/\.json$/i, ''), () =>
      crypto.randomUUID(),
    )
  // Named against what the file most looks like: a request has "questions" as a list of typed questions.
  const looksLikeRequest = typeof value === 'object' && value !== null && 'model' in value && !('id' in value)
  const issue = (looksLikeRequest ? request.error : exported.error).issues[0]
  const at = issue?.path.length ? issue.path.join('.') : 'the file'
  throw new Error(
    `${file.name} is neither a questionnaire this app exported nor a decision request: ${at}: ${issue?.message ?? 'not readable'}.`,
  )
}

/** The batch source a file's name calls for. */
export function batchSourceOf(name: string): BatchSource | null {
  const lower = name.toLowerCase()
  if (lower.endsWith('.csv')) return 'csv'
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl'
  if (lower.endsWith('.txt')) return 'lines'
  return null
}

/** A file of batch inputs dropped on the window, read, with the source its name calls for. */
export type DroppedBatch = OpenedBatchFile & { source: BatchSource }

export const useDroppedBatch = create<{
  dropped: DroppedBatch | null
  set(dropped: DroppedBatch | null): void
}>((set) => ({ dropped: null, set: (dropped) => set({ dropped }) }))
