// A batch split across machines: `--shard I/N` takes every N-th row starting at row I, so N runs on N machines
// cover each row once with nothing shared between them; `batch merge` joins their outputs back in row order and
// refuses a join that misses or repeats a row.
import Papa from 'papaparse'
import { formulaStart, utf8Bom } from '../main/core/batches/batch-files.ts'
import { usageError } from './output.ts'

export interface Shard {
  /** 1-based. */
  index: number
  count: number
}

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim())
  const index = Number(match?.[1])
  const count = Number(match?.[2])
  if (!match || count < 1 || index < 1 || index > count || count > 10_000)
    throw usageError(`--shard takes I/N with 1 ≤ I ≤ N, like 2/4 (it was “${text}”).`)
  return { index, count }
}

/** The rows (0-based, in the whole input) a shard runs, in order. */
export function shardRows(total: number, shard: Shard | null): number[] {
  const rows: number[] = []
  for (let row = shard ? shard.index - 1 : 0; row < total; row += shard ? shard.count : 1) rows.push(row)
  return rows
}

/** A shard as a run knows it: which rows it takes, of how many in the whole input. */
export interface ShardOfInput extends Shard {
  /** Rows in the whole input; null for a shard's batch named before its outputs carried it. */
  total: number | null
}

/** A shard's batch is named after it, so `batch resume` knows which rows of the file its rows are. */
export const shardLabel = (shard: Shard, total: number) => `(shard ${shard.index}/${shard.count} of ${total})`

export function shardOfName(name: string): ShardOfInput | null {
  const match = /\(shard (\d+)\/(\d+)(?: of (\d+))?\)$/.exec(name)
  return match
    ? { index: Number(match[1]), count: Number(match[2]), total: match[3] ? Number(match[3]) : null }
    : null
}

/** The row in the whole input of a shard's `index`-th row. */
export const rowInWhole = (index: number, shard: Shard | null) =>
  shard ? shard.index - 1 + index * shard.count : index

/** The columns a shard's output ends with, so a merge knows the whole batch: `2/3` and the input's row count. */
export const shardColumns = ['shard', 'rows_in_input'] as const

interface Numbered<T> {
  row: number
  value: T
  from: string
}

/** The shard and input size one output declares, checked to be the same in every output. */
interface Declared {
  shard: Shard
  total: number
  from: string
}

const some = (rows: number[]) => `${rows.slice(0, 5).join(', ')}${rows.length > 5 ? ', …' : ''}`

function declared(where: string, shardText: unknown, totalText: unknown, from: string): Declared {
  const match = /^(\d+)\/(\d+)$/.exec(String(shardText ?? ''))
  const total = Number(totalText)
  const shard = { index: Number(match?.[1]), count: Number(match?.[2]) }
  if (!match || shard.index < 1 || shard.index > shard.count)
    throw usageError(`${where}: “${String(shardText ?? '')}” is not a shard like 2/3.`)
  if (!/^[1-9]\d*$/.test(String(totalText ?? '')) || !Number.isSafeInteger(total))
    throw usageError(`${where}: “${String(totalText ?? '')}” is not the number of rows in the input.`)
  return { shard, total, from }
}

/** The row a line gives, refused at once unless it is one of its shard's rows of the batch. */
function rowOf(where: string, text: unknown, batch: Declared): number {
  const row = Number(text)
  if (!/^[1-9]\d*$/.test(String(text ?? '')) || !Number.isSafeInteger(row))
    throw usageError(`${where}: “${String(text ?? '')}” is not a row number.`)
  if (row > batch.total)
    throw usageError(`${where}: row ${row} is past the last row of the input (${batch.total}).`)
  if ((row - 1) % batch.shard.count !== batch.shard.index - 1)
    throw usageError(
      `${where}: row ${row} is not one of shard ${batch.shard.index}/${batch.shard.count}’s rows.`,
    )
  return row
}

/** One batch for all outputs: the same shard count and input, each shard once. */
function sameBatch(all: Declared[]): Declared {
  const [first, ...rest] = all
  if (!first) throw usageError('Name the shards’ output files to merge.')
  for (const other of rest)
    if (other.shard.count !== first.shard.count || other.total !== first.total)
      throw usageError(
        `${other.from} is shard ${other.shard.index}/${other.shard.count} of ${other.total} rows and ${first.from} shard ${first.shard.index}/${first.shard.count} of ${first.total}: they are not shards of one batch.`,
      )
  return first
}

function joined<T>(parts: Numbered<T>[], total: number): Numbered<T>[] {
  parts.sort((a, b) => a.row - b.row)
  const repeated: string[] = []
  const missing: number[] = []
  let distinct = 0
  parts.forEach((part, at) => {
    const before = parts[at - 1]
    if (before?.row === part.row) repeated.push(`row ${part.row} is in both ${before.from} and ${part.from}`)
    else distinct++
    // Only the first few missing rows are named: the walk never goes past them.
    for (let row = (before?.row ?? 0) + 1; row < part.row && missing.length < 6; row++) missing.push(row)
  })
  for (let row = (parts.at(-1)?.row ?? 0) + 1; row <= total && missing.length < 6; row++) missing.push(row)
  const absent = total - distinct
  const problems = [
    ...repeated.slice(0, 3),
    ...(absent > 0
      ? [`${absent} row${absent === 1 ? ' is' : 's are'} in none of the files (${some(missing)})`]
      : []),
  ]
  if (problems.length) throw usageError(`The outputs do not join into one batch: ${problems.join('; ')}.`)
  return parts
}

/** CSV outputs of shards with the same header, joined in row order, without the shard columns. */
export function mergeCsv(files: readonly { name: string; text: string }[]): string {
  let header: string[] | null = null
  const rows: Numbered<string[]>[] = []
  const batches: Declared[] = []
  for (const file of files) {
    const parsed = Papa.parse<string[]>(file.text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
    const [head, ...body] = parsed.data
    if (head?.[0] !== 'row')
      throw usageError(`${file.name} is not a batch output: its first column is not “row”.`)
    if (head.at(-2) !== shardColumns[0] || head.at(-1) !== shardColumns[1])
      throw usageError(
        `${file.name} is not a shard’s output: it does not end with the columns shard and rows_in_input.`,
      )
    if (header && head.join('\u0000') !== header.join('\u0000'))
      throw usageError(
        `${file.name} has other columns than ${files[0]?.name}: they are not shards of one batch.`,
      )
    header = head
    if (body.length === 0) throw usageError(`${file.name} has no rows.`)
    let batch: Declared | null = null
    body.forEach((cells, at) => {
      const where = `${file.name}, line ${at + 2}`
      if (cells.length !== head.length)
        throw usageError(
          `${where} has ${cells.length} cells where the header has ${head.length}: the file is cut or changed.`,
        )
      batch ??= declared(where, cells.at(-2), cells.at(-1), file.name)
      if (
        cells.at(-2) !== `${batch.shard.index}/${batch.shard.count}` ||
        cells.at(-1) !== String(batch.total)
      )
        throw usageError(`${where} names another shard or input than the lines before it.`)
      rows.push({ row: rowOf(where, cells[0], batch), value: cells.slice(0, -2), from: file.name })
    })
    if (batch) batches.push(batch)
  }
  const ordered = joined(rows, sameBatch(batches).total).map((part) => part.value)
  // Written as every export writes it: with the byte order mark, and a cell a spreadsheet would run as a
  // formula quoted.
  return `${utf8Bom}${Papa.unparse([(header ?? []).slice(0, -2), ...ordered], { escapeFormulae: formulaStart, newline: '\r\n' })}\r\n`
}

/** JSON lines outputs of shards (one object with a `row` per line), joined in row order. */
export function mergeJsonl(files: readonly { name: string; text: string }[]): string {
  const rows: Numbered<string>[] = []
  const batches: Declared[] = []
  for (const file of files) {
    let batch: Declared | null = null
    file.text.split(/\r?\n/).forEach((line, at) => {
      if (!line.trim()) return
      const where = `${file.name}, line ${at + 1}`
      let value: Record<string, unknown>
      try {
        value = JSON.parse(line) as Record<string, unknown>
      } catch {
        throw usageError(`${where}, is not JSON: the file is cut or changed.`)
      }
      if (typeof value !== 'object' || value === null || !('row' in value))
        throw usageError(`${where}, has no row number.`)
      if (!(shardColumns[0] in value) || !(shardColumns[1] in value))
        throw usageError(`${where}, has no shard and rows_in_input: it is not a shard’s output.`)
      batch ??= declared(where, value.shard, value.rows_in_input, file.name)
      if (value.shard !== `${batch.shard.index}/${batch.shard.count}` || value.rows_in_input !== batch.total)
        throw usageError(`${where} names another shard or input than the lines before it.`)
      const { shard: _shard, rows_in_input: _total, ...rest } = value
      rows.push({ row: rowOf(where, value.row, batch), value: JSON.stringify(rest), from: file.name })
    })
    if (!batch) throw usageError(`${file.name} has no rows.`)
    batches.push(batch)
  }
  return `${joined(rows, sameBatch(batches).total)
    .map((part) => part.value)
    .join('\n')}\n`
}
