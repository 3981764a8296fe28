// An evaluation split across machines: `eval --shard I/N` runs every N-th row of the set from row I, and its JSON
// report carries, beside the shard's own scores, what the whole set's are worked out from: the questionnaire, the
// shard's rows with their expected answers, and each model's answers as a table. `eval merge` joins the shards'
// tables row by row and scores the set as one run of it would: the same figures, the same intervals. It refuses
// shards of different sets, and a join that misses or repeats a shard.
import { basename, resolve } from 'node:path'
import { z } from 'zod'
import { answerWords, joinedTables } from '#shared/domain/answer-table'
import { evaluateTable, titleOf } from '#shared/domain/evaluation-set'
import { formatAmount, parseAmount } from '#shared/domain/money'
import type { Questionnaire } from '#shared/domain/questionnaire'
import { QuestionnaireBody } from '#shared/domain/questionnaire-body'
import { conclude } from './evaluate.ts'
import { type ModelRun, parseScoreThresholds } from './evaluation-report.ts'
import { readGivenFile } from './given-files.ts'
import { usageError, warn } from './output.ts'
import { reportKindOf } from './reports.ts'
import type { GlobalOptions } from './session.ts'
import type { Shard } from './shards.ts'

/** What a shard's report says of the set, for `eval merge`. */
export function shardPart(
  questionnaire: Questionnaire,
  read: { columns: string[] | null; rows?: string[][] | null },
  columns: ReadonlyMap<number, number>,
  wholeRows: readonly number[],
  shard: Shard,
  total: number,
) {
  const header = read.columns ?? []
  const titles = questionnaire.questions.map(titleOf)
  const expected = [...columns].map(([question, column]) => ({
    question: titles[question] ?? '',
    column: header[column] ?? '',
    cells: wholeRows.map((row) => read.rows?.[row]?.[column] ?? ''),
  }))
  return { shard: { ...shard, total }, definition: questionnaire, rows: wholeRows, expected }
}

const cell = z.number().nullable()
const Table = z.object({
  index: z.array(z.number().int().min(0)),
  line: z.array(cell),
  answers: z.array(
    z.object({
      options: z.array(z.string()),
      probability: z.array(cell),
      optionProbabilities: z.array(cell),
      score: z.array(cell),
    }),
  ),
})
const ShardReport = z.object({
  kind: z.literal('evaluation'),
  shard: z.object({
    index: z.number().int().min(1),
    count: z.number().int().min(1),
    total: z.number().int().min(0),
  }),
  definition: QuestionnaireBody,
  rows: z.array(z.number().int().min(0)),
  expected: z.array(z.object({ question: z.string(), column: z.string(), cells: z.array(z.string()) })),
  models: z.array(
    z.object({
      model: z.string(),
      batch: z.string(),
      spent: z.string(),
      latencyMs: z.number().nullable(),
      table: Table,
    }),
  ),
})
type ShardReport = z.infer<typeof ShardReport>

/** A shard's report is its rows' figures and answers: far below this. */
const maxShardBytes = 64 * 1024 * 1024

async function readShard(path: string): Promise<ShardReport> {
  const name = basename(path)
  const text = await readGivenFile(path, maxShardBytes, `${name} is larger than any shard’s report.`)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw usageError(`${name} could not be read as JSON: ${(error as Error).message}`)
  }
  const read = ShardReport.safeParse(json)
  if (!read.success) {
    const issue = read.error.issues[0]
    throw usageError(
      `${name} is not the JSON report of an eval shard (${issue ? `${issue.path.join(' › ') || 'the file'}: ${issue.message}` : 'its shape'}); write one with eval --shard I/N --report FILE.json.`,
    )
  }
  const report = read.data
  const rows = report.rows.length
  const whole = (index: number) => index < report.shard.total
  const fits =
    report.rows.every(whole) &&
    report.expected.every((one) => one.cells.length === rows) &&
    report.models.every(({ table }) => {
      const answered = table.index.length
      return (
        table.index.every(whole) &&
        table.line.length === answered &&
        table.answers.every(
          (column) =>
            column.probability.length === answered &&
            column.score.length === answered &&
            column.optionProbabilities.length === answered * column.options.length,
        )
      )
    })
  if (!fits)
    throw usageError(`${name}: its rows and answers do not add up; it is not a shard as eval wrote it.`)
  return report
}

/** The shards' reports as one set: the same questionnaire, models and expected columns, each shard once. */
function checkedTogether(reports: readonly { name: string; report: ShardReport }[]) {
  const [first] = reports
  if (!first) throw usageError('Name the shards’ JSON reports to merge.')
  // A questionnaire read from a request body has new ids at each read: it is the same by everything else.
  const same = (a: unknown, b: unknown) =>
    JSON.stringify(a, (name, value) => (name === 'id' ? undefined : value)) ===
    JSON.stringify(b, (name, value) => (name === 'id' ? undefined : value))
  const key = (report: ShardReport) => ({
    count: report.shard.count,
    total: report.shard.total,
    definition: report.definition,
    models: report.models.map((model) => model.model),
    expected: report.expected.map(({ question, column }) => ({ question, column })),
  })
  for (const { name, report } of reports)
    if (!same(key(report), key(first.report)))
      throw usageError(
        `${name} is a shard of another evaluation than ${first.name} (its questionnaire, set, models or expected columns differ).`,
      )
  const count = first.report.shard.count
  const seen = new Map<number, string>()
  for (const { name, report } of reports) {
    const other = seen.get(report.shard.index)
    if (other) throw usageError(`${name} and ${other} are both shard ${report.shard.index}/${count}.`)
    seen.set(report.shard.index, name)
  }
  const missing = Array.from({ length: count }, (_, at) => at + 1).filter((index) => !seen.has(index))
  if (missing.length)
    throw usageError(
      `Shard${missing.length === 1 ? '' : 's'} ${missing.map((index) => `${index}/${count}`).join(', ')} missing.`,
    )
  return first.report
}

export async function evalMerge(
  global: GlobalOptions,
  out: string,
  files: readonly string[],
  options: { failOn?: string[] },
) {
  reportKindOf(out)
  if (files.some((name) => resolve(name) === resolve(out)))
    throw usageError(`${out} is one of the reports to merge: write the merge elsewhere.`)
  const thresholds = parseScoreThresholds(options.failOn ?? [])
  const reports = await Promise.all(files.map(async (name) => ({ name, report: await readShard(name) })))
  const first = checkedTogether(reports)
  const questionnaire = first.definition as Questionnaire
  const total = first.shard.total
  // The expected answers of every row, a column per scored question.
  const cells = first.expected.map(() => new Array<string>(total).fill(''))
  for (const { report } of reports)
    report.expected.forEach((one, column) => {
      report.rows.forEach((row, at) => {
        const target = cells[column]
        if (target) target[row] = one.cells[at] ?? ''
      })
    })
  const titles = questionnaire.questions.map(titleOf)
  const columns = new Map(first.expected.map((one, column) => [titles.indexOf(one.question), column]))
  let spent = 0n
  const runs: ModelRun[] = first.models.map((model, at) => {
    const parts = reports.map(({ report }) => report.models[at]).filter((one) => one !== undefined)
    const table = joinedTables(
      parts.map((part) => part.table),
      cells,
    )
    const cost = parts.reduce((sum, part) => sum + parseAmount(part.spent), 0n)
    spent += cost
    const lines = new Array<number | null>(total).fill(null)
    table.index.forEach((index, row) => {
      lines[index] = Number.isNaN(table.line[row]) ? null : (table.line[row] as number)
    })
    const timed = parts.filter((part) => part.latencyMs !== null)
    return {
      model: model.model,
      batch: {
        id: parts.map((part) => part.batch).join('+'),
        spent: formatAmount(cost),
        counts: { total, done: table.index.length, failed: 0, pending: total - table.index.length },
      },
      evaluation: evaluateTable(questionnaire, table, columns),
      answers: answerWords(questionnaire, table, total),
      lines,
      latencyMs: timed.length
        ? timed.reduce((sum, part) => sum + (part.latencyMs ?? 0) * part.table.index.length, 0) /
          Math.max(
            1,
            timed.reduce((sum, part) => sum + part.table.index.length, 0),
          )
        : null,
    }
  })
  if (!global.json) warn(`Merged ${files.length} shards of ${total} rows into ${out}.`)
  return conclude({
    questionnaire,
    runs,
    spent,
    thresholds,
    regressed: false,
    baseline: null,
    report: out,
    json: global.json === true,
    code: 0,
  })
}
