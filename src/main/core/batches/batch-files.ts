// A batch's results as files: a CSV a spreadsheet opens safely, or JSON. The data worker makes an export's text,
// reading the rows on its own connection, so that exporting a large batch never holds main's loop; main takes the
// secrets out and writes it. The command line builds a shard's CSV with the same function.
import type { DatabaseSync } from 'node:sqlite'
import Papa from 'papaparse'
import { answerParts, itemStatusWords, numberHeading, shownAnswers } from '#shared/domain/answers'
import { inputPreview } from '#shared/domain/batch-inputs'
import { expectedColumns } from '#shared/domain/evaluation-set'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { BatchItem, BatchSummary } from '#shared/ipc/routes/batches'
import { batchItemRange } from '../history/decision-batches.ts'

export interface BatchFileRequest {
  id: string
  format: 'csv' | 'json'
  batch: BatchSummary
  questionnaire: Questionnaire
}

/** A batch's results as the text of its exported file: all its rows, read here. */
export function batchFileText(
  db: DatabaseSync,
  { id, format, batch, questionnaire }: BatchFileRequest,
): string {
  const items = batchItemRange(db, id, 0, Number.MAX_SAFE_INTEGER)
  return format === 'csv'
    ? batchCsv(questionnaire, items, batch.sourceColumns)
    : batchJson(batch, questionnaire, items)
}

/**
 * A cell a spreadsheet would run as a formula: one starting with =, + , - or @, or with a tab or carriage return
 * (OWASP's list). Papaparse's own pattern for `escapeFormulae: true` ends in `.*$` without the `s` flag, so a
 * cell with a line break after its formula (`=HYPERLINK(…)\nclick`) would pass; this one looks at the first
 * character alone.
 */
export const formulaStart = /^[=+\-@\t\r]/

/**
 * Put before every CSV export: without it Excel reads a file as the system's code page, and an input's
 * "café" or "—" comes out as mojibake. Readers of these files (the app's, `batch merge`) skip it.
 */
export const utf8Bom = '\uFEFF'

/**
 * UTF-8 with its byte order mark; one row per input: its number among the inputs and the line of its file it
 * came from (as the file's problems are named), every column of a CSV source (or else the input), the status
 * (in the screen's words), two columns per question (the answer, and its probability or score), the cost and
 * any error. The inputs and the model's answers are other people's text: a cell that would run as a formula is
 * written with a quote before it, so that it reads as the text it is. Numbers stay numbers (a score of -0.5 is
 * not text).
 */
export function batchCsv(
  questionnaire: Questionnaire,
  items: readonly BatchItem[],
  sourceColumns: readonly string[] | null = null,
  /** A shard's output ends with its shard (`2/3`) and the whole input's row count. */
  shard: readonly [string, number] | null = null,
): string {
  // A file's column read as a question's expected answers (named as it, or "expected …") keeps its name, and the
  // answer is told apart from it: a spreadsheet, or this file read back as a set to score, finds each by its name.
  const expected = expectedColumns(questionnaire, sourceColumns ?? []).columns
  const titles = questionnaire.questions.flatMap((question, index) => {
    const title = question.name.trim() || `Question ${index + 1}`
    const answer = expected.has(index) ? `${title}: answer` : title
    return [answer, `${title}: ${numberHeading(question.kind)}`]
  })
  // A CSV batch keeps every column of its file, in the file's order; other sources have the input.
  const source = (item: BatchItem) =>
    sourceColumns
      ? sourceColumns.map((_, index) => item.source?.[index] ?? '')
      : [inputPreview(item.input, Number.POSITIVE_INFINITY)]
  const rows: (string | number)[][] = [
    [
      'row',
      'line',
      ...(sourceColumns ?? ['input']),
      'status',
      ...titles,
      'cost_usd',
      'cost_estimated',
      'error',
      ...(shard ? ['shard', 'rows_in_input'] : []),
    ],
    ...items.map((item) => [
      item.index + 1,
      item.line ?? '',
      ...source(item),
      itemStatusWords[item.status],
      ...(item.response
        ? shownAnswers(questionnaire, item.response).flatMap((answer) => {
            const { value, number } = answerParts(answer)
            return [value, number === null ? '' : Number(number.toFixed(4))]
          })
        : questionnaire.questions.flatMap(() => ['', ''])),
      item.cost ?? '',
      item.cost === null ? '' : item.costEstimated ? 'yes' : 'no',
      item.error?.message ?? '',
      ...(shard ?? []),
    ]),
  ]
  return `${utf8Bom}${Papa.unparse(rows, { escapeFormulae: formulaStart, newline: '\r\n' })}\r\n`
}

function batchJson(batch: BatchSummary, questionnaire: Questionnaire, items: readonly BatchItem[]): string {
  return `${JSON.stringify(
    {
      batch,
      questionnaire,
      items: items.map((item) => ({
        ...item,
        answers: item.response
          ? shownAnswers(questionnaire, item.response).map(({ question, ...answer }) => answer)
          : null,
      })),
    },
    null,
    2,
  )}\n`
}
