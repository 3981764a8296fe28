// One profile's catalog as main asks for it: each call goes to the data worker with the profile's id and its
// service's address, and a signal that cancels it when nobody waits for the answer any more.
import type { PickedKind, PlaygroundUse } from '#shared/domain/catalog'
import type { ModelFilter, SortColumn } from '#shared/domain/catalog-view'
import type { DataCalls } from '../data/data-worker.ts'
import type { WorkerClient } from '../workers/worker-client.ts'
import type { CatalogService, CatalogSource } from './service.ts'

export function profileCatalog(data: WorkerClient<DataCalls>, source: () => Promise<CatalogSource>) {
  return {
    overview: async (refresh: boolean, signal?: AbortSignal) =>
      data.call('catalogOverview', [await source(), refresh], signal),
    rows: async (
      query: { filter: ModelFilter; sort: SortColumn; descending: boolean; offset: number; limit: number },
      signal?: AbortSignal,
    ) => data.call('catalogRows', [await source(), query], signal),
    points: async (filter: ModelFilter, signal?: AbortSignal) =>
      data.call('catalogPoints', [await source(), filter], signal),
    changes: async (signal?: AbortSignal) => data.call('catalogChanges', [await source()], signal),
    model: async (id: string, refresh: boolean, signal?: AbortSignal) =>
      data.call('catalogModel', [await source(), id, refresh], signal),
    provider: async (provider: string, signal?: AbortSignal) =>
      data.call('catalogProvider', [await source(), provider], signal),
    choices: async (
      query: { use: PlaygroundUse; text: string; limit: number; chosen: string },
      signal?: AbortSignal,
    ) => data.call('catalogChoices', [await source(), query], signal),
    /** A screen's list as its model field shows it: what is typed matched, the chosen model looked up. */
    picks: async (kind: PickedKind, query: Parameters<CatalogService['picks']>[2], signal?: AbortSignal) =>
      data.call('catalogPicks', [await source(), kind, query], signal),
    /** The models of a screen's list a request names: by id, or a decision model by its name without provider. */
    named: async (kind: PickedKind, name: string, signal?: AbortSignal) =>
      data.call('catalogNamed', [await source(), kind, name], signal),
    /** The same from the catalog kept now, never fetched: an estimate's read. */
    keptNamed: async (kind: PickedKind, name: string) =>
      data.call('catalogKeptNamed', [await source(), kind, name]),
    /** One model of the catalog kept now, never fetched, or null: an estimate's prices. */
    keptModel: async (id: string) => data.call('catalogKeptModel', [await source(), id]),
  }
}

export type ProfileCatalog = ReturnType<typeof profileCatalog>
