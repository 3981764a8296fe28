import { writeFile } from 'node:fs/promises'
import { SingleBar } from 'cli-progress'
import { formatAmount, parseAmount } from '#shared/domain/money'
import type { BatchItem, BatchSummary } from '#shared/ipc/routes/batches'
import { batchCsv } from '../main/core/batches/batch-files.ts'
import { rowJson, wholeBatch } from './batch-rows.ts'
import { CommandEnd, exitCodes, print, printJson, usageError, warn } from './output.ts'
import { passedThreshold, type Threshold, writeReport } from './reports.ts'
import { OwnerChanged, type Session } from './session.ts'
import { rowInWhole, type ShardOfInput, shardColumns } from './shards.ts'

export const money = (amount: string) => `$${formatAmount(parseAmount(amount))}`

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
      printJson('row', { batch: id, ...rowJson(item, questionnaire, shard) })
    }
  }
}

/** Follows a batch until it settles: a bar on a terminal, a line every few seconds otherwise. */
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
  const { batch, questionnaire, items } = await wholeBatch(session, id)
  // A shard's output says which shard it is and how many rows the whole input has, so a merge can check both.
  const ofShard: [string, number] | null = shard?.total
    ? [`${shard.index}/${shard.count}`, shard.total]
    : null
  if (out.toLowerCase().endsWith('.jsonl')) {
    const lines = items.map((item) =>
      JSON.stringify({
        ...rowJson(item, questionnaire, shard),
        // A CSV's other columns, as the CSV output keeps them.
        ...(batch.sourceColumns && item.source
          ? {
              source: Object.fromEntries(
                batch.sourceColumns.map((name, at) => [name, item.source?.[at] ?? '']),
              ),
            }
          : {}),
        ...(ofShard ? { [shardColumns[0]]: ofShard[0], [shardColumns[1]]: ofShard[1] } : {}),
      }),
    )
    await writeFile(out, `${lines.join('\n')}\n`)
    return
  }
  const numbered: BatchItem[] = items.map((item) => ({ ...item, index: rowInWhole(item.index, shard) }))
  await writeFile(out, batchCsv(questionnaire, numbered, batch.sourceColumns, ofShard))
}

export const outProblem = (out: string | undefined) =>
  out && !/\.(csv|jsonl)$/i.test(out)
    ? usageError(`--out takes a .csv or .jsonl file (it was “${out}”).`)
    : null

/** Runs until the batch settles; Ctrl+C stops sending, keeps what was written and says how to go on. */
export async function runToEnd(
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
