// A batch's rows as the command line reads them, and one row as every JSON output of it says it: a `row` line of
// `--json`, a line of a `.jsonl` output, a row of a JSON report.
import { answerParts, itemStatusWords, shownAnswers } from '#shared/domain/answers'
import { batchLimits } from '#shared/domain/batch-inputs'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { BatchItem } from '#shared/ipc/routes/batches'
import type { Session } from './session.ts'
import { rowInWhole, type ShardOfInput } from './shards.ts'

/**
 * A batch with all its rows, read a range at a time as the window reads them: the folder owner's data worker
 * reads each range, so a report of a large batch never holds the owner's loop (the app's, when it is open).
 */
export async function wholeBatch(session: Session, id: string) {
  const head = await session.call('batches.get', { id })
  const items: BatchItem[] = []
  const limit = batchLimits.rowsPerRead
  for (let from = 0; from < head.batch.counts.total; from += limit)
    items.push(...(await session.call('batches.rows', { id, from, limit })).items)
  return { ...head, items }
}

export function rowJson(item: BatchItem, questionnaire: Questionnaire, shard: ShardOfInput | null) {
  return {
    /** Numbered as in the whole input file, from 1. */
    row: rowInWhole(item.index, shard) + 1,
    /** The line of the input file the row came from, as the file's problems are named. */
    line: item.line,
    input: item.input,
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
  }
}
