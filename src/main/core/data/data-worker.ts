// The data worker: answers the window's reads of big collections — the kept model catalogs, the board of video
// jobs, a batch's rows, its answers as its scores read them and its exported file's text — with its own
// connections to the databases, so that no query, count or search runs on main's loop.
// What takes longer than an answer should (fetching and keeping a catalog) it asks main to hand to the
// background worker, which main starts and retires.
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { workerData } from 'node:worker_threads'
import { openCatalogDatabase } from '../catalog/catalog-db.ts'
import { createCatalogService } from '../catalog/service.ts'
import { createCatalogStore } from '../catalog/store.ts'
import { serveCalls, serviceCalls, type WorkerClient, type WorkerSide } from '../workers/calls.ts'
import { reportBlocksWhenAsked } from '../workers/report-blocks.ts'
import type { BackgroundCalls } from './background-worker.ts'
import { createHistoryReads } from './history-reads.ts'

export interface DataWorkerSettings {
  userData: string
  /** The platform's address of a media item, before its id. */
  mediaUrls: string
}

const settings = workerData as DataWorkerSettings
const notices: string[] = []
const catalogDb = openCatalogDatabase(join(settings.userData, 'catalog.db'), notices)
// The history is main's to write; this thread reads the board from it (WAL lets both at once).
const historyDb = new DatabaseSync(join(settings.userData, 'history.db'), { readOnly: true })
historyDb.exec('PRAGMA busy_timeout = 5000')
let side: WorkerSide | undefined
// Main makes the background worker's calls for this thread: `answer` in compose.ts.
const background = {
  call: (method, args) => (side as WorkerSide).ask(method, args),
} as Pick<WorkerClient<BackgroundCalls>, 'call'>
const catalogs = createCatalogService({
  store: createCatalogStore(catalogDb),
  background,
  onChanged: (profileId) => side?.emit('catalog.changed', profileId),
})

const history = createHistoryReads(historyDb, (id) => `${settings.mediaUrls}${id}`)
const calls = { ...serviceCalls('catalog', catalogs), ...serviceCalls('history', history) }
export type DataCalls = typeof calls

side = serveCalls(calls, () => {
  catalogDb.close()
  historyDb.close()
})
reportBlocksWhenAsked('data worker')
// What opening the databases found, for the person.
for (const notice of notices) side.emit('notice', notice)
