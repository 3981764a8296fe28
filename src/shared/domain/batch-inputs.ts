// Inputs of a batch from what a person has at hand: pasted lines, a CSV file (one column chosen) or a JSONL
// file (one JSON value per line). Lines that cannot be read are reported with their number, never dropped
// silently.
import type { DecisionInput } from '../api/decisions.ts'

export type BatchSource = 'lines' | 'csv' | 'jsonl'

export interface LineProblem {
  line: number
  message: string
}

export interface ParsedBatch {
  inputs: DecisionInput[]
  problems: LineProblem[]
}

export const batchLimits = { inputs: 10_000, concurrency: 16 } as const

/** One input per non-empty line. */
export function linesOf(text: string): ParsedBatch {
  return { inputs: text.split(/\r?\n/).filter((line) => line.trim() !== ''), problems: [] }
}

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"' && field === '') quoted = true
    else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += char
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''))
}

/** The header of a CSV and its rows' values in one column (by index). */
export function csvColumn(text: string, column: number): ParsedBatch & { header: string[] } {
  const [header = [], ...rows] = parseCsv(text)
  const inputs: DecisionInput[] = []
  const problems: LineProblem[] = []
  rows.forEach((cells, index) => {
    const value = cells[column]
    if (value === undefined || value.trim() === '')
      problems.push({
        line: index + 2,
        message: `Row ${index + 2} has no value in "${header[column] ?? ''}".`,
      })
    else inputs.push(value)
  })
  return { header, inputs, problems }
}

/** One JSON value per line: a string is text input, an object a JSON input, an array a message list. */
export function jsonLinesOf(text: string): ParsedBatch {
  const inputs: DecisionInput[] = []
  const problems: LineProblem[] = []
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return
    try {
      const value: unknown = JSON.parse(line)
      if (typeof value === 'string' || (value !== null && typeof value === 'object'))
        inputs.push(value as DecisionInput)
      else
        problems.push({
          line: index + 1,
          message: `Line ${index + 1} is a ${value === null ? 'null' : typeof value}; use a string, an object or a message array.`,
        })
    } catch (error) {
      problems.push({
        line: index + 1,
        message: `Line ${index + 1} is not JSON: ${(error as Error).message}`,
      })
    }
  })
  return { inputs, problems }
}

export function parseBatch(source: BatchSource, text: string, column = 0): ParsedBatch {
  if (source === 'csv') return csvColumn(text, column)
  if (source === 'jsonl') return jsonLinesOf(text)
  return linesOf(text)
}

/** One CSV field, quoted when it must be. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`
}

/** How an input reads in one line of a table. */
export function inputPreview(input: DecisionInput, max = 160): string {
  const text = typeof input === 'string' ? input : JSON.stringify(input)
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
