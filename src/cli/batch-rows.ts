// One row of a batch as every JSON output of the command line says it: a `row` line of `--json`, a line of a
// `.jsonl` output, a row of a JSON report.
import { answerParts, itemStatusWords, shownAnswers } from '#shared/domain/answers'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { BatchItem } from '#shared/ipc/routes/batches'
import { rowInWhole, type ShardOfInput } from './shards.ts'

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
