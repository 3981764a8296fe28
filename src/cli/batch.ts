// `batch run`, `batch resume` and `batch merge`: the app's batch runner over a file of inputs, with a progress
// bar on a terminal (plain lines otherwise), Ctrl+C stopping cleanly, and the results written as CSV or JSON lines.
import { writeFile } from 'node:fs/promises'
import { basename, resolve } from 'node:path'
import {
  type BatchSource,
  batchFileProblem,
  batchSourceOf,
  csvColumn,
  parseBatch,
  textLikeColumn,
} from '#shared/domain/batch-inputs'
import { decisionCall, type Questionnaire } from '#shared/domain/questionnaire'
import { decodeTextFile, startsAsUtf16 } from '#shared/domain/text-encoding'
import { readQuestionnaireFile as readAt } from '../main/core/app/opened-files.ts'
import { readRegularFile } from '../node/regular-file.ts'
import { money, outProblem, runToEnd } from './batch-follow.ts'
import { readGivenFile } from './given-files.ts'
import { exitCodes, print, printJson, table, usageError, warn } from './output.ts'
import { parseFailOn, reportKindOf } from './reports.ts'
import { checkConnection, commandPrefix, type GlobalOptions, type Session, withSession } from './session.ts'
import { mergeCsv, mergeJsonl, parseShard, shardLabel, shardOfName, shardRows } from './shards.ts'

export interface RunOptions {
  report?: string
  failOn?: string[]
  column?: string
  concurrency?: string
  retries?: string
  maxSpend?: string
  out?: string
  shard?: string
  model?: string
}

/** A questionnaire file (.json or .gdq): exported by the app, or a decision request's body. */
export const isQuestionnaireFile = (given: string) => /\.(json|gdq)$/i.test(given)

/** A questionnaire file read and checked (as the app reads one it is handed), with its JSON. */
export async function readQuestionnaireFile(given: string): ReturnType<typeof readAt> {
  try {
    return await readAt(given)
  } catch (error) {
    throw usageError((error as Error).message)
  }
}

/** A questionnaire by file (exported, or a request body) or by name in the app's library. */
export async function questionnaireOf(session: Session, given: string): Promise<Questionnaire> {
  if (isQuestionnaireFile(given)) return (await readQuestionnaireFile(given)).questionnaire
  const library = await session.call('questionnaires.list', {})
  const found = library.find((one) => one.id === given || one.name.toLowerCase() === given.toLowerCase())
  if (!found)
    throw usageError(
      `No questionnaire called “${given}” in the library${library.length ? ` (it has: ${library.map((one) => one.name).join(', ')})` : ''}; give a .json or .gdq file or a name from it.`,
    )
  return session.call('questionnaires.get', { id: found.id })
}

/** The file's inputs (and a CSV's columns), read by the same rules as the Decisions screen. */
async function inputsOf(path: string, column: string | undefined) {
  const source: BatchSource | null = batchSourceOf(path)
  if (!source)
    throw usageError(`${path} is not batch inputs: give a .txt (one input a line), .csv or .jsonl file.`)
  const name = basename(path)
  // Refused before it is read when past the most any file of inputs may be (UTF-16's), then by its encoding's.
  const sizeProblem = (size: number) =>
    batchFileProblem({ name, size }, true) ? batchFileProblem({ name, size }) : null
  const bytes = await readRegularFile(path, sizeProblem).catch((error: Error) => {
    throw usageError(error.message)
  })
  const problem = batchFileProblem({ name, size: bytes.length }, startsAsUtf16(bytes))
  if (problem) throw usageError(problem)
  const { text } = decodeTextFile(basename(path), bytes)
  if (source !== 'csv') return { ...parseBatch(source, text), columns: null, rows: null }
  const header = csvColumn(text, 0).header
  // Without --column, the column the app would pick: the one most like text, not an id or a number.
  const index = column === undefined ? textLikeColumn(text) : header.indexOf(column)
  if (index === -1)
    throw usageError(`${path} has no column “${column}”; its columns are ${header.join(', ')}.`)
  if (column === undefined && header.length > 1)
    warn(`Reading the column “${header[index]}” of ${basename(path)} (--column picks another).`)
  const read = csvColumn(text, index)
  return { ...read, columns: read.header, rows: read.sources }
}

/** The file's inputs, refused with its first problems named when any line cannot be used. */
export async function usableInputsOf(path: string, column: string | undefined) {
  const read = await inputsOf(path, column)
  if (read.problems.length)
    throw usageError(
      `${path} has lines that cannot be used: ${read.problems
        .slice(0, 5)
        .map((problem) => `line ${problem.line}: ${problem.message}`)
        .join('; ')}`,
    )
  return read
}

/** --concurrency and --max-spend as a batch takes them, refused in words otherwise. */
export function runLimits(options: { concurrency?: string | undefined; maxSpend?: string | undefined }) {
  const concurrency = Number(options.concurrency ?? 4)
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16)
    throw usageError('--concurrency takes a whole number from 1 to 16.')
  if (options.maxSpend !== undefined && !/^\d+(\.\d+)?$/.test(options.maxSpend))
    throw usageError('--max-spend takes an amount in USD, like 2.50.')
  return { concurrency, maxSpend: options.maxSpend ?? null }
}

export function batchRun(
  global: GlobalOptions,
  questionnaireArg: string,
  inputsArg: string,
  options: RunOptions,
) {
  const shard = options.shard ? parseShard(options.shard) : null
  const { concurrency } = runLimits(options)
  const retries = Number(options.retries ?? 3)
  if (!Number.isInteger(retries) || retries < 0 || retries > 10)
    throw usageError('--retries takes a whole number from 0 to 10.')
  const bad = outProblem(options.out)
  if (bad) throw bad
  if (options.report) reportKindOf(options.report)
  const thresholds = parseFailOn(options.failOn ?? [])
  return withSession(global, {}, async (session) => {
    await checkConnection(session)
    const questionnaire = await questionnaireOf(session, questionnaireArg)
    const read = await usableInputsOf(inputsArg, options.column)
    if (read.empty.length)
      warn(
        `${basename(inputsArg)}: empty line${read.empty.length === 1 ? '' : 's'} ${read.empty.slice(0, 5).join(', ')}${read.empty.length > 5 ? ', …' : ''} left out; each row keeps the line it came from.`,
      )
    const rows = shardRows(read.inputs.length, shard)
    if (rows.length === 0) throw usageError(`${inputsArg} has no inputs${shard ? ' for this shard' : ''}.`)
    const listed = await session.call('decisions.models', { chosen: options.model ?? '', limit: 1 })
    const model = options.model ? listed.chosen : listed.models[0]
    if (!model)
      throw usageError(
        options.model
          ? `No decision model “${options.model}” in the catalog.`
          : 'The catalog has no decision model.',
      )
    const since = Date.now()
    const batch = await session.call('batches.start', {
      questionnaire: shard
        ? { ...questionnaire, name: `${questionnaire.name} ${shardLabel(shard, read.inputs.length)}` }
        : questionnaire,
      template: decisionCall(questionnaire, '', model, { format: 'unified', compat: false }),
      inputs: rows.map((row) => read.inputs[row] as never),
      lines: rows.map((row) => read.lines[row] ?? 1),
      concurrency,
      retries,
      spendCap: options.maxSpend ?? null,
      ...(read.columns && read.rows
        ? { source: { columns: read.columns, rows: rows.map((row) => read.rows?.[row] ?? []) } }
        : {}),
    })
    if (!global.json)
      warn(`Batch ${batch.id}: ${rows.length} rows of ${basename(inputsArg)} with ${model.id}`)
    return runToEnd(session, batch.id, {
      ...(options.out ? { out: options.out } : {}),
      json: global.json === true,
      shard: shard ? { ...shard, total: read.inputs.length } : null,
      again: commandPrefix(global),
      report: options.report,
      thresholds,
      since,
    })
  })
}

export function batchResume(
  global: GlobalOptions,
  id: string,
  options: { out?: string; maxSpend?: string; retryFailed?: boolean; report?: string; failOn?: string[] },
) {
  const bad = outProblem(options.out)
  if (bad) throw bad
  if (options.report) reportKindOf(options.report)
  const thresholds = parseFailOn(options.failOn ?? [])
  if (options.retryFailed && options.maxSpend !== undefined)
    throw usageError('--retry-failed keeps the batch’s spend cap: give --max-spend on a resume of its own.')
  return withSession(global, { makesNoFolder: true }, async (session) => {
    const listed = await session.call('batches.list', {})
    const starting = listed.filter((one) => one.id.startsWith(id))
    const batch = listed.find((one) => one.id === id) ?? (starting.length === 1 ? starting[0] : undefined)
    if (starting.length > 1 && !batch)
      throw usageError(`More than one batch’s id starts with “${id}”: give more of it.`)
    if (!batch) throw usageError(`No batch ${id} in the history; \`gateway-desk batch list\` shows them.`)
    await checkConnection(session)
    const since = Date.now()
    // The failed rows back in the queue, then the run goes on with them and any rows still waiting.
    if (options.retryFailed && batch.counts.failed > 0) await session.call('batches.retry', { id: batch.id })
    else
      await session.call('batches.resume', {
        id: batch.id,
        ...(options.maxSpend ? { spendCap: options.maxSpend } : {}),
      })
    return runToEnd(session, batch.id, {
      ...(options.out ? { out: options.out } : {}),
      json: global.json === true,
      shard: shardOfName(batch.name),
      again: commandPrefix(global),
      report: options.report,
      thresholds,
      since,
    })
  })
}

export async function batchList(global: GlobalOptions) {
  return withSession(global, { makesNoFolder: true }, async (session) => {
    const batches = await session.call('batches.list', {})
    if (global.json) for (const batch of batches) printJson('batch', batch)
    else if (batches.length === 0) warn('No batch yet.')
    else
      print(
        table(
          ['id', 'status', 'answered', 'failed', 'waiting', 'spent', 'name'],
          batches.map((batch) => [
            batch.id,
            batch.status,
            `${batch.counts.done}/${batch.counts.total}`,
            String(batch.counts.failed),
            String(batch.counts.pending),
            money(batch.spent),
            batch.name,
          ]),
        ),
      )
    return exitCodes.done
  })
}

/** A shard's results, to merge: the rows of at most the inputs a batch takes, far below this. */
const maxResultsBytes = 512 * 1024 * 1024

export async function batchMerge(out: string, files: string[]) {
  const bad = outProblem(out)
  if (bad) throw bad
  if (files.length === 0) throw usageError('Name the shards’ output files to merge.')
  const kind = (name: string) => (name.toLowerCase().endsWith('.jsonl') ? 'jsonl' : 'csv')
  for (const name of files) {
    if (!/\.(csv|jsonl)$/i.test(name))
      throw usageError(`${name} is not a batch output: give .csv or .jsonl files.`)
    if (kind(name) !== kind(out))
      throw usageError(
        `${name} is ${kind(name).toUpperCase()} and ${out} ${kind(out).toUpperCase()}: merge outputs of one kind.`,
      )
    if (resolve(name) === resolve(out))
      throw usageError(`${out} is one of the files to merge: write the merge elsewhere.`)
  }
  const read = await Promise.all(
    files.map(async (name) => ({
      name,
      text: await readGivenFile(
        name,
        maxResultsBytes,
        `${basename(name)} is larger than any batch's results.`,
      ),
    })),
  )
  await writeFile(out, kind(out) === 'csv' ? mergeCsv(read) : mergeJsonl(read))
  warn(`Merged ${files.length} files into ${out}.`)
  return exitCodes.done
}
