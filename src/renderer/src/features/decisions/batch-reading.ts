// What reading batch inputs takes: a file's bytes decoded in the encoding it was saved in, and a text parsed into
// inputs (for a CSV, its column names, the column most like text and each input's row). The work of the batch
// reader (batch-reader.ts), in its worker or, where there are no workers, on the page's thread.
import {
  type BatchSource,
  batchFileProblem,
  csvColumn,
  csvHeader,
  type ParsedBatch,
  parseBatch,
  textLikeColumn,
} from '#shared/domain/batch-inputs'
import { decodeTextFile, startsAsUtf16, type TextEncodingName } from '#shared/domain/text-encoding'

/** A file of batch inputs, read as text. */
export interface OpenedBatchFile {
  fileName: string
  text: string
  encoding: TextEncodingName
}

/** A text of batch inputs, parsed. */
export interface ParsedBatchText {
  /** The column the inputs are taken from: the one chosen, or else the one most like text. */
  column: number
  /** The names a CSV's first row gives its columns, for choosing one. */
  columnNames: string[]
  parsed: ParsedBatch
  /** A CSV with a header: its column names and each input's whole row, kept with the results. */
  csv: { header: string[]; sources: string[][] } | null
}

export type BatchReadingAsk =
  | { kind: 'open'; file: File }
  | { kind: 'parse'; source: BatchSource; text: string; chosenColumn: number | null }

export type BatchReadingAnswer<Ask extends BatchReadingAsk> = Ask extends { kind: 'open' }
  ? OpenedBatchFile
  : ParsedBatchText

/** What the worker posts back for an ask: the answer, or why there is none. */
export type BatchReadingReply = { id: number } & ({ answer: unknown } | { problem: string })

export function parseBatchText(
  source: BatchSource,
  text: string,
  chosenColumn: number | null,
): ParsedBatchText {
  const column = chosenColumn ?? (source === 'csv' ? textLikeColumn(text) : 0)
  if (source !== 'csv') return { column, columnNames: [], parsed: parseBatch(source, text), csv: null }
  const { header, sources, ...parsed } = csvColumn(text, column)
  return { column, columnNames: csvHeader(text), parsed, csv: { header, sources } }
}

/** Refuses a file too big for a batch having read its first two bytes alone (a UTF-16 mark allows twice). */
export async function openBatchFileBytes(file: File): Promise<OpenedBatchFile> {
  const start = new Uint8Array(await file.slice(0, 2).arrayBuffer())
  const tooBig = batchFileProblem(file, startsAsUtf16(start))
  if (tooBig) throw new Error(tooBig)
  const bytes = new Uint8Array(await file.arrayBuffer())
  return { fileName: file.name, ...decodeTextFile(file.name, bytes) }
}

export async function answerBatchReading<Ask extends BatchReadingAsk>(
  ask: Ask,
): Promise<BatchReadingAnswer<Ask>> {
  const answer =
    ask.kind === 'open'
      ? await openBatchFileBytes(ask.file)
      : parseBatchText(ask.source, ask.text, ask.chosenColumn)
  return answer as BatchReadingAnswer<Ask>
}
