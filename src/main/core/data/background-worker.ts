// The background worker: work that takes longer than a person should wait for an answer to anything else —
// fetching, reading and keeping a whole catalog; copying or checking a whole history for an archive — in a
// thread of its own, so that neither main nor the data worker that answers the window is held by it.
import { join } from 'node:path'
import { workerData } from 'node:worker_threads'
import { copyHistory, stagedHistoryProblem } from '../archive/archive-checks.ts'
import { connectCatalogDatabase } from '../catalog/catalog-db.ts'
import { catalogFetching } from '../catalog/fetching.ts'
import { backUpHistory } from '../history/backup.ts'
import { lowerThisThread } from '../workers/low-priority.ts'
import { serveCalls } from '../workers/serve-calls.ts'

// Seconds of parsing and writing must not take a core from the threads that answer the window.
lowerThisThread()

const { userData } = workerData as { userData: string }
// The data worker opened (checked and migrated) the file before it started this thread.
const catalogs = connectCatalogDatabase(join(userData, 'catalog.db'))

const calls = {
  ...catalogFetching(catalogs),
  copyHistory: (target: string, secrets: string[]) =>
    copyHistory(join(userData, 'history.db'), target, secrets),
  stagedHistoryProblem,
  backUpHistory: () => backUpHistory(join(userData, 'history.db')),
}
export type BackgroundCalls = typeof calls

serveCalls(calls, () => catalogs.close())
