// The model catalog of one profile: the three listing styles fetched together, kept in the history
// with their time (the newest two, for "what changed"), and served from there when the service cannot be
// reached. The unified list feeds the screens that pick a model; the merged records feed the browser.
import type { UnifiedModel } from '#shared/api/models'
import {
  type CatalogModel,
  diffCatalogs,
  type ListingStyle,
  type PlaygroundUse,
  servesUse,
} from '#shared/domain/catalog'
import {
  createModelFilterer,
  facetsOf,
  type ModelFilter,
  type SortColumn,
  sortModels,
} from '#shared/domain/catalog-view'
import { AppError } from '#shared/ipc/app-error'
import type { CatalogSnapshot } from '#shared/ipc/routes/catalog'
import type { Gateway } from '../gateway/gateway.ts'
import type { History } from '../history/history.ts'
import { mergeRaw, mergingRaw, type RawListings, type SpreadWork, spreadOut } from './browser-records.ts'

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
  /** What changed since the catalog kept before it (worked out once); null when there is nothing to compare. */
  changes?: ({ since: number } & ReturnType<typeof diffCatalogs>) | null
}

/** Snapshots written before the styles were kept together hold the unified list alone. */
const readSnapshot = (json: string): RawListings => {
  const value: unknown = JSON.parse(json)
  return Array.isArray(value) ? { unified: value as UnifiedModel[] } : (value as RawListings)
}

const styleNames: Record<ListingStyle, string> = {
  unified: 'unified',
  generative: 'generative-native',
  messages: 'message-native',
}

/** The three styles asked at once; what answered, and why the others did not. Fails only if none answered. */
async function fromEachStyle<U, G, M>(
  unified: Promise<{ data: U }>,
  generative: Promise<{ data: G }>,
  messages: Promise<{ data: M }>,
) {
  const [u, g, m] = await Promise.allSettled([unified, generative, messages])
  const failures = (
    [
      ['unified', u],
      ['generative', g],
      ['messages', m],
    ] as const
  ).flatMap(([style, result]) =>
    result.status === 'rejected'
      ? [{ style, error: result.reason as unknown, message: String((result.reason as Error).message) }]
      : [],
  )
  if (failures.length === 3) throw failures[0]?.error
  return {
    unified: u.status === 'fulfilled' ? u.value.data : null,
    generative: g.status === 'fulfilled' ? g.value.data : null,
    messages: m.status === 'fulfilled' ? m.value.data : null,
    failures,
  }
}

export function createCatalogService(deps: {
  history: History
  gateway: Gateway
  profileId: string
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  const { profileId } = deps
  let memory: Kept | undefined
  const { listings } = deps.gateway

  async function fetchAll(): Promise<{ raw: RawListings; problem: string | null }> {
    const got = await fromEachStyle(
      listings.unified.all({ timeoutMs }),
      listings.generative.all({ timeoutMs }),
      listings.messages.all({ timeoutMs }),
    )
    return {
      raw: {
        ...(got.unified ? { unified: got.unified.data } : {}),
        ...(got.generative ? { generative: got.generative.models } : {}),
        ...(got.messages ? { messages: got.messages.data } : {}),
      },
      problem: got.failures.length
        ? `The ${got.failures.map((failure) => styleNames[failure.style]).join(' and ')} listing did not answer: ${got.failures[0]?.message}`
        : null,
    }
  }

  let fetching: Promise<Kept> | undefined

  /** The catalog kept on disk, for the first look after a start: no wait for the service. */
  function keptOnDisk(): Kept | undefined {
    const [last] = deps.history.catalogSnapshots.latest(profileId, 1)
    if (!last) return undefined
    const outdated = now() - last.fetchedAt >= freshForMs
    return {
      raw: readSnapshot(last.modelsJson),
      fetchedAt: last.fetchedAt,
      fresh: true,
      problem: null,
      outdated,
    }
  }

  /** The catalog kept on disk becomes the one in memory (its records worked out in the background). */
  function readFromDisk(): void {
    const onDisk = keptOnDisk()
    if (onDisk) keep(onDisk)
  }

  /** The catalog to show; `orOutdated` accepts one kept on disk that a refresh should follow. */
  async function current(refresh: boolean, orOutdated = false): Promise<Kept> {
    if (!memory && !refresh) readFromDisk()
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
      const kept: Kept = { raw, fetchedAt: now(), fresh: true, problem }
      deps.history.transaction(() =>
        deps.history.catalogSnapshots.save({
          profileId,
          fetchedAt: kept.fetchedAt,
          modelsJson: JSON.stringify(raw),
        }),
      )
      keep(kept)
      return kept
    } catch (error) {
      const [last] = deps.history.catalogSnapshots.latest(profileId, 1)
      if (!last || !(error instanceof AppError)) throw error
      const kept: Kept = {
        raw: readSnapshot(last.modelsJson),
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
    memory = kept
    if (kept.merged || kept.merging) return
    const wanted = () => memory === kept
    const merging = spreadOut(mergingRaw(kept.raw), wanted)
    kept.merging = merging
    kept.prepared = (async () => {
      await merging.done
      await nextTurn()
      if (!wanted()) return
      facetsOfKept(kept)
      await nextTurn()
      if (wanted()) sortModels(mergedOf(kept), 'id', false)
    })().catch(() => {
      // A merge that fails is reported to the screen that asks for the records.
    })
  }

  const facetsOfKept = (kept: Kept) => {
    kept.facets ??= facetsOf(mergedOf(kept))
    return kept.facets
  }
  /** The browser's filter, narrowing the last result while the person keeps typing. */
  const filterer = createModelFilterer()

  /** What changed since the catalog kept before this one, when this one is the newest kept. */
  function changesOf(kept: Kept): Kept['changes'] {
    if (kept.outdated || !kept.fresh) return null
    const [newest, previous] = deps.history.catalogSnapshots.times(profileId, 2)
    if (newest !== kept.fetchedAt || previous === undefined) return null
    const before = deps.history.catalogSnapshots.at(profileId, previous)
    return before
      ? { since: previous, ...diffCatalogs(mergeRaw(readSnapshot(before.modelsJson)), mergedOf(kept)) }
      : null
  }

  /** The catalog (from disk at once after a start) and what changed since the one before it. */
  async function browsed(refresh: boolean) {
    const kept = await current(refresh, true)
    if (kept.changes === undefined) kept.changes = changesOf(kept)
    const changes = kept.changes ?? null
    return {
      kept,
      state: {
        fetchedAt: kept.fetchedAt,
        fresh: kept.fresh,
        problem: kept.problem,
        changes,
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

    /** Reads the kept catalog, if no screen has, and settles once the browser's records are ready. */
    async prepare(): Promise<void> {
      await nextTurn()
      try {
        if (!memory) readFromDisk()
      } catch {
        // A kept catalog that cannot be read is reported to the screen that asks for it, not here.
      }
      await memory?.prepared
    },

    /** One page of the filtered, sorted catalog, and how many models the filter matches. */
    async rows(query: {
      filter: ModelFilter
      sort: SortColumn
      descending: boolean
      offset: number
      limit: number
    }) {
      // Rows come from the catalog as kept: scrolling or typing never waits for the service. When another
      // screen's refresh replaces it, the page sees a new `fetchedAt` and reads everything again.
      if (!memory) readFromDisk()
      const kept = memory ?? (await current(false, true))
      const shown = filterer(sortModels(mergedOf(kept), query.sort, query.descending), query.filter)
      return {
        rows: shown.slice(query.offset, query.offset + query.limit),
        total: shown.length,
        fetchedAt: kept.fetchedAt,
      }
    },

    /** One model in each style: fresh from the single-model routes, or as last kept. */
    async model(id: string, refresh: boolean) {
      if (refresh) {
        const got = await fromEachStyle(
          listings.unified.model(id, { timeoutMs }),
          listings.generative.model(id, { timeoutMs }),
          listings.messages.model(id, { timeoutMs }),
        )
        const raw = { unified: got.unified, generative: got.generative, messages: got.messages }
        const [model] = mergeRaw({
          ...(raw.unified ? { unified: [raw.unified] } : {}),
          ...(raw.generative ? { generative: [raw.generative] } : {}),
          ...(raw.messages ? { messages: [raw.messages] } : {}),
        })
        if (!model) throw new AppError({ code: 'not_found', message: `No model ${id}.` })
        return { model, raw, fetchedAt: now() }
      }
      const kept = await current(false)
      const model = mergedOf(kept).find((m) => m.id === id)
      if (!model) throw new AppError({ code: 'not_found', message: `${id} is not in the catalog.` })
      return {
        model,
        raw: {
          unified: kept.raw.unified?.find((m) => m.id === id) ?? null,
          generative: kept.raw.generative?.find((m) => m.name === `models/${id}`) ?? null,
          messages: kept.raw.messages?.find((m) => m.id === id) ?? null,
        },
        fetchedAt: kept.fetchedAt,
      }
    },

    /** A provider's models, fresh from the by-provider routes. */
    async provider(provider: string) {
      const got = await fromEachStyle(
        listings.unified.provider(provider, { timeoutMs }),
        listings.generative.provider(provider, { timeoutMs }),
        listings.messages.provider(provider, { timeoutMs }),
      )
      return {
        models: mergeRaw({
          ...(got.unified ? { unified: got.unified.data } : {}),
          ...(got.generative ? { generative: got.generative.models } : {}),
          ...(got.messages ? { messages: got.messages.data } : {}),
        }),
        fetchedAt: now(),
      }
    },
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>
