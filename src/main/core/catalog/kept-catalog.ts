// The catalog kept on disk, written and read a part at a time (a thousand models of one style, a few
// milliseconds each) as work that pauses between parts: spread over the event loop, a 50,000-model catalog
// never holds main for more than a slice, so every other request is answered meanwhile.
import { z } from 'zod'
import type { GenerativeModel, MessageModel, UnifiedModel } from '#shared/api/models'
import { type CatalogChanges, diffingCatalogs, type PricedModel, priceNames } from '#shared/domain/catalog'
import { AppError } from '#shared/ipc/app-error'
import { modelsPerPart } from '../history/catalog-snapshots.ts'
import type { History } from '../history/history.ts'
import { historyDamaged } from '../history/rows.ts'
import { mergingRaw, type RawListings, type SpreadWork, spreadOut } from './browser-records.ts'

const styles = ['unified', 'generative', 'messages'] as const satisfies (keyof RawListings)[]
type Style = (typeof styles)[number]
const isStyle = (style: string): style is Style => (styles as readonly string[]).includes(style)
/** The parts of each merged model's id and prices. */
const pricesStyle = 'prices'
const PricedModels = z.array(
  z.object({
    id: z.string(),
    prices: z.object(Object.fromEntries(priceNames.map((name) => [name, z.string().nullable()]))),
  }),
)

/** Runs `write` on each slice of `items` of a part's size (at least one, for an empty list), pausing after each. */
function* inParts<T>(items: readonly T[], write: (slice: readonly T[], index: number) => void) {
  for (let index = 0; index === 0 || index * modelsPerPart < items.length; index++) {
    write(items.slice(index * modelsPerPart, (index + 1) * modelsPerPart), index)
    yield
  }
}

/**
 * Keeps the catalogs fetched for one profile on disk, one after another, each in the background once it is
 * `ready` (its records worked out: their prices are kept with it). `finish` writes what is left at once, in
 * order: called before the history closes.
 */
export function createCatalogKeeper(history: History, profileId: string) {
  const waiting: { start(): SpreadWork<number> }[] = []
  let last: Promise<unknown> = Promise.resolve()
  return {
    /** Answers the snapshot's id once written, or rejects with why it could not be. */
    keep(
      fetchedAt: number,
      raw: RawListings,
      ready: Promise<void>,
      merged: () => readonly PricedModel[] | undefined,
    ): Promise<number> {
      let work: SpreadWork<number> | undefined
      const entry = {
        start: () => {
          work ??= spreadOut(savingCatalog(history, profileId, fetchedAt, raw, merged), () => true)
          return work
        },
      }
      waiting.push(entry)
      const previous = last
      const kept = (async () => {
        try {
          await previous
          await ready
          const writing = entry.start()
          await writing.done
          return writing.now()
        } finally {
          waiting.splice(waiting.indexOf(entry), 1)
        }
      })()
      last = kept.catch(() => {})
      return kept
    },
    finish(): void {
      for (const entry of [...waiting]) {
        try {
          entry.start().now()
        } catch {
          // Answered by `keep`.
        }
      }
    },
  }
}

/** A part of a snapshot being read; a snapshot no longer kept (replaced by two newer ones) is said so. */
function partOf(history: History, snapshotId: number, style: string, part: number): unknown[] {
  const models = history.catalogSnapshots.part(snapshotId, style, part)
  if (!models)
    throw new AppError({
      code: 'unavailable',
      message: 'The kept catalog was replaced while it was being read. Refresh the catalog.',
    })
  return models
}

/**
 * Keeps `raw` as a new snapshot of the profile's catalog, a part per step, then each merged model's prices
 * (`merged`: none when the records are not at hand, and a comparison then reads the styles); it counts, and
 * the snapshots before the one it follows go, once its last part is written. Answers the snapshot's id. A
 * failure gives the snapshot up and is thrown.
 */
export function* savingCatalog(
  history: History,
  profileId: string,
  fetchedAt: number,
  raw: RawListings,
  merged: () => readonly PricedModel[] | undefined,
): Generator<void, number> {
  const snapshots = history.catalogSnapshots
  const id = history.transaction(() => snapshots.begin(profileId, fetchedAt))
  try {
    const write = (style: string) => (slice: readonly unknown[], index: number) => {
      const json = JSON.stringify(slice)
      history.transaction(() => snapshots.addPart(id, style, index, json))
    }
    for (const style of styles) {
      const models: readonly unknown[] | undefined = raw[style]
      // A style that answered with no models keeps one empty part: it answered.
      if (models) yield* inParts(models, write(style))
    }
    const priced = merged()?.map(({ id, prices }) => ({ id, prices }))
    if (priced) yield* inParts(priced, write(pricesStyle))
    history.transaction(() => snapshots.complete(id))
    return id
  } catch (error) {
    try {
      history.transaction(() => snapshots.abandon(id))
    } catch {
      // The history is closed or failing: the next snapshot begun drops this one.
    }
    throw error
  }
}

/** A kept snapshot's listings, a part per step. */
export function* readingCatalog(history: History, snapshotId: number): Generator<void, RawListings> {
  const snapshots = history.catalogSnapshots
  const read: Partial<Record<Style, unknown[]>> = {}
  for (const { style, part } of snapshots.parts(snapshotId)) {
    if (!isStyle(style)) continue
    const models = partOf(history, snapshotId, style, part)
    read[style] ??= []
    for (const model of models) read[style].push(model)
    yield
  }
  // The models are stored as the service listed them, and read back without checking each (as when fetched).
  return {
    ...(read.unified ? { unified: read.unified as UnifiedModel[] } : {}),
    ...(read.generative ? { generative: read.generative as GenerativeModel[] } : {}),
    ...(read.messages ? { messages: read.messages as MessageModel[] } : {}),
  }
}

/** A kept snapshot's models with their prices, a part per step; undefined for one kept without them. */
function* readingPrices(history: History, snapshotId: number): Generator<void, PricedModel[] | undefined> {
  const keys = history.catalogSnapshots.parts(snapshotId).filter((key) => key.style === pricesStyle)
  if (keys.length === 0) return undefined
  const priced: PricedModel[] = []
  for (const { part } of keys) {
    const parsed = PricedModels.safeParse(partOf(history, snapshotId, pricesStyle, part))
    if (!parsed.success)
      throw new AppError({
        code: historyDamaged,
        message: 'Part of the history is damaged: the prices of a kept catalog could not be read.',
      })
    for (const model of parsed.data) priced.push(model as PricedModel)
    yield
  }
  return priced
}

/**
 * What changed from a kept snapshot to `after`, pausing throughout: from the snapshot's prices, or for one kept
 * without them (by an earlier version), from its styles read and merged.
 */
export function* comparingWithKept(
  history: History,
  snapshotId: number,
  after: readonly PricedModel[],
): Generator<void, CatalogChanges> {
  const before =
    (yield* readingPrices(history, snapshotId)) ??
    (yield* mergingRaw(yield* readingCatalog(history, snapshotId)))
  return yield* diffingCatalogs(before, after)
}
