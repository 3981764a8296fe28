// Files a person brings to the Decisions screen: a questionnaire exported by this app, or batch inputs (kept
// here until the batch view picks them up, when they arrive by a drop on the window).
import { create } from 'zustand'
import type { BatchSource } from '#shared/domain/batch-inputs'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { OpenedBatchFile } from './batch-reading.ts'

export async function readQuestionnaireFile(file: File): Promise<Questionnaire> {
  let value: unknown
  try {
    value = JSON.parse(await file.text())
  } catch {
    throw new Error(`${file.name} is not JSON.`)
  }
  // The schema library arrives with the first file read, not with the screen: it is a long task at start.
  const { QuestionnaireBody } = await import('#shared/ipc/routes/decisions')
  const parsed = QuestionnaireBody.safeParse(value)
  if (!parsed.success) throw new Error(`${file.name} is not a questionnaire exported by this app.`)
  return parsed.data
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
