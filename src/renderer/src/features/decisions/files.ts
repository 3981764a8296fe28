// Files a person brings to the Decisions screen: a questionnaire exported by this app, or batch inputs (kept
// here until the batch view picks them up, when they arrive by a drop on the window).
import { create } from 'zustand'
import type { BatchSource } from '#shared/domain/batch-inputs'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { OpenedBatchFile } from './batch-reading.ts'

export { batchSourceOf } from '#shared/domain/batch-inputs'

/**
 * A questionnaire from a file: the app's own export, or a decision request's body (what "View request" shows).
 * What does not read is named: the field, and what was wrong with it.
 */
export async function readQuestionnaireFile(file: File): Promise<Questionnaire> {
  // The schema library arrives with the first file read, not with the screen: it is a long task at start.
  const { maxQuestionnaireFileBytes, questionnaireFromJson, questionnaireTextProblem } = await import(
    '#shared/domain/questionnaire-file'
  )
  if (file.size > maxQuestionnaireFileBytes)
    throw new Error(
      `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MiB, larger than any questionnaire can be.`,
    )
  const text = await file.text()
  const problem = questionnaireTextProblem(text, file.name)
  if (problem) throw new Error(problem)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new Error(`${file.name} is not JSON: ${(error as Error).message}.`)
  }
  return questionnaireFromJson(value, file.name, () => crypto.randomUUID())
}

/** A file of batch inputs dropped on the window, read, with the source its name calls for. */
export type DroppedBatch = OpenedBatchFile & { source: BatchSource }

export const useDroppedBatch = create<{
  dropped: DroppedBatch | null
  set(dropped: DroppedBatch | null): void
}>((set) => ({ dropped: null, set: (dropped) => set({ dropped }) }))
