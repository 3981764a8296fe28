// A batch split across machines: `--shard I/N` takes every N-th row starting at row I, so N runs on N machines
// cover each row once with nothing shared between them; `batch merge` joins their outputs back in row order and
// refuses a join that misses or repeats a row.
import Papa from 'papaparse'
import { usageError } from './session.ts'

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

/** A shard's batch is named after it, so `batch resume` knows which rows of the file its rows are. */
export const shardLabel = (shard: Shard) => `(shard ${shard.index}/${shard.count})`

export function shardOfName(name: string): Shard | null {
  const match = /\(shard (\d+)\/(\d+)\)$/.exec(name)
  return match ? { index: Number(match[1]), count: Number(match[2]) } : null
}

/** The row in the whole input of a shard's `index`-th row. */
export const rowInWhole = (index: number, shard: Shard | null) =>
  shard ? shard.index - 1 + index * shard.count : index

interface Numbered<T> {
  row: number
  value: T
  from: string
}

const some = (rows: number[]) => `${rows.slice(0, 5).join(', ')}${rows.length > 5 ? ', …' : ''}`

function joined<T>(parts: Numbered<T>[]): Numbered<T>[] {
  parts.sort((a, b) => a.row - b.row)
  const missing: number[] = []
  const repeated: string[] = []
  parts.forEach((part, at) => {
    const before = parts[at - 1]
    if (before?.row === part.row) repeated.push(`row ${part.row} is in both ${before.from} and ${part.from}`)
    for (let row = (before?.row ?? 0) + 1; row < part.row; row++) missing.push(row)
  })
  const problems = [
    ...repeated.slice(0, 3),
    ...(missing.length
      ? [
          `${missing.length} row${missing.length === 1 ? ' is' : 's are'} in none of the files (${some(missing)})`,
        ]
      : []),
  ]
  if (problems.length) throw usageError(`The outputs do not join into one batch: ${problems.join('; ')}.`)
  return parts
}

/** CSV outputs with the same header, joined in row order (the `row` column, 1-based). */
export function mergeCsv(files: readonly { name: string; text: string }[]): string {
  let header: string[] | null = null
  const rows: Numbered<string[]>[] = []
  for (const file of files) {
    const parsed = Papa.parse<string[]>(file.text.replace(/^\uFEFF/, ''), { skipEmptyLines: true })
    const [head, ...body] = parsed.data
    if (head?.[0] !== 'row')
      throw usageError(`${file.name} is not a batch output: its first column is not “row”.`)
    if (header && head.join('\u0000') !== header.join('\u0000'))
      throw usageError(
        `${file.name} has other columns than ${files[0]?.name}: they are not shards of one batch.`,
      )
    header = head
    for (const cells of body) rows.push({ row: Number(cells[0]), value: cells, from: file.name })
  }
  const ordered = joined(rows).map((part) => part.value)
  return `${Papa.unparse([header ?? [], ...ordered], { newline: '\r\n' })}\r\n`
}

/** JSON lines outputs (one object with a `row` per line), joined in row order. */
export function mergeJsonl(files: readonly { name: string; text: string }[]): string {
  const rows: Numbered<string>[] = []
  for (const file of files) {
    file.text.split(/\r?\n/).forEach((line, at) => {
      if (!line.trim()) return
      let row: unknown
      try {
        row = (JSON.parse(line) as { row?: unknown }).row
      } catch {
        throw usageError(`${file.name}, line ${at + 1}, is not JSON.`)
      }
      if (typeof row !== 'number') throw usageError(`${file.name}, line ${at + 1}, has no row number.`)
      rows.push({ row, value: line, from: file.name })
    })
  }
  return `${joined(rows)
    .map((part) => part.value)
    .join('\n')}\n`
}
