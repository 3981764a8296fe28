// What a CI system reads of a batch: a JUnit XML report (one test case per row and question: an answer passes,
// a failed row fails with its error, a row not sent is skipped) or a JSON one, and `--fail-on` thresholds that
// turn a batch that ran into a failed step.
import { writeFile } from 'node:fs/promises'
import { answerParts, shownAnswers } from '#shared/domain/answers'
import { formatAmount, parseAmount } from '#shared/domain/money'
import type { BatchItem, BatchSummary } from '#shared/ipc/routes/batches'
import { rowJson, wholeBatch } from './batch-rows.ts'
import { usageError } from './output.ts'
import type { Session } from './session.ts'
import { rowInWhole, type ShardOfInput } from './shards.ts'

export type ReportKind = 'junit' | 'json'

/** The report a file's name asks for: `.xml` is JUnit, `.json` a JSON document. */
export function reportKindOf(path: string): ReportKind {
  if (/\.xml$/i.test(path)) return 'junit'
  if (/\.json$/i.test(path)) return 'json'
  throw usageError(`--report takes a .xml (JUnit) or .json file (it was “${path}”).`)
}

export interface Threshold {
  what: 'failed' | 'spend'
  /** Failed rows, or USD in the money type's units. */
  limit: bigint
  text: string
}

/** `failed=N` (more than N failed rows fails the step) or `spend=USD` (spending more than that). */
export function parseFailOn(values: readonly string[]): Threshold[] {
  return values.map((value) => {
    const match = /^(failed|spend)=(\d+(?:\.\d+)?)$/.exec(value.trim())
    if (!match || (match[1] === 'failed' && match[2]?.includes('.')))
      throw usageError(
        `--fail-on takes failed=N or spend=USD, such as failed=0 or spend=2.50 (it was “${value}”).`,
      )
    const what = match[1] as Threshold['what']
    const limit = what === 'failed' ? BigInt(match[2] ?? '0') : parseAmount(match[2] ?? '0')
    return { what, limit, text: value.trim() }
  })
}

/** The first threshold the batch passed, in words; null when it passed none. */
export function passedThreshold(batch: BatchSummary, thresholds: readonly Threshold[]): string | null {
  for (const threshold of thresholds) {
    if (threshold.what === 'failed' && BigInt(batch.counts.failed) > threshold.limit)
      return `${batch.counts.failed} rows failed, more than --fail-on ${threshold.text} allows`
    if (threshold.what === 'spend' && parseAmount(batch.spent) > threshold.limit)
      return `$${formatAmount(parseAmount(batch.spent))} spent, more than --fail-on ${threshold.text} allows`
  }
  return null
}

/** Text as XML 1.0 holds it, in an attribute or an element. */
export const escaped = (text: string) =>
  text
    // Characters XML 1.0 cannot hold at all, then the five it must escape.
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD]/gu, '\uFFFD')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')

const inputText = (item: BatchItem) =>
  typeof item.input === 'string' ? item.input : JSON.stringify(item.input)

/** Writes the batch's report, each row numbered as in the whole input file. */
export async function writeReport(
  session: Session,
  id: string,
  path: string,
  shard: ShardOfInput | null,
): Promise<void> {
  const { batch, questionnaire, items } = await wholeBatch(session, id)
  const rows = items.map((item) => ({ ...item, index: rowInWhole(item.index, shard) }))
  const titles = questionnaire.questions.map(
    (question, index) => question.name.trim() || `Question ${index + 1}`,
  )
  if (reportKindOf(path) === 'json') {
    const report = {
      kind: 'report',
      batch,
      rows: items.map((item) => rowJson(item, questionnaire, shard)),
    }
    await writeFile(path, `${JSON.stringify(report, null, 2)}\n`)
    return
  }
  const cases = rows.flatMap((item) => {
    const answers = item.response ? shownAnswers(questionnaire, item.response) : []
    const seconds = item.durationMs === null ? 0 : item.durationMs / 1000
    return titles.map((title, question) => {
      const head = `<testcase classname="row ${item.index + 1}" name="${escaped(title)}" time="${seconds}">`
      if (item.status === 'failed')
        return `${head}<failure message="${escaped(item.error?.message ?? 'failed')}" type="${escaped(item.error?.code ?? 'failed')}">${escaped(inputText(item))}</failure></testcase>`
      if (item.status === 'pending')
        return `${head}<skipped message="not sent: the batch stopped first"/></testcase>`
      const answer = answers[question]
      const parts = answer ? answerParts(answer) : { value: '', number: null }
      const number = parts.number === null ? '' : ` (${Number(parts.number.toFixed(4))})`
      return `${head}<system-out>${escaped(`${parts.value}${number} — ${inputText(item)}`)}</system-out></testcase>`
    })
  })
  const failures = batch.counts.failed * titles.length
  const skipped = batch.counts.pending * titles.length
  const suite = `<testsuite name="${escaped(batch.name)}" tests="${cases.length}" failures="${failures}" skipped="${skipped}" errors="0">`
  await writeFile(
    path,
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<testsuites name="gateway-desk" tests="${cases.length}" failures="${failures}" skipped="${skipped}" errors="0">`,
      suite,
      ...cases.map((line) => `  ${line}`),
      '</testsuite>',
      '</testsuites>',
      '',
    ].join('\n'),
  )
}
