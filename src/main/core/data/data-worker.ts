// The data worker: answers the window's reads of big collections — the kept model catalogs, and the board of
// video jobs — with its own connections to the databases, so that no query, count or search runs on main's loop.
// What takes longer than an answer should (fetching and keeping a catalog) it hands to the background worker.
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { workerData } from 'node:worker_threads'
import { openCatalogDatabase } from '../catalog/catalog-db.ts'
import { createCatalogService } from '../catalog/service.ts'
import { createCatalogStore } from '../catalog/store.ts'
import type { Log } from '../log.ts'
import { type BoardQuery, createBoard } from '../videos/board.ts'
import { reportBlocksWhenAsked } from '../workers/report-blocks.ts'
import { serveCalls, serviceCalls, type WorkerSide } from '../workers/serve-calls.ts'
import { startWorker } from '../workers/worker-client.ts'
import type { BackgroundCalls } from './background-worker.ts'

export interface DataWorkerSettings {
  userData: string
  /** The background worker's module. */
  backgroundEntry: string
}

const settings = workerData as DataWorkerSettings
const notices: string[] = []
const catalogDb = openCatalogDatabase(join(settings.userData, 'catalog.db'), notices)
// The history is main's to write; this thread reads the board from it (WAL lets both at once).
const historyDb = new DatabaseSync(join(settings.userData, 'history.db'), { readOnly: true })
historyDb.exec('PRAGMA busy_timeout = 5000')
const board = createBoard(historyDb)
let side: WorkerSide | undefined
/** This thread's lines go to main's log. */
const log: Log = {
  file: '',
  info: (message, detail) => side?.log('info', message, detail),
  warn: (message, detail) => side?.log('warn', message, detail),
  error: (message, detail) => side?.log('error', message, detail),
}
// Needed a few times an hour (a catalog kept, an archive checked): between those its memory is given back.
const background = startWorker<BackgroundCalls>({
  entry: settings.backgroundEntry,
  data: { userData: settings.userData },
  log,
  idleMs: 60_000,
})
const catalogs = createCatalogService({
  store: createCatalogStore(catalogDb),
  background,
  onChanged: (profileId) => side?.emit('catalog.changed', profileId),
})

const calls = {
  ...serviceCalls('catalog', catalogs),
  boardPage: (query: BoardQuery) => board.page(query),
  // An archive's copy of the history, and the checks of one staged for import, in the background.
  copyHistory: (target: string, secrets: string[]) => background.call('copyHistory', [target, secrets]),
  stagedHistoryProblem: (path: string) => background.call('stagedHistoryProblem', [path]),
  backUpHistory: () => background.call('backUpHistory', []),
}
export type DataCalls = typeof calls

side = serveCalls(calls, async () => {
  await background.close()
  catalogDb.close()
  historyDb.close()
})
reportBlocksWhenAsked('data worker')
// What opening the databases found, for the person.
for (const notice of notices) side.emit('notice', notice)
