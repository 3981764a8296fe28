// Inputs of a batch from what a person has at hand: pasted lines, a CSV file (one column chosen) or a JSONL
// file (one JSON value per line). Lines that cannot be read are reported with their number, never dropped
// silently.
import Papa from 'papaparse'
import type { DecisionInput } from '../api/decisions.ts'

export type BatchSource = 'lines' | 'csv' | 'jsonl'

export interface LineProblem {
  line: number
  message: string
}

export interface ParsedBatch {
  inputs: DecisionInput[]
  /** The line of the text each input starts on (aligned with `inputs`): how the results name a row's place. */
  lines: number[]
  /** Empty lines between inputs, left out: said, so the results' lines can be followed back to the text. */
  empty: number[]
  problems: LineProblem[]
  /**
   * False when reading stopped early: once there are more inputs than a batch takes, or more lines that cannot
   * be used than that, the rest of the text is not read (it could never run as one batch).
   */
  readWhole: boolean
}

/** The batch source a file's name calls for. */
export function batchSourceOf(name: string): BatchSource | null {
  const lower = name.toLowerCase()
  if (lower.endsWith('.csv')) return 'csv'
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl'
  if (lower.endsWith('.txt')) return 'lines'
  return null
}

export const batchLimits = {
  inputs: 10_000,
  concurrency: 16,
  /**
   * The largest file of batch inputs opened. It holds as many inputs as a batch takes at several hundred
   * characters each (a paragraph of text beside its ids and dates), so a bigger file has more rows than a batch
   * takes or inputs longer than a batch is for; and the file's text and rows are held by the window, sent to
   * main and kept with the results, which past it costs more memory than a batch is worth. A person splits it.
   */
  fileBytes: 8 * 1024 * 1024,
  /** A CSV's columns kept beside each row's input and shown with its results, and the length of each's name. */
  columns: 500,
  columnName: 500,
  /**
   * A batch's rows read at once by the window: small enough that main checks, redacts and passes on each range
   * within a frame (a range of 1,000 rows with their responses took it longer) and the window reads each answer
   * in a short task, however large the batch.
   */
  rowsPerRead: 400,
} as const

/**
 * Why a file is too big to open as batch inputs, said before it is read; null when it is not. A file saved as
 * UTF-16 (as Excel's "Unicode text" is) takes two bytes for each character UTF-8 writes in one, so it may be
 * twice as big for the same inputs.
 */
export function batchFileProblem(file: { name: string; size: number }, utf16 = false): string | null {
  const limit = batchLimits.fileBytes * (utf16 ? 2 : 1)
  if (file.size <= limit) return null
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) ? 1 : 0)} MiB`
  const most = batchLimits.inputs.toLocaleString('en-US')
  return `${file.name} is ${mib(file.size)}, more than the ${mib(limit)} a file of batch inputs${utf16 ? ' saved as UTF-16' : ''} may be (a batch takes at most ${most} inputs). Split it into files of at most ${most} rows and run a batch on each.`
}

/** Whether a count of inputs, or of lines that cannot be used, is past what one batch takes. */
const pastLimit = (count: number) => count > batchLimits.inputs

/**
 * Gives each line of a text (without its line break) and its number to `take` until it says to stop; false when
 * it did.
 */
function eachLine(text: string, take: (line: string, number: number) => boolean): boolean {
  let from = 0
  for (let number = 1; from <= text.length; number++) {
    const end = text.indexOf('\n', from)
    const to = end === -1 ? text.length : end
    const line = text.slice(from, text[to - 1] === '\r' ? to - 1 : to)
    from = to + 1
    if (!take(line, number)) return false
  }
  return true
}

/** One input per non-empty line. */
export function linesOf(text: string): ParsedBatch {
  const inputs: string[] = []
  const lines: number[] = []
  const blank: number[] = []
  const readWhole = eachLine(text, (line, number) => {
    if (line.trim() === '') noteBlank(blank, number)
    else {
      inputs.push(line)
      lines.push(number)
    }
    return !pastLimit(inputs.length)
  })
  return { inputs, lines, empty: between(blank, lines), problems: [], readWhole }
}

/** An empty line, kept up to as many as a batch has inputs: a text of nothing but line breaks stays small. */
function noteBlank(blank: number[], line: number) {
  if (blank.length <= batchLimits.inputs) blank.push(line)
}

/** The empty lines that come after the first input and before the last: a text's trailing lines are no news. */
function between(blank: readonly number[], lines: readonly number[]): number[] {
  const [first, last] = [lines[0] ?? 0, lines.at(-1) ?? 0]
  return blank.filter((line) => line > first && line < last)
}

/** A row of a CSV file: its cells, its place among the rows from the top of the file and the line it starts on. */
interface CsvRow {
  row: number
  line: number
  cells: string[]
}

/** The separators a CSV file may use; the one that splits the first rows most evenly is taken. */
const csvSeparators = [',', ';', '\t', '|']

/**
 * Reads a CSV file (RFC 4180: quoted fields may hold separators, doubled quotes and line breaks). A byte order
 * mark is dropped and every line break reads as "\n". A row whose quotes cannot be read is listed as a problem
 * and reading goes on at the line after its broken quote, so later rows are not lost. Rows with nothing in
 * them are left out. Stops (`stopped`) as soon as `goOn`, asked after each row or problem, says so.
 */
function readCsv(
  text: string,
  goOn: (rows: readonly CsvRow[], problems: readonly LineProblem[]) => boolean = () => true,
): { rows: CsvRow[]; problems: LineProblem[]; empty: number[]; stopped: boolean } {
  const input = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  const delimiter = Papa.parse<string[]>(input, {
    newline: '\n',
    delimitersToGuess: csvSeparators,
    skipEmptyLines: 'greedy',
    preview: 1,
  }).meta.delimiter
  const breaks: number[] = []
  for (let at = input.indexOf('\n'); at !== -1; at = input.indexOf('\n', at + 1)) breaks.push(at)
  const lineEnd = (position: number) => breaks[lineAt(breaks, position)] ?? input.length
  const rows: CsvRow[] = []
  const problems: LineProblem[] = []
  const empty: number[] = []
  let row = 0
  let from = 0
  // Lines a broken quote took into its row are read a second time; a file full of such quotes gets a bounded
  // amount of that, after which those lines are only named.
  let rereading = 4 * input.length
  // Once a quote is never closed, no quote after it closes a value either: from there on a row is one line,
  // and the lines up to the next quote are read together.
  let lineByLine = false
  let stopped = false
  while (from < input.length && !stopped) {
    const base = from
    const nextQuote = input.indexOf('"', base)
    const to = lineByLine && nextQuote !== -1 ? lineEnd(nextQuote) : input.length
    let start = base
    from = to + 1
    Papa.parse<string[]>(input.slice(base, to), {
      delimiter,
      newline: '\n',
      step: (result, parser) => {
        const rowStart = start
        const rowEnd = base + result.meta.cursor
        start = rowEnd
        const line = lineAt(breaks, rowStart) + 1
        row++
        const quote = result.errors.find((error) => error.type === 'Quotes')
        if (quote) {
          const end = lineEnd(base + (quote.index ?? 0))
          // How much of the lines after the broken quote the row took in.
          const taken = rowEnd - (end + 1)
          const neverClosed = result.errors.some((error) => error.code === 'MissingQuotes')
          const unclosed = lineByLine ? neverClosed : closesNowhere(input.slice(rowStart, end), delimiter)
          let message = `${rowName(row, line)} ${unclosed ? quoteProblems.unclosed : quoteProblems.stray}`
          if (taken > 0 && (neverClosed || taken <= rereading)) {
            if (neverClosed) lineByLine = true
            else rereading -= taken
            from = end + 1
            parser.abort()
          } else if (taken > 0) {
            const [first, last] = [lineAt(breaks, end + 1) + 1, lineAt(breaks, rowEnd - 1) + 1]
            message += ` Lines ${first}–${last} are read into it, so they are not used either.`
          }
          problems.push({ line, message })
        } else if (result.data.some((cell) => cell.trim() !== ''))
          rows.push({ row, line, cells: result.data })
        else noteBlank(empty, line)
        if (!goOn(rows, problems)) {
          stopped = true
          parser.abort()
        }
      },
    })
  }
  return { rows, problems, empty, stopped }
}

/** How many line breaks come before a position in the text. */
function lineAt(breaks: readonly number[], position: number): number {
  let low = 0
  let high = breaks.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((breaks[middle] ?? 0) < position) low = middle + 1
    else high = middle
  }
  return low
}

/** A row as a person finds it: by its number, and by its line too when a value above spans several lines. */
function rowName(row: number, line: number): string {
  return row === line ? `Row ${row}` : `Row ${row} (line ${line})`
}

const quoteProblems = {
  unclosed: 'has a quote that is never closed.',
  stray: 'has a quote inside a quoted value; write a quote there as two quotes ("").',
}

/** Whether a quote of a row is left open, judged on the row's lines up to its broken quote alone. */
function closesNowhere(lines: string, delimiter: string): boolean {
  const { errors } = Papa.parse<string[]>(lines, { delimiter, newline: '\n' })
  return errors.some((error) => error.code === 'MissingQuotes')
}

/** The rows of a CSV file that can be read, each as its cells (csvColumn lists the rows that cannot). */
export function parseCsv(text: string): string[][] {
  return readCsv(text).rows.map((row) => row.cells)
}

/** The column names of a CSV file: its first row, or none when that row cannot be read. */
export function csvHeader(text: string): string[] {
  const { rows } = readCsv(text, (rows, problems) => rows.length + problems.length < 1)
  return rows[0]?.cells ?? []
}

/**
 * The header of a CSV and its rows' values in one column (by index), each with its whole row (`sources`, aligned
 * with `inputs`); unreadable rows are listed by line. Reading stops once there are more inputs, or more rows
 * that cannot be used, than a batch takes.
 */
export function csvColumn(
  text: string,
  column: number,
): ParsedBatch & { header: string[]; sources: string[][] } {
  // The first row is the header when it reads; counted as they come, so that reading can stop.
  let headed: boolean | undefined
  let values = 0
  let counted = 0
  const { rows, problems, empty, stopped } = readCsv(text, (rows, problems) => {
    if (headed === undefined && rows.length + problems.length > 0) headed = rows.length > 0
    for (; counted < rows.length; counted++)
      if (!(headed && counted === 0) && rows[counted]?.cells[column]?.trim()) values++
    return !pastLimit(values) && !pastLimit(counted - values - (headed ? 1 : 0) + problems.length)
  })
  const header = headed && rows[0] ? rows[0].cells : []
  const name = header[column] || `Column ${column + 1}`
  const inputs: DecisionInput[] = []
  const lines: number[] = []
  const sources: string[][] = []
  for (const row of headed ? rows.slice(1) : rows) {
    const value = row.cells[column]
    // More values than the header names: a separator inside a value that is not quoted, most likely; the
    // value in the column may be the wrong one, so the row is named rather than run. (A column chosen past the
    // header's is read as it is: those values are the ones asked for.)
    const extra =
      headed && column < header.length
        ? row.cells.slice(header.length).filter((cell) => cell.trim() !== '').length
        : 0
    if (extra > 0)
      problems.push({
        line: row.line,
        message: `${rowName(row.row, row.line)} has ${row.cells.length} values, more than the ${header.length} columns of the header: put quotes around a value that holds a comma.`,
      })
    else if (value === undefined || value.trim() === '')
      problems.push({ line: row.line, message: `${rowName(row.row, row.line)} has no value in "${name}".` })
    else {
      inputs.push(value)
      lines.push(row.line)
      sources.push(row.cells)
    }
  }
  const named = header.findIndex((cell) => cell.length > batchLimits.columnName)
  if (header.length > batchLimits.columns)
    problems.push({
      line: 1,
      message: `The header has ${header.length.toLocaleString('en-US')} columns; a batch keeps at most ${batchLimits.columns} beside its inputs. Remove the columns the batch does not need.`,
    })
  else if (named !== -1)
    problems.push({
      line: 1,
      message: `Column ${named + 1}'s name is ${header[named]?.length.toLocaleString('en-US')} characters long; a column's name may have at most ${batchLimits.columnName}.`,
    })
  problems.sort((a, b) => a.line - b.line)
  return { header, inputs, lines, empty: between(empty, lines), problems, sources, readWhole: !stopped }
}

/**
 * The column most like text to decide about: the one whose values are longest on average, among those that are
 * mostly not numbers, dates or ids (a single word). The first column when none is.
 */
export function textLikeColumn(text: string, sample = 50): number {
  const { rows } = readCsv(text, (rows, problems) => rows.length + problems.length < sample + 1)
  const body = rows.slice(1).map((row) => row.cells)
  const width = Math.max(0, ...body.map((cells) => cells.length))
  let best = 0
  let bestScore = -1
  for (let column = 0; column < width; column++) {
    const values = body.map((cells) => cells[column]?.trim() ?? '').filter(Boolean)
    if (values.length === 0) continue
    const wordy = values.filter((value) => /\s/.test(value) && !/^[\d\s.,:/+-]+$/.test(value)).length
    if (wordy * 2 < values.length) continue
    const score = values.reduce((sum, value) => sum + value.length, 0) / values.length
    if (score > bestScore) {
      best = column
      bestScore = score
    }
  }
  return best
}

/** One JSON value per line: a string is text input, an object a JSON input, an array a message list. */
export function jsonLinesOf(text: string): ParsedBatch {
  const inputs: DecisionInput[] = []
  const lines: number[] = []
  const blank: number[] = []
  const problems: LineProblem[] = []
  const readWhole = eachLine(text, (line, number) => {
    if (line.trim() === '') {
      noteBlank(blank, number)
      return true
    }
    try {
      const value: unknown = JSON.parse(line)
      if (typeof value === 'string' || (value !== null && typeof value === 'object')) {
        inputs.push(value as DecisionInput)
        lines.push(number)
      } else
        problems.push({
          line: number,
          message: `Line ${number} is a ${value === null ? 'null' : typeof value}; use a string, an object or a message array.`,
        })
    } catch (error) {
      problems.push({ line: number, message: `Line ${number} is not JSON: ${(error as Error).message}` })
    }
    return !pastLimit(inputs.length) && !pastLimit(problems.length)
  })
  return { inputs, lines, empty: between(blank, lines), problems, readWhole }
}

export function parseBatch(source: BatchSource, text: string, column = 0): ParsedBatch {
  if (source === 'csv') return csvColumn(text, column)
  if (source === 'jsonl') return jsonLinesOf(text)
  return linesOf(text)
}

/** How an input reads in one line of a table. */
export function inputPreview(input: DecisionInput, max = 160): string {
  const text = typeof input === 'string' ? input : JSON.stringify(input)
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
