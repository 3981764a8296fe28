// The model catalogs of every profile, in the data worker, and the one place that decides their freshness: every
// read answers at once from the catalog kept, however old, and says how old; one older than five minutes is
// fetched again behind (once, whoever asks), and the screens are told when it lands. Only an explicit refresh, or a
// profile with nothing kept, waits for the service. Fetching and keeping run in the background worker; every
// answer here is a read of the store.
import type { PickedKind, PlaygroundUse } from '#shared/domain/catalog'
import type { ModelFilter } from '#shared/domain/catalog-view'
import { AppError } from '#shared/ipc/app-error'
import type { WorkerClient } from '../workers/calls.ts'
import type { CatalogFetching } from './fetching.ts'
import type { CatalogStore, KeptSnapshot, PageQuery } from './store.ts'

/** Where a profile's catalog comes from: its id (what it is kept under) and its service's address. */
export interface CatalogSource {
  profileId: string
  baseUrl: string
}

const freshForMs = 5 * 60_000
/** After a refresh behind failed (the service down), the next is tried no sooner than this. */
const retryForMs = 30_000
/** Points the plot draws one by one, each to point at and open; past it, the models are drawn as one shape. */
const pointedLimit = 1_000

interface Shown {
  snapshot: KeptSnapshot
  fresh: boolean
  problem: string | null
  /** Older than a fresh catalog: shown at once, while a refresh runs behind. */
  outdated: boolean
}

export function createCatalogService(deps: {
  store: CatalogStore
  /** The background worker, which fetches and keeps catalogs. */
  background: Pick<WorkerClient<CatalogFetching>, 'call'>
  now?: () => number
  /** A profile's catalog was replaced in the background: screens read it again. */
  onChanged?: (profileId: string) => void
}) {
  const now = deps.now ?? Date.now
  const shown = new Map<string, Shown>()
  const fetching = new Map<string, Promise<Shown>>()
  /** When each profile's last refresh behind began. */
  const triedAt = new Map<string, number>()

  const fromDisk = (profileId: string): Shown | undefined => {
    const last = deps.store.latest(profileId)
    return last
      ? { snapshot: last, fresh: true, problem: last.problem, outdated: now() - last.fetchedAt >= freshForMs }
      : undefined
  }

  function show(profileId: string, next: Shown): Shown {
    // The fetch that brought it is over before anyone is told: a read that follows may start the next one.
    fetching.delete(profileId)
    shown.set(profileId, next)
    // Every fetch that lands is told, whatever it brought (another catalog, the same one, the service out of
    // reach): the screens hold what they read until told, and a read may have been answered "refreshing" or with
    // an error meanwhile.
    deps.onChanged?.(profileId)
    return next
  }

  async function fetchAndKeep(source: CatalogSource): Promise<Shown> {
    try {
      const kept = await deps.background.call('keepCatalog', [source.profileId, source.baseUrl, now()])
      return show(source.profileId, {
        snapshot: { id: kept.snapshotId, fetchedAt: kept.fetchedAt, problem: kept.problem, size: kept.size },
        fresh: true,
        problem: kept.problem,
        outdated: false,
      })
    } catch (error) {
      const last = shown.get(source.profileId) ?? fromDisk(source.profileId)
      if (!(error instanceof AppError) || !last) throw error
      return show(source.profileId, {
        snapshot: last.snapshot,
        fresh: false,
        outdated: false,
        problem: `${error.message.replace(/\.?$/, '.')} This is the catalog kept from that time.`,
      })
    }
  }

  /** One fetch and keep of a profile's catalog at a time, shared by whoever asks meanwhile. */
  function fetchOnce(source: CatalogSource): Promise<Shown> {
    let running = fetching.get(source.profileId)
    if (!running) {
      triedAt.set(source.profileId, now())
      running = fetchAndKeep(source).finally(() => fetching.delete(source.profileId))
      fetching.set(source.profileId, running)
    }
    return running
  }

  /**
   * The catalog a profile shows: the one kept, at once. One that is old (or from a fetch that failed) is fetched
   * again behind it; `refresh`, or nothing kept, waits for the service.
   */
  async function current(source: CatalogSource, refresh = false): Promise<Shown> {
    const cached = shown.get(source.profileId) ?? fromDisk(source.profileId)
    if (!cached || refresh) return fetchOnce(source)
    if (!shown.has(source.profileId)) shown.set(source.profileId, cached)
    const old = cached.outdated || !cached.fresh || now() - cached.snapshot.fetchedAt >= freshForMs
    if (!old) return cached
    const tried = triedAt.get(source.profileId)
    if (fetching.has(source.profileId) || tried === undefined || now() - tried >= retryForMs)
      // A refresh that fails keeps this catalog, said as kept from that time (`fetchAndKeep`).
      void fetchOnce(source).catch(() => {})
    return { ...cached, outdated: fetching.has(source.profileId) }
  }

  const stateOf = (at: Shown) => ({
    fetchedAt: at.snapshot.fetchedAt,
    fresh: at.fresh,
    problem: at.problem,
    outdated: at.outdated,
  })

  return {
    /** The catalog's state, size and the values each filter takes (the browser's first look). */
    async overview(source: CatalogSource, refresh: boolean) {
      const at = await current(source, refresh)
      return { ...stateOf(at), size: at.snapshot.size, facets: deps.store.facets(at.snapshot.id) }
    },

    /** One page of the browser's table; the first page also counts the models the filter matches. */
    async rows(source: CatalogSource, query: PageQuery) {
      const at = await current(source)
      const page = deps.store.page(at.snapshot.id, query, query.offset === 0 && !query.after)
      return { ...page, fetchedAt: at.snapshot.fetchedAt }
    },

    /** The price plot's points: each filtered model's context length and prompt price. */
    async points(source: CatalogSource, filter: ModelFilter) {
      const at = await current(source)
      return { ...deps.store.points(at.snapshot.id, filter, pointedLimit), fetchedAt: at.snapshot.fetchedAt }
    },

    /** What changed since the catalog kept before the one shown; null when there is none to compare with. */
    async changes(source: CatalogSource) {
      const at = await current(source)
      const fetchedAt = at.snapshot.fetchedAt
      if (at.outdated || !at.fresh) return { fetchedAt, changes: null }
      return { fetchedAt, changes: deps.store.changes(at.snapshot.id) }
    },

    /** One model: fresh from the single-model routes, or as kept. */
    async model(source: CatalogSource, id: string, refresh: boolean) {
      if (refresh)
        return { ...(await deps.background.call('freshModel', [source.baseUrl, id])), fetchedAt: now() }
      const at = await current(source)
      const found = deps.store.model(at.snapshot.id, id)
      if (!found) throw new AppError({ code: 'not_found', message: `${id} is not in the catalog.` })
      return { model: found.record, raw: found.raw, fetchedAt: at.snapshot.fetchedAt }
    },

    /** A provider's models, fresh from the by-provider routes. */
    async provider(source: CatalogSource, provider: string) {
      const models = await deps.background.call('providerModels', [source.baseUrl, provider])
      return { models, fetchedAt: now() }
    },

    /**
     * The models a playground use lists that match `text`, as little of each as a model field needs, and the one
     * named `chosen`.
     */
    async choices(
      source: CatalogSource,
      query: { use: PlaygroundUse; text: string; limit: number; chosen: string },
    ) {
      const at = await current(source)
      return deps.store.choices(at.snapshot.id, query.use, query.text, query.limit, query.chosen)
    },

    /**
     * A screen's list as its model field shows it (`CatalogStore.picks`), the models named `chosen` on it, and
     * (when asked) what the image screen tells of its whole list.
     */
    async picks(
      source: CatalogSource,
      kind: PickedKind,
      query: {
        text: string
        limit: number
        input?: string | undefined
        chosen: string
        /** With what the image screen tells of its whole list. */
        imageList?: boolean | undefined
      },
    ) {
      const at = await current(source)
      const id = at.snapshot.id
      const found = deps.store.picks(id, kind, query)
      // A model typed whole (its id or name) comes first, wherever the service lists it among the matches.
      const exact = query.text.trim() ? deps.store.typedWhole(id, kind, query.text.trim()) : null
      const models =
        exact && found.models[0]?.id !== exact.id
          ? [exact, ...found.models.filter((model) => model.id !== exact.id)].slice(0, query.limit)
          : found.models
      return {
        ...found,
        models,
        chosen: query.chosen ? deps.store.named(id, kind, query.chosen) : [],
        imageList: query.imageList ? deps.store.imageList(id) : null,
        fetchedAt: at.snapshot.fetchedAt,
        fresh: at.fresh,
      }
    },

    /** The models of a screen's list a request names (`CatalogStore.named`), from the kept catalog. */
    async named(source: CatalogSource, kind: PickedKind, name: string) {
      const at = await current(source)
      return deps.store.named(at.snapshot.id, kind, name)
    },
    /**
     * The same from the catalog kept now, however old, and never fetched: what an estimate reads, so that a
     * request is never kept waiting on a catalog download to be priced. None kept: none.
     */
    keptNamed(source: CatalogSource, kind: PickedKind, name: string) {
      const at = shown.get(source.profileId) ?? fromDisk(source.profileId)
      return at ? deps.store.named(at.snapshot.id, kind, name) : []
    },
    /** One model of the catalog kept now, never fetched (an estimate's prices); null when none is kept. */
    keptModel(source: CatalogSource, id: string) {
      const at = shown.get(source.profileId) ?? fromDisk(source.profileId)
      return (at && deps.store.model(at.snapshot.id, id)?.record) ?? null
    },
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>
