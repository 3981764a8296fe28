// The history's big reads as the data worker answers them: a page of the board, a range of a batch's rows, its
// answers as its scores read them, its exported file's text. Main sends them with `remote` (workers/calls.ts),
// so a new read is written once, here. The answers this makes whole are checked against their routes here,
// once (`checkedIn` in contract.ts).
import type { DatabaseSync } from 'node:sqlite'
import { batchRoutes } from '#shared/ipc/routes/batches'
import { videoRoutes } from '#shared/ipc/routes/videos'
import { type BatchFileRequest, batchFileText } from '../batches/batch-files.ts'
import { batchAnswersIn, batchItemRange, rowsDifferIn } from '../history/decision-batches.ts'
import { type BoardQuery, createBoard } from '../videos/board.ts'

const boardAnswer = videoRoutes['videos.list'].output
const rowsAnswer = batchRoutes['batches.rows'].output
const answersAnswer = batchRoutes['batches.answers'].output

export function createHistoryReads(historyDb: DatabaseSync, mediaUrl: (id: string) => string) {
  const board = createBoard(historyDb, mediaUrl)
  return {
    /** A page of the board as the window gets it, and the rows left out of it because they do not read. */
    boardPage(query: BoardQuery) {
      const { jobs, damaged, total, next, leftOut } = board.page(query)
      return { page: boardAnswer.parse({ jobs, total, next, searchLeftOut: leftOut }), damaged }
    },
    batchRows: (id: string, from: number, limit: number) =>
      rowsAnswer.parse({ items: batchItemRange(historyDb, id, from, limit) }),
    /** A batch's answers as its scores read them, or null when it is not in the history. */
    batchAnswers(id: string) {
      const answers = batchAnswersIn(historyDb, id)
      return answers && answersAnswer.parse(answers)
    },
    batchFile: (request: BatchFileRequest) => batchFileText(historyDb, request),
    /** How many of a batch's rows are not another's, input for input at the same place. */
    rowsDiffer: (id: string, against: string) => rowsDifferIn(historyDb, id, against),
  }
}

export type HistoryReads = ReturnType<typeof createHistoryReads>
