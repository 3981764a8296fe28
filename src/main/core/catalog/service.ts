// The model catalog of one profile: the three listing styles fetched together, kept in the history
// with their time (the newest two, for "what changed"), and served from there when the service cannot be
// reached. The unified list feeds the screens that pick a model; the merged records feed the browser. Keeping,
// reading and comparing the catalog on disk is spread over the event loop (kept-catalog.ts).

import { type CatalogChanges, type CatalogModel, type PlaygroundUse, servesUse } from '#shared/domain/catalog'
import { positionsInOrder } from '#shared/domain/catalog-orders'
import {
  createModelFilterer,
  facetsOf,
  type ModelFilter,
  type SortColumn,
  sortingModels,
} from '#shared/domain/catalog-view'
import { AppError } from '#shared/ipc/app-error'
import type { CatalogSnapshot } from '#shared/ipc/routes/catalog'
import type { Gateway } from '../gateway/gateway.ts'
import type { History } from '../history/history.ts'
import {
  inSlices,
  mergeRaw,
  mergingRaw,
  type RawListings,
  type SpreadWork,
  spreadOut,
} from './browser-records.ts'
import { askEachStyle, modelInEachStyle } from './each-style.ts'
import { comparingWithKept, createCatalogKeeper, keptInEachStyle, readingAtStart } from './kept-catalog.ts'

const freshForMs = 5 * 60_000
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))
const timeoutMs = 15_000

interface Kept {
  raw: RawListings
  fetchedAt: number
  fresh: boolean
  problem: string | null
  merged?: CatalogModel[]
  /** The merge under way in the background since the catalog was read. */
  merging?: SpreadWork<CatalogModel[]>
  /** Settles when the browser's records are ready (or no longer wanted). */
  prepared?: Promise<void>
  facets?: ReturnType<typeof facetsOf>
  /** Read from disk when the app started and older than a fresh catalog: shown at once, refreshed after. */
  outdated?: boolean
  /** The snapshot whose generative and message-native styles were left on disk (read at a start). */
  stylesOnDisk?: number
  /** The snapshot this catalog is kept as on disk, once written; undefined when it is not. */
  snapshot: Promise<number | undefined>
  /** The snapshot kept before this catalog: what "what changed" compares with. */
  before?: Promise<number | undefined>
  /** What changed since then (worked out once, when first asked); null when there is nothing to compare. */
  changes?: Promise<({ since: number } & CatalogChanges) | null>
}

export function createCatalogService(deps: {
  history: History
  gateway: Gateway
  profileId: string
  now?: () => number
  /**
   * The catalog's state changed in the background (another catalog replaced it, or it could not be kept on
   * disk): screens read it again.
   */
  onChanged?: () => void
}) {
  const now = deps.now ?? Date.now
  const { profileId } = deps
  let memory: Kept | undefined
  const { listings } = deps.gateway

  const fetchAll = () => askEachStyle(listings, { timeoutMs })

  let fetching: Promise<Kept> | undefined
  let reading: Promise<void> | undefined
  const keeper = createCatalogKeeper(deps.history, profileId)

  /** The newest catalog kept on disk, for the first look after a start (no wait for the service). */
  async function keptOnDisk(): Promise<Kept | undefined> {
    const [last, previous] = deps.history.catalogSnapshots.latest(profileId, 2)
    if (!last) return undefined
    const { raw, merged } = await inSlices(readingAtStart(deps.history, last.id))
    return {
      raw,
      ...(merged ? { merged, stylesOnDisk: last.id } : {}),
      fetchedAt: last.fetchedAt,
      fresh: true,
      problem: null,
      outdated: now() - last.fetchedAt >= freshForMs,
      snapshot: Promise.resolve(last.id),
      ...(previous ? { before: Promise.resolve(previous.id) } : {}),
    }
  }

  /**
   * The catalog kept on disk becomes the one in memory (its records worked out in the background), unless a
   * fetch brought one meanwhile. Screens asking while it is read share the read.
   */
  function readFromDisk(): Promise<void> {
    reading ??= keptOnDisk()
      .then((onDisk) => {
        if (onDisk && !memory) keep(onDisk)
      })
      .finally(() => {
        reading = undefined
      })
    return reading
  }

  /**
   * Keeps a fetched catalog on disk in the background, after the ones before it and once its records are worked
   * out; if that fails, the catalog shown says so.
   */
  function save(kept: Kept): Promise<number | undefined> {
    const records = () => {
      if (!kept.merged && !kept.merging?.ended()) return undefined
      try {
        return mergedOf(kept)
      } catch {
        return undefined
      }
    }
    return keeper
      .keep(kept.fetchedAt, kept.raw, kept.merging?.done ?? Promise.resolve(), records)
      .catch((error: unknown) => {
        const why = error instanceof Error ? error.message : String(error)
        kept.problem = `${kept.problem ? `${kept.problem} ` : ''}This catalog could not be kept on disk (${why}): it will not be there to show when the service cannot be reached.`
        deps.onChanged?.()
        return undefined
      })
  }

  /** The catalog to show; `orOutdated` accepts one kept on disk that a refresh should follow. */
  async function current(refresh: boolean, orOutdated = false): Promise<Kept> {
    if (!memory && !refresh) await readFromDisk()
    const cached = memory
    if (cached && !refresh) {
      const usable = cached.outdated ? orOutdated : cached.fresh && now() - cached.fetchedAt < freshForMs
      if (usable) return cached
    }
    // Screens asking at the same moment share one round of the three listings.
    fetching ??= fetchAndKeep().finally(() => {
      fetching = undefined
    })
    return fetching
  }

  async function fetchAndKeep(): Promise<Kept> {
    try {
      const { raw, problem } = await fetchAll()
      const kept: Kept = {
        raw,
        fetchedAt: now(),
        fresh: true,
        problem,
        snapshot: Promise.resolve(undefined),
        // The catalog shown until now (perhaps still being written), or else the newest kept.
        before: memory
          ? memory.snapshot
          : Promise.resolve(deps.history.catalogSnapshots.latest(profileId, 1)[0]?.id),
      }
      keep(kept)
      kept.snapshot = save(kept)
      return kept
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      const last = memory ?? (await keptOnDisk())
      if (!last) throw error
      const kept: Kept = {
        raw: last.raw,
        ...(last.merged ? { merged: last.merged } : {}),
        ...(last.stylesOnDisk === undefined ? {} : { stylesOnDisk: last.stylesOnDisk }),
        snapshot: last.snapshot,
        fetchedAt: last.fetchedAt,
        fresh: false,
        problem: `The service could not be reached (${error.message}). This is the catalog kept from that time.`,
      }
      keep(kept)
      return kept
    }
  }

  const mergedOf = (kept: Kept) => {
    kept.merged ??= kept.merging?.now() ?? mergeRaw(kept.raw)
    return kept.merged
  }
  /**
   * Once a catalog is read, the browser's records are worked out in the background: the merge, then the
   * filters' values and the order of ids the table opens on, each while nothing else waits.
   */
  function keep(kept: Kept): void {
    const replaced = memory !== undefined && memory.fetchedAt !== kept.fetchedAt
    memory = kept
    // A screen may hold the catalog it showed (the model browser holds it whole): it is told of the new one,
    // however it came (a screen's refresh, or a read after the one in memory grew old).
    if (replaced) deps.onChanged?.()
    if (kept.prepared) return
    const wanted = () => memory === kept
    // Records read from disk with the catalog need no merge.
    const merging = kept.merged ? undefined : spreadOut(mergingRaw(kept.raw), wanted)
    if (merging) kept.merging = merging
    kept.prepared = (async () => {
      await merging?.done
      await nextTurn()
      if (!wanted()) return
      facetsOfKept(kept)
      if (wanted()) await spreadOut(sortingModels(mergedOf(kept), 'id', false), wanted).done
    })().catch(() => {
      // A merge that fails is reported to the screen that asks for the records.
    })
  }

  /**
   * The catalog as kept, its records worked out: scrolling or typing never waits for the service. When another
   * screen's refresh replaces it, the page sees a new `fetchedAt` and reads everything again.
   */
  async function keptRecords(): Promise<Kept> {
    if (!memory) await readFromDisk()
    const kept = memory ?? (await current(false, true))
    await kept.merging?.done
    return kept
  }

  /** An order of the catalog, worked out a slice at a time when it is not yet: main answers meanwhile. */
  const sortedInSlices = (kept: Kept, sort: SortColumn, descending: boolean) =>
    inSlices(sortingModels(mergedOf(kept), sort, descending))

  const facetsOfKept = (kept: Kept) => {
    kept.facets ??= facetsOf(mergedOf(kept))
    return kept.facets
  }
  /** The browser's filter, narrowing the last result while the person keeps typing. */
  const filterer = createModelFilterer()

  /**
   * What changed since the catalog kept before this one (a fresh one, or the newest on disk after a start):
   * worked out once, in the background, while main keeps answering.
   */
  function changesOf(kept: Kept): NonNullable<Kept['changes']> {
    if (kept.changes) return kept.changes
    const changes = (async () => {
      if (kept.outdated || !kept.fresh || !kept.before) return null
      const beforeId = await kept.before
      const before = beforeId === undefined ? undefined : deps.history.catalogSnapshots.byId(beforeId)
      if (!before) return null
      await kept.merging?.done
      return {
        since: before.fetchedAt,
        ...(await inSlices(comparingWithKept(deps.history, before.id, mergedOf(kept)))),
      }
    })()
    kept.changes = changes
    // A comparison that failed is worked out again when next asked.
    changes.catch(() => {
      if (kept.changes === changes) kept.changes = undefined
    })
    return changes
  }

  /** The catalog (from disk at once after a start) with its records worked out, and its state. */
  async function browsed(refresh: boolean) {
    const kept = await current(refresh, true)
    // The records are worked out in the background, between other requests: they are waited for, not forced.
    await kept.merging?.done
    return {
      kept,
      state: {
        fetchedAt: kept.fetchedAt,
        fresh: kept.fresh,
        problem: kept.problem,
        outdated: kept.outdated ?? false,
      },
    }
  }

  return {
    async models(refresh: boolean, output?: string): Promise<CatalogSnapshot> {
      const kept = await current(refresh)
      if (!kept.raw.unified)
        throw new AppError({
          code: 'unavailable',
          message: kept.problem ?? 'The unified listing did not answer.',
        })
      const models = output
        ? kept.raw.unified.filter((model) => model.architecture.output_modalities.includes(output))
        : kept.raw.unified
      return { models, fetchedAt: kept.fetchedAt, fresh: kept.fresh }
    },

    async browse(refresh: boolean) {
      const { kept, state } = await browsed(refresh)
      return { models: mergedOf(kept), ...state }
    },

    /** The models the playground lists for `use`: ids, names and roles only. */
    async choices(use: PlaygroundUse, refresh: boolean) {
      const { kept, state } = await browsed(refresh)
      const models = mergedOf(kept)
        .filter((model) => servesUse(model, use))
        .map(({ id, name, roles }) => ({ id, name, roles }))
      return { models, ...state }
    },

    /** The browser's view without the models themselves: a 50,000-model catalog stays in this process. */
    async overview(refresh: boolean) {
      const { kept, state } = await browsed(refresh)
      return { ...state, size: mergedOf(kept).length, facets: facetsOfKept(kept) }
    },

    /**
     * What changed since the catalog kept before the one in memory, once worked out; the service is asked only
     * when there is no catalog at all.
     */
    async changes() {
      const kept = await keptRecords()
      return { fetchedAt: kept.fetchedAt, changes: await changesOf(kept) }
    },

    /** Reads the kept catalog, if no screen has, and settles once the browser's records are ready. */
    async prepare(): Promise<void> {
      await nextTurn()
      try {
        if (!memory) await readFromDisk()
      } catch {
        // A kept catalog that cannot be read is reported to the screen that asks for it, not here.
      }
      await memory?.prepared
    },

    /** Writes what is left of the catalogs being kept, at once: called before the history closes. */
    finishSaving: () => keeper.finish(),

    /** One sorted order of the catalog as kept, as each model's place in the order of ids. */
    async order(sort: SortColumn, descending: boolean) {
      const kept = await keptRecords()
      await sortedInSlices(kept, sort, descending)
      return { positions: positionsInOrder(mergedOf(kept), sort, descending), fetchedAt: kept.fetchedAt }
    },

    /** One page of the filtered, sorted catalog, and how many models the filter matches. */
    async rows(query: {
      filter: ModelFilter
      sort: SortColumn
      descending: boolean
      offset: number
      limit: number
    }) {
      const kept = await keptRecords()
      const shown = filterer(await sortedInSlices(kept, query.sort, query.descending), query.filter)
      return {
        rows: shown.slice(query.offset, query.offset + query.limit),
        total: shown.length,
        fetchedAt: kept.fetchedAt,
      }
    },

    /** One model in each style: fresh from the single-model routes, or as last kept. */
    async model(id: string, refresh: boolean) {
      if (refresh) {
        const { model, raw } = await modelInEachStyle(listings, id, { timeoutMs })
        if (!model) throw new AppError({ code: 'not_found', message: `No model ${id}.` })
        return { model, raw, fetchedAt: now() }
      }
      const kept = await current(false)
      await kept.merging?.done
      const model = mergedOf(kept).find((m) => m.id === id)
      if (!model) throw new AppError({ code: 'not_found', message: `${id} is not in the catalog.` })
      const raw = await keptInEachStyle(deps.history, kept.raw, kept.stylesOnDisk, model)
      return { model, raw, fetchedAt: kept.fetchedAt }
    },

    /** A provider's models, fresh from the by-provider routes. */
    async provider(provider: string) {
      const { raw } = await askEachStyle(listings, { timeoutMs }, provider)
      return { models: mergeRaw(raw), fetchedAt: now() }
    },
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>
