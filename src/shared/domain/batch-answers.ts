// A batch's answers as its scores read them: the answer table (see answer-table.ts) with the labels given in the
// app as a column per question after the file's own, each row's line, and what the scores say of the rows (how
// many were labeled, which questions, the time the answered rows took). The data worker works it out from the
// rows' kept figures (answer-figures.ts; a response where a row has none) and sends it packed (`PackedTable`); the
// page's scoring worker makes the table of it again.
import type { BatchItem } from '../ipc/routes/batches.ts'
import {
  type AnsweredItem,
  type AnswerTable,
  answerTable,
  type PackedTable,
  packedTable,
  unpackedTable,
} from './answer-table.ts'
import type { Questionnaire } from './questionnaire.ts'

export interface ScoringSet {
  questionnaire: Questionnaire
  table: AnswerTable
  /** Each row's line in the file, by its index. */
  lines: (number | null)[]
}

/** The name of the column that holds the labels given a question in the app. */
export const labeledColumn = (title: string) => `labeled here: ${title}`

/** What of a batch's row its scores read: its answers, its labels, its line and its time. */
export type ScoredItem = AnsweredItem & Pick<BatchItem, 'labels' | 'durationMs'>

/** A batch's answers, with the labels given in the app as a column per question after the file's own. */
export function scoringSet(
  questionnaire: Questionnaire,
  items: readonly ScoredItem[],
  sourceColumns: readonly string[],
): ScoringSet {
  const table = answerTable(questionnaire, items, sourceColumns)
  const size = table.cells[0]?.length ?? items.reduce((most, item) => Math.max(most, item.index + 1), 0)
  for (const [question] of questionnaire.questions.entries()) {
    const labels = new Array<string>(size).fill('')
    for (const item of items) labels[item.index] = item.labels?.[String(question)] ?? ''
    table.cells.push(labels)
  }
  const lines = new Array<number | null>(size).fill(null)
  for (const item of items) lines[item.index] = item.line
  return { questionnaire, table, lines }
}

export interface BatchAnswers {
  table: PackedTable
  /** The source columns' cells, then the labels of each question, by row index. */
  cells: string[][]
  lines: (number | null)[]
  /** How many rows have a label, and the questions that have one. */
  labeled: number
  labeledQuestions: number[]
  /** The answered rows that kept their time, and that time together (ms). */
  timing: { rows: number; ms: number }
}

/** `base64`: the platform's encoding of bytes as text (`packedTable`). */
export function batchAnswers(
  questionnaire: Questionnaire,
  items: readonly ScoredItem[],
  sourceColumns: readonly string[],
  base64: (bytes: Uint8Array) => string,
): BatchAnswers {
  const set = scoringSet(questionnaire, items, sourceColumns)
  const timing = { rows: 0, ms: 0 }
  const labeledQuestions = new Set<number>()
  let labeled = 0
  for (const item of items) {
    if (item.status === 'done' && item.durationMs !== null) {
      timing.rows++
      timing.ms += item.durationMs
    }
    const given = Object.keys(item.labels ?? {})
    if (given.length > 0) labeled++
    for (const question of given) labeledQuestions.add(Number(question))
  }
  return {
    table: packedTable(set.table, base64),
    cells: set.table.cells,
    lines: set.lines,
    labeled,
    labeledQuestions: [...labeledQuestions].sort((a, b) => a - b),
    timing,
  }
}

/** The scoring set of a batch's answers as the page receives them. */
export const scoringSetOf = (questionnaire: Questionnaire, answers: BatchAnswers): ScoringSet => ({
  questionnaire,
  table: unpackedTable(answers.table, answers.cells),
  lines: answers.lines,
})
