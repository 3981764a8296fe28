// The background worker: work that takes longer than a person should wait for an answer to anything else —
// fetching, reading and keeping a whole catalog; copying or checking a whole history for an archive — in a
// thread of its own, so that neither main nor the data worker that answers the window is held by it. Main
// starts it for a call (its own, or one the data worker asks for) and ends it when idle.
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { workerData } from 'node:worker_threads'
import { copyHistory, stagedHistoryProblem } from '../archive/archive-checks.ts'
import { connectCatalogDatabase } from '../catalog/catalog-db.ts'
import { catalogFetching } from '../catalog/fetching.ts'
import { backUpHistory } from '../history/backup.ts'
import { serveCalls } from '../workers/calls.ts'
import { lowerThisThread } from '../workers/low-priority.ts'

// Seconds of parsing and writing must not take a core from the threads that answer the window.
lowerThisThread()

const { userData } = workerData as { userData: string }
// Connected at the first catalog call: the data worker opened (checked and migrated) the file before it asks
// for one, and an archive's or a backup's call needs no catalog.
let catalogs: DatabaseSync | undefined
const calls = {
  ...catalogFetching(() => (catalogs ??= connectCatalogDatabase(join(userData, 'catalog.db')))),
  copyHistory: (target: string, secrets: string[]) =>
    copyHistory(join(userData, 'history.db'), target, secrets),
  stagedHistoryProblem,
  backUpHistory: () => backUpHistory(join(userData, 'history.db')),
}
export type BackgroundCalls = typeof calls

serveCalls(calls, () => catalogs?.close())
