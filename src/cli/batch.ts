// `batch run`, `batch resume` and `batch merge`: the app's batch runner over a file of inputs, with a progress
// bar on a terminal (plain lines otherwise), Ctrl+C stopping cleanly, and the results written as CSV or JSON lines.
import { randomUUID } from 'node:crypto'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { basename, resolve } from 'node:path'
import { SingleBar } from 'cli-progress'
import { answerParts, itemStatusWords, shownAnswers } from '#shared/domain/answers'
import {
  type BatchSource,
  batchFileProblem,
  batchSourceOf,
  csvColumn,
  parseBatch,
  textLikeColumn,
} from '#shared/domain/batch-inputs'
import { formatAmount, parseAmount } from '#shared/domain/money'
import { decisionCall, type Questionnaire } from '#shared/domain/questionnaire'
import {
  maxQuestionnaireFileBytes,
  questionnaireFromJson,
  questionnaireTextProblem,
} from '#shared/domain/questionnaire-file'
import { decodeTextFile, startsAsUtf16 } from '#shared/domain/text-encoding'
import type { BatchItem, BatchSummary } from '#shared/ipc/routes/batches'
import { batchCsv } from '../main/core/batches/service.ts'
import { parseFailOn, passedThreshold, reportKindOf, type Threshold, writeReport } from './reports.ts'
import {
  CommandEnd,
  checkConnection,
  commandPrefix,
  exitCodes,
  type GlobalOptions,
  OwnerChanged,
  print,
  printJson,
  type Session,
  table,
  usageError,
  warn,
  withSession,
} from './session.ts'
import {
  mergeCsv,
  mergeJsonl,
  parseShard,
  rowInWhole,
  type ShardOfInput,
  shardColumns,
  shardLabel,
  shardOfName,
  shardRows,
} from './shards.ts'

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

/** A questionnaire by file (exported, or a request body) or by name in the app's library. */
async function questionnaireOf(session: Session, given: string): Promise<Questionnaire> {
  if (given.toLowerCase().endsWith('.json')) {
    const size = await stat(given).then(
      (info) => info.size,
      () => 0,
    )
    if (size > maxQuestionnaireFileBytes)
      throw usageError(
        `${given} is ${(size / 1024 / 1024).toFixed(1)} MiB, larger than any questionnaire can be.`,
      )
    let text: string
    try {
      text = await readFile(given, 'utf8')
    } catch (error) {
      throw usageError(`${given} could not be read: ${(error as Error).message}`)
    }
    const problem = questionnaireTextProblem(text, basename(given))
    if (problem) throw usageError(problem)
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      throw usageError(`${given} could not be read as JSON: ${(error as Error).message}`)
    }
    try {
      return questionnaireFromJson(value, basename(given), randomUUID)
    } catch (error) {
      throw usageError((error as Error).message)
    }
  }
  const library = await session.call('questionnaires.list', {})
  const found = library.find((one) => one.id === given || one.name.toLowerCase() === given.toLowerCase())
  if (!found)
    throw usageError(
      `No questionnaire called “${given}” in the library${library.length ? ` (it has: ${library.map((one) => one.name).join(', ')})` : ''}; give a .json file or a name from it.`,
    )
  return session.call('questionnaires.get', { id: found.id })
}

/** The file's inputs (and a CSV's columns), read by the same rules as the Decisions screen. */
async function inputsOf(path: string, column: string | undefined) {
  const source: BatchSource | null = batchSourceOf(path)
  if (!source)
    throw usageError(`${path} is not batch inputs: give a .txt (one input a line), .csv or .jsonl file.`)
  const size = (await stat(path).catch(() => null))?.size
  if (size === undefined) throw usageError(`${path} does not exist.`)
  const bytes = await readFile(path)
  const problem = batchFileProblem({ name: basename(path), size }, startsAsUtf16(bytes))
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

const money = (amount: string) => `$${formatAmount(parseAmount(amount))}`

/** Follows a batch until it settles: a bar on a terminal, a line every few seconds otherwise. */
/**
 * For a script: a `row` line for each row as it settles, once, numbered as in the whole input file. Rows that
 * settled before `since` (a resume's earlier run) are not said again.
 */
function rowStream(session: Session, id: string, shard: ShardOfInput | null, since: number) {
  const said = new Set<number>()
  let from = since
  return async () => {
    const { questionnaire, items } = await session.call('batches.settled', { id, since: from })
    for (const item of items) {
      from = Math.max(from, item.finishedAt ?? from)
      if (said.has(item.index)) continue
      said.add(item.index)
      printJson('row', {
        batch: id,
        row: rowInWhole(item.index, shard) + 1,
        status: itemStatusWords[item.status],
        answers: item.response
          ? shownAnswers(questionnaire, item.response).map((answer) => ({
              question: answer.title,
              ...answerParts(answer),
            }))
          : null,
        cost: item.cost,
        costEstimated: item.cost === null ? null : item.costEstimated,
        error: item.error ? { code: item.error.code, message: item.error.message } : null,
      })
    }
  }
}

async function follow(
  session: Session,
  id: string,
  json: boolean,
  rows?: () => Promise<void>,
): Promise<BatchSummary> {
  const summary = async (): Promise<BatchSummary> => {
    // A read cut short by the folder changing owner is read again from the new one.
    const list = await session.call('batches.list', {}).catch((error: unknown) => {
      if (error instanceof OwnerChanged) return session.call('batches.list', {})
      throw error
    })
    const found = list.find((batch) => batch.id === id)
    if (!found) throw new CommandEnd(exitCodes.someFailed, 'The batch is no longer in the history.')
    return found
  }
  const started = Date.now()
  // Subscribed before each read, so that a change made while reading is not missed; read at least each second.
  const nextChange = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, 1000)
      const stop = session.events.subscribe((event, payload) => {
        if (event === 'data.changed' && (payload as { topics: string[] }).topics.includes('batches')) done()
      })
      function done() {
        clearTimeout(timer)
        stop()
        resolve()
      }
    })
  let changed = nextChange()
  const first = await summary()
  const startDone = first.counts.done + first.counts.failed
  const bar =
    process.stderr.isTTY && !json
      ? new SingleBar({
          format: 'rows {bar} {value}/{total} | {failed} failed | {spent} | {eta_formatted} left',
          stream: process.stderr,
          hideCursor: true,
        })
      : null
  bar?.start(first.counts.total, startDone, { failed: first.counts.failed, spent: money(first.spent) })
  let lastLine = 0
  let batch = first
  try {
    for (;;) {
      // Ended when the owner's runner has; then its counts are read once more, as the runner left them.
      const settled = batch.status !== 'running'
      if (settled) batch = await summary()
      const finished = batch.counts.done + batch.counts.failed
      if (bar) bar.update(finished, { failed: batch.counts.failed, spent: money(batch.spent) })
      else if (json) {
        await rows?.()
        // A script's progress: a line at most once a second while the batch runs; the result line ends it.
        if (!settled && Date.now() - lastLine >= 1000) {
          lastLine = Date.now()
          printJson('progress', { id, ...batch.counts, spent: batch.spent })
        }
      } else if (Date.now() - lastLine > 2000 || settled) {
        lastLine = Date.now()
        const rate = (finished - startDone) / Math.max(1, Date.now() - started)
        const left = rate > 0 && !settled ? ` · ${Math.ceil(batch.counts.pending / rate / 1000)} s left` : ''
        warn(
          `rows ${finished}/${batch.counts.total} · ${batch.counts.failed} failed · ${money(batch.spent)}${left}`,
        )
      }
      if (settled) return batch
      await changed
      changed = nextChange()
      batch = await summary()
    }
  } finally {
    bar?.stop()
  }
}

/** The results, each row numbered as in the whole input file. */
async function writeResults(
  session: Session,
  id: string,
  out: string,
  shard: ShardOfInput | null,
): Promise<void> {
  const { batch, questionnaire, items } = await session.call('batches.get', { id })
  const numbered: BatchItem[] = items.map((item) => ({ ...item, index: rowInWhole(item.index, shard) }))
  // A shard's output says which shard it is and how many rows the whole input has, so a merge can check both.
  const ofShard: [string, number] | null = shard?.total
    ? [`${shard.index}/${shard.count}`, shard.total]
    : null
  if (out.toLowerCase().endsWith('.jsonl')) {
    const lines = numbered.map((item) =>
      JSON.stringify({
        row: item.index + 1,
        input: item.input,
        // A CSV's other columns, as the CSV output keeps them.
        ...(batch.sourceColumns && item.source
          ? {
              source: Object.fromEntries(
                batch.sourceColumns.map((name, at) => [name, item.source?.[at] ?? '']),
              ),
            }
          : {}),
        status: itemStatusWords[item.status],
        answers: item.response
          ? shownAnswers(questionnaire, item.response).map((answer) => ({
              question: answer.title,
              ...answerParts(answer),
            }))
          : null,
        cost: item.cost,
        cost_estimated: item.cost === null ? null : item.costEstimated,
        error: item.error?.message ?? null,
        ...(ofShard ? { [shardColumns[0]]: ofShard[0], [shardColumns[1]]: ofShard[1] } : {}),
      }),
    )
    await writeFile(out, `${lines.join('\n')}\n`)
  } else await writeFile(out, batchCsv(questionnaire, numbered, batch.sourceColumns, ofShard))
}

const outProblem = (out: string | undefined) =>
  out && !/\.(csv|jsonl)$/i.test(out)
    ? usageError(`--out takes a .csv or .jsonl file (it was “${out}”).`)
    : null

/** Runs until the batch settles; Ctrl+C stops sending, keeps what was written and says how to go on. */
async function runToEnd(
  session: Session,
  id: string,
  options: {
    out?: string
    json: boolean
    shard: ShardOfInput | null
    again: string
    report?: string | undefined
    thresholds: Threshold[]
    /** When this command started or resumed the batch: rows settled from then on are streamed. */
    since: number
  },
) {
  let interrupted = false
  const onSignal = () => {
    interrupted = true
    void session.call('batches.cancel', { id })
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    const rows = options.json ? rowStream(session, id, options.shard, options.since) : undefined
    let batch = await follow(session, id, options.json, rows)
    // The folder changed owner under the batch (the app took it over, or the app quit): it stopped there,
    // resumable, and goes on with the new owner, each row sent once more only if no answer was written for it.
    for (let seen = 0; batch.status === 'interrupted' && !interrupted && session.ownerChanges() > seen; ) {
      seen = session.ownerChanges()
      if (!options.json) warn('The batch goes on where it stopped.')
      await session.call('batches.resume', { id })
      batch = await follow(session, id, options.json, rows)
    }
    if (options.out) await writeResults(session, id, options.out, options.shard)
    if (options.report) await writeReport(session, id, options.report, options.shard)
    const passed = passedThreshold(batch, options.thresholds)
    const line = {
      id,
      status: interrupted ? 'interrupted' : batch.status,
      rows: batch.counts.total,
      done: batch.counts.done,
      failed: batch.counts.failed,
      pending: batch.counts.pending,
      spent: batch.spent,
      out: options.out ?? null,
    }
    const endings: Record<string, string> = {
      capped: 'Stopped at the spend cap',
      over_budget: 'Stopped at the profile’s budget',
      cancelled: 'Cancelled in the app or by another command',
      interrupted: 'Stopped: the app took this command for gone',
      unreachable: 'Stopped: the service could not be reached, the rows left are waiting',
    }
    if (options.json) printJson('batch', line)
    else {
      print(
        `${interrupted ? 'Stopped' : (endings[batch.status] ?? 'Done')}: ${batch.counts.done} answered, ${batch.counts.failed} failed, ${batch.counts.pending} waiting · spent ${money(batch.spent)}${options.out ? ` · results in ${options.out}` : ''}`,
      )
      if (batch.counts.pending > 0)
        print(`Go on with: ${options.again} batch resume ${id}${options.out ? ` --out ${options.out}` : ''}`)
      if (batch.counts.failed > 0)
        print(`Send the failed rows again with: ${options.again} batch resume ${id} --retry-failed`)
    }
    if (interrupted) return exitCodes.interrupted
    if (batch.status === 'unreachable') return exitCodes.unreachable
    if (batch.status === 'capped' || batch.status === 'over_budget') return exitCodes.stopped
    if (passed) {
      warn(passed)
      return exitCodes.failOn
    }
    // A --fail-on failed=N allows that many failed rows; without one, any fails the command.
    const allowed = options.thresholds.some((threshold) => threshold.what === 'failed')
    return (batch.counts.failed > 0 && !allowed) || batch.counts.pending > 0
      ? exitCodes.someFailed
      : exitCodes.done
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
}

export function batchRun(
  global: GlobalOptions,
  questionnaireArg: string,
  inputsArg: string,
  options: RunOptions,
) {
  const shard = options.shard ? parseShard(options.shard) : null
  const concurrency = Number(options.concurrency ?? 4)
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16)
    throw usageError('--concurrency takes a whole number from 1 to 16.')
  const retries = Number(options.retries ?? 3)
  if (!Number.isInteger(retries) || retries < 0 || retries > 10)
    throw usageError('--retries takes a whole number from 0 to 10.')
  if (options.maxSpend !== undefined && !/^\d+(\.\d+)?$/.test(options.maxSpend))
    throw usageError('--max-spend takes an amount in USD, like 2.50.')
  const bad = outProblem(options.out)
  if (bad) throw bad
  if (options.report) reportKindOf(options.report)
  const thresholds = parseFailOn(options.failOn ?? [])
  return withSession(global, {}, async (session) => {
    await checkConnection(session)
    const questionnaire = await questionnaireOf(session, questionnaireArg)
    const read = await inputsOf(inputsArg, options.column)
    if (read.problems.length)
      throw usageError(
        `${inputsArg} has lines that cannot be used: ${read.problems
          .slice(0, 5)
          .map((problem) => `line ${problem.line}: ${problem.message}`)
          .join('; ')}`,
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
  return withSession(global, {}, async (session) => {
    const batch = (await session.call('batches.list', {})).find(
      (one) => one.id === id || one.id.startsWith(id),
    )
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
  return withSession(global, {}, async (session) => {
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
      text: await readFile(name, 'utf8').catch((error: NodeJS.ErrnoException) => {
        throw usageError(
          error.code === 'ENOENT' ? `${name} does not exist.` : `${name} could not be read: ${error.message}`,
        )
      }),
    })),
  )
  await writeFile(out, kind(out) === 'csv' ? mergeCsv(read) : mergeJsonl(read))
  warn(`Merged ${files.length} files into ${out}.`)
  return exitCodes.done
}
