// A batch's answered rows as the scores read them, in arrays rather than a row object each: a worker makes them of
// the answers main sends, and other models' runs of the same rows line up with them by row index.
import type { BatchItem } from '../ipc/routes/batches.ts'
import {
  type Answer,
  figureLayout,
  labelOf,
  optionsOf,
  probabilityOf,
  questionOptions,
  scoreOf,
} from './answer-figures.ts'
import { type ShownAnswer, shownAnswers } from './answers.ts'
import { type Questionnaire, yesFrom } from './questionnaire.ts'

export interface AnswerColumn {
  /** The options a probability is given for: a choice's values or a score's level labels, then any other seen. */
  options: string[]
  /** A predicate's probability of yes, row by row; NaN where the row has no answer. */
  probability: Float64Array
  /** Each option's probability, `options.length` to a row; NaN where the row gave that option none. */
  optionProbabilities: Float64Array
  /** A score's value, row by row; NaN where none. */
  score: Float64Array
}

export interface AnswerTable {
  /** The answered rows' indexes in the batch, and the lines of their file (NaN where none was kept). */
  index: Int32Array
  line: Float64Array
  /** One column per question, in the questionnaire's order. */
  answers: AnswerColumn[]
  /** The cells of each source column (the file's, then any added), by row index in the batch. */
  cells: string[][]
}

/**
 * What of a batch's row its answers are read from: its figures where it kept them (`answer-figures.ts`) and they
 * fit the questionnaire, its response otherwise.
 */
export type AnsweredItem = Pick<BatchItem, 'index' | 'status' | 'response' | 'source' | 'line'> & {
  figures?: Uint8Array | null
}

/** The answered rows of `items` and their cells under `sourceColumns`. */
export function answerTable(
  questionnaire: Questionnaire,
  items: readonly AnsweredItem[],
  sourceColumns: readonly string[],
): AnswerTable {
  const { starts, size: figureCount } = figureLayout(questionnaire)
  const figuresOf = (item: AnsweredItem) =>
    item.figures?.byteLength === figureCount * 8
      ? new DataView(item.figures.buffer, item.figures.byteOffset, item.figures.byteLength)
      : null
  const answered = items.filter((item) => item.status === 'done' && (item.response || figuresOf(item)))
  const rows = answered.length
  const figures = answered.map(figuresOf)
  // A unified answer is read where it lies, with nothing copied; a native one through its reading (rarer).
  const native = answered.map((item, row) =>
    !figures[row] && item.response && !Array.isArray(item.response.answers)
      ? shownAnswers(questionnaire, item.response)
      : null,
  )
  const answerAt = (row: number, at: number): Answer | ShownAnswer | undefined => {
    const answers = answered[row]?.response?.answers
    return Array.isArray(answers) ? answers[at] : native[row]?.[at]
  }
  const answers = questionnaire.questions.map((question, at): AnswerColumn => {
    const options = questionOptions(question)
    const width = options.length
    // A score's options are its levels by position; a choice's, its options by name.
    const place = new Map(options.map((option, position) => [option, position]))
    // Figures hold the questionnaire's options alone; a response may name others.
    let widest = width
    for (let row = 0; row < rows; row++) {
      if (figures[row]) continue
      const given = optionsOf(answerAt(row, at))
      widest = Math.max(widest, given.length)
      if (question.kind === 'choice')
        for (const option of given) {
          const label = labelOf(option)
          if (!place.has(label)) place.set(label, options.push(label) - 1)
        }
    }
    if (question.kind !== 'choice') while (options.length < widest) options.push(String(options.length))
    const column = {
      options,
      probability: new Float64Array(rows).fill(Number.NaN),
      optionProbabilities: new Float64Array(rows * options.length).fill(Number.NaN),
      score: new Float64Array(rows).fill(Number.NaN),
    }
    const start = starts[at] as number
    for (let row = 0; row < rows; row++) {
      const kept = figures[row]
      if (kept) {
        column.probability[row] = kept.getFloat64(start * 8, true)
        column.score[row] = kept.getFloat64((start + 1) * 8, true)
        for (let option = 0; option < width; option++)
          column.optionProbabilities[row * options.length + option] = kept.getFloat64(
            (start + 2 + option) * 8,
            true,
          )
        continue
      }
      const answer = answerAt(row, at)
      if (!answer) continue
      column.probability[row] = probabilityOf(answer)
      column.score[row] = scoreOf(answer)
      optionsOf(answer).forEach((option, position) => {
        const to = question.kind === 'choice' ? (place.get(labelOf(option)) ?? 0) : position
        column.optionProbabilities[row * options.length + to] = option.probability
      })
    }
    return column
  })
  const size = items.reduce((most, item) => Math.max(most, item.index + 1), 0)
  const cells = sourceColumns.map((_, column) => {
    const values = new Array<string>(size).fill('')
    for (const item of items) values[item.index] = item.source?.[column] ?? ''
    return values
  })
  return {
    index: Int32Array.from(answered, (item) => item.index),
    line: Float64Array.from(answered, (item) => item.line ?? Number.NaN),
    answers,
    cells,
  }
}

/** A row's probabilities of the options it was given one for, in the table's order. */
export function optionsAt(column: AnswerColumn, row: number): { label: string; probability: number }[] {
  const found: { label: string; probability: number }[] = []
  const width = column.options.length
  column.options.forEach((label, position) => {
    const probability = column.optionProbabilities[row * width + position] as number
    if (!Number.isNaN(probability)) found.push({ label, probability })
  })
  return found
}

/**
 * Each question's answer in words for every row of a batch of `size` rows (null where none): yes or no (at the
 * question's threshold), the likeliest option, the nearest level.
 */
export function answerWords(
  questionnaire: Questionnaire,
  table: AnswerTable,
  size: number,
): (string | null)[][] {
  return table.answers.map((column, question) => {
    const yes = yesFrom(questionnaire.questions[question])
    const words = new Array<string | null>(size).fill(null)
    const width = column.options.length
    table.index.forEach((index, row) => {
      const probability = column.probability[row] as number
      const score = column.score[row] as number
      if (!Number.isNaN(probability)) words[index] = probability >= yes ? 'yes' : 'no'
      else if (!Number.isNaN(score)) words[index] = column.options[Math.round(score)] ?? null
      else if (width > 0) {
        const likeliest = optionsAt(column, row).reduce<{ label: string; probability: number } | null>(
          (best, option) => (!best || option.probability > best.probability ? option : best),
          null,
        )
        words[index] = likeliest?.label ?? null
      }
    })
    return words
  })
}

/**
 * A table as it crosses from main to the page: its options as lists, and every figure as one run of 64-bit floats
 * in base64 text — each row's index, then its line (NaN where none), then for each question its probabilities, its
 * options' probabilities and its scores. The bridge's schema, its redaction and its writing each pass one string
 * on at once, where a list of numbers took them a number at a time.
 */
export interface PackedTable {
  rows: number
  options: string[][]
  figures: string
}

/** `table`'s figures packed; `base64` is the platform's (Node's `Buffer` in main). */
export function packedTable(table: AnswerTable, base64: (bytes: Uint8Array) => string): PackedTable {
  const runs = [
    Float64Array.from(table.index),
    table.line,
    ...table.answers.flatMap((column) => [column.probability, column.optionProbabilities, column.score]),
  ]
  const figures = new Float64Array(runs.reduce((sum, run) => sum + run.length, 0))
  let at = 0
  for (const run of runs) {
    figures.set(run, at)
    at += run.length
  }
  return {
    rows: table.index.length,
    options: table.answers.map((column) => column.options),
    figures: base64(new Uint8Array(figures.buffer)),
  }
}

/** The platform's decoder of base64 where it has one (the window's): a loop over a batch's bytes runs cold. */
const fromBase64 = (Uint8Array as { fromBase64?: (text: string) => Uint8Array }).fromBase64

function bytesOf(text: string): Uint8Array {
  if (fromBase64) return fromBase64.call(Uint8Array, text)
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at)
  return bytes
}

/** The table of a packed one, with `cells` by row index; an error where its figures are not as many as it says. */
export function unpackedTable(packed: PackedTable, cells: string[][]): AnswerTable {
  const { rows, options } = packed
  const count = rows * 2 + options.reduce((sum, names) => sum + rows * (2 + names.length), 0)
  const bytes = bytesOf(packed.figures)
  if (bytes.length !== count * 8)
    throw new Error(
      `A batch's answers came with ${bytes.length} bytes of figures where ${count * 8} were due.`,
    )
  const figures = new Float64Array(bytes.buffer)
  let at = 0
  const next = (length: number) => {
    at += length
    return figures.subarray(at - length, at)
  }
  return {
    index: Int32Array.from(next(rows)),
    line: next(rows),
    answers: options.map((names) => ({
      options: names,
      probability: next(rows),
      optionProbabilities: next(rows * names.length),
      score: next(rows),
    })),
    cells,
  }
}

/** A table as JSON keeps it (a report of a shard): NaN as null, the arrays as lists. */
export interface AnswerTableJson {
  index: number[]
  line: (number | null)[]
  answers: {
    options: string[]
    probability: (number | null)[]
    optionProbabilities: (number | null)[]
    score: (number | null)[]
  }[]
}

const listed = (values: Float64Array) => Array.from(values, (value) => (Number.isNaN(value) ? null : value))
const numbers = (values: readonly (number | null)[]) =>
  Float64Array.from(values, (value) => value ?? Number.NaN)

export function tableToJson(table: AnswerTable, rowOf: (index: number) => number = (index) => index) {
  return {
    index: Array.from(table.index, rowOf),
    line: listed(table.line),
    answers: table.answers.map((column) => ({
      options: column.options,
      probability: listed(column.probability),
      optionProbabilities: listed(column.optionProbabilities),
      score: listed(column.score),
    })),
  } satisfies AnswerTableJson
}

/** Tables of the same questions as one, their rows in index order, their options joined; `cells` by row index. */
export function joinedTables(parts: readonly AnswerTableJson[], cells: string[][]): AnswerTable {
  const rows = parts.flatMap((part) => part.index.map((index, row) => ({ part, row, index })))
  rows.sort((a, b) => a.index - b.index)
  const questions = parts[0]?.answers.length ?? 0
  return {
    index: Int32Array.from(rows, ({ index }) => index),
    line: numbers(rows.map(({ part, row }) => part.line[row] ?? null)),
    answers: Array.from({ length: questions }, (_, at) => {
      const options = [...new Set(parts.flatMap((part) => part.answers[at]?.options ?? []))]
      const place = new Map(options.map((option, position) => [option, position]))
      const optionProbabilities = new Float64Array(rows.length * options.length).fill(Number.NaN)
      rows.forEach(({ part, row }, to) => {
        const column = part.answers[at]
        column?.options.forEach((option, position) => {
          const probability = column.optionProbabilities[row * column.options.length + position]
          if (probability !== null && probability !== undefined)
            optionProbabilities[to * options.length + (place.get(option) ?? 0)] = probability
        })
      })
      return {
        options,
        probability: numbers(rows.map(({ part, row }) => part.answers[at]?.probability[row] ?? null)),
        optionProbabilities,
        score: numbers(rows.map(({ part, row }) => part.answers[at]?.score[row] ?? null)),
      }
    }),
    cells,
  }
}
