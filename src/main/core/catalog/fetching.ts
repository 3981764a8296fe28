// Fetching a profile's catalog and keeping it, one model fresh from its single-model routes, and a provider's
// models from the by-provider routes: the background worker's calls. Listings are public routes, so no key is
// needed, nor ever given to the thread that runs these.
import type { DatabaseSync } from 'node:sqlite'
import { AppError } from '#shared/ipc/app-error'
import { createGateway } from '../gateway/gateway.ts'
import { createTransport } from '../gateway/transport.ts'
import { askEachStyle, modelInEachStyle } from './each-style.ts'
import { keepCatalog } from './keep-catalog.ts'
import { inIdOrder } from './orders.ts'
import { byModel, recordOf } from './records.ts'

const timeoutMs = 15_000

const listingsAt = (baseUrl: string) =>
  createGateway(createTransport({ connection: async () => ({ baseUrl, apiKey: null }) })).listings

/** `db`: the catalogs' database, connected when first kept into. */
export function catalogFetching(db: () => DatabaseSync) {
  return {
    /** Fetches a profile's whole catalog in the three styles and keeps it. */
    async keepCatalog(profileId: string, baseUrl: string, fetchedAt: number, signal?: AbortSignal) {
      const { raw, problem } = await askEachStyle(listingsAt(baseUrl), { timeoutMs, signal })
      return { ...keepCatalog(db(), { profileId, fetchedAt, listings: raw, problem }), problem }
    },
    /** One provider's models, fresh from the by-provider routes, in the order of ids. */
    async providerModels(baseUrl: string, provider: string, signal?: AbortSignal) {
      const { raw } = await askEachStyle(listingsAt(baseUrl), { timeoutMs, signal }, provider)
      return inIdOrder(byModel(raw).map(recordOf))
    },
    /** One model in each style, fresh from the single-model routes. */
    async freshModel(baseUrl: string, id: string, signal?: AbortSignal) {
      const { model, raw } = await modelInEachStyle(listingsAt(baseUrl), id, { timeoutMs, signal })
      if (!model) throw new AppError({ code: 'not_found', message: `No model ${id}.` })
      return { model, raw }
    },
  }
}

export type CatalogFetching = ReturnType<typeof catalogFetching>
