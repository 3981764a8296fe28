// The background worker: work that takes longer than a person should wait for an answer to anything else —
// fetching, reading and keeping a whole catalog — in a thread of its own, so that neither main nor the data
// worker that answers the window is held by it.
import { join } from 'node:path'
import { workerData } from 'node:worker_threads'
import { connectCatalogDatabase } from '../catalog/catalog-db.ts'
import { catalogFetching } from '../catalog/fetching.ts'
import { serveCalls } from '../workers/serve-calls.ts'

const { userData } = workerData as { userData: string }
// The data worker opened (checked and migrated) the file before it started this thread.
const catalogs = connectCatalogDatabase(join(userData, 'catalog.db'))

serveCalls(catalogFetching(catalogs), () => catalogs.close())
