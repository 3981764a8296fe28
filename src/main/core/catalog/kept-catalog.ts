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
import { mergingRaw, type RawListings } from './browser-records.ts'

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
 * Keeps `raw` as a new snapshot of the profile's catalog, a part per step, then each merged model's prices
 * (`merged`, once the styles are written: worked out meanwhile); it counts, and the snapshots before the one it
 * follows go, once its last part is written. A failure gives the snapshot up and is thrown.
 */
export function* savingCatalog(
  history: History,
  profileId: string,
  fetchedAt: number,
  raw: RawListings,
  merged: () => readonly PricedModel[],
): Generator<void, void> {
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
    let priced: PricedModel[] | undefined
    try {
      priced = merged().map(({ id, prices }) => ({ id, prices }))
    } catch {
      // Records that could not be merged are told where they are shown; a comparison then reads the styles.
    }
    if (priced) yield* inParts(priced, write(pricesStyle))
    history.transaction(() => snapshots.complete(id))
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
    const models = snapshots.part(snapshotId, style, part)
    if (!models)
      throw new AppError({
        code: 'unavailable',
        message: 'The kept catalog was replaced while it was being read. Refresh the catalog.',
      })
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
  const snapshots = history.catalogSnapshots
  const keys = snapshots.parts(snapshotId).filter((key) => key.style === pricesStyle)
  if (keys.length === 0) return undefined
  const priced: PricedModel[] = []
  for (const { part } of keys) {
    const parsed = PricedModels.safeParse(snapshots.part(snapshotId, pricesStyle, part))
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
