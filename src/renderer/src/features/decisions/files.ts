// Files a person brings to the Decisions screen: a questionnaire exported by this app, or batch inputs, which
// become the new batch's as it is set up (kept while the app runs: a batch opened meanwhile leaves them there).
import { create } from 'zustand'
import type { BatchSource } from '#shared/domain/batch-inputs'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { TextEncodingName } from '#shared/domain/text-encoding'
import { openBatchFile } from './batch-reader.ts'

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

/** What a new batch is set up with. */
export interface BatchDraft {
  source: BatchSource
  text: string
  /** The file the text was read from, if any. */
  file: { fileName: string; encoding: TextEncodingName } | null
  /** The column chosen by the person, or else (null) the one most like text. */
  column: number | null
  concurrency: number
  cap: string
  /** A file being opened as the inputs: until it is read, the text is the one before it, and Run waits. */
  opening: File | null
}

export const useBatchDraft = create<BatchDraft & { change(change: Partial<BatchDraft>): void }>((set) => ({
  source: 'lines',
  text: '',
  file: null,
  column: null,
  concurrency: 4,
  cap: '',
  opening: null,
  change: (change) => set(change),
}))

/**
 * A file of batch inputs (opened in the batch view or dropped on the window) read and taken as the new batch's
 * inputs; the draft names it as `opening` meanwhile, and a file picked after it while it is read is the one kept.
 * Rejects with why it cannot be read.
 */
export async function openAsBatchInputs(picked: File, source: BatchSource): Promise<void> {
  const { change } = useBatchDraft.getState()
  const latest = () => useBatchDraft.getState().opening === picked
  change({ opening: picked })
  try {
    const { text, ...file } = await openBatchFile(picked)
    if (latest()) change({ source, text, file, column: null })
  } finally {
    if (latest()) change({ opening: null })
  }
}
