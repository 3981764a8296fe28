// One profile's catalog as main asks for it: the data worker's catalog service, each call with the profile's id
// and its service's address first, and a signal that cancels it when nobody waits for the answer any more.
import type { DataCalls } from '../data/data-worker.ts'
import { type Remote, remote } from '../workers/service-calls.ts'
import type { WorkerClient } from '../workers/worker-client.ts'
import type { CatalogService, CatalogSource } from './service.ts'

export type ProfileCatalog = Remote<CatalogService, [CatalogSource]>

export const profileCatalog = (
  data: WorkerClient<DataCalls>,
  source: () => Promise<CatalogSource>,
): ProfileCatalog => remote(data as never, 'catalog', async () => [await source()])
