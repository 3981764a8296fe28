// The catalog kept on disk, written and read a part at a time (a thousand models of one style, a few
// milliseconds each) as work that pauses between parts: spread over the event loop, a 50,000-model catalog
// never holds main for more than a slice, so every other request is answered meanwhile.
import type { GenerativeModel, MessageModel, UnifiedModel } from '#shared/api/models'
import { type CatalogChanges, type CatalogModel, diffingCatalogs } from '#shared/domain/catalog'
import { AppError } from '#shared/ipc/app-error'
import { modelsPerPart } from '../history/catalog-snapshots.ts'
import type { History } from '../history/history.ts'
import { mergingRaw, type RawListings } from './browser-records.ts'

const styles = ['unified', 'generative', 'messages'] as const satisfies (keyof RawListings)[]
type Style = (typeof styles)[number]
const isStyle = (style: string): style is Style => (styles as readonly string[]).includes(style)

/**
 * Keeps `raw` as a new snapshot of the profile's catalog, a part per step; it counts, and the snapshots before
 * the one it follows go, once its last part is written. A failure gives the snapshot up and is thrown.
 */
export function* savingCatalog(
  history: History,
  profileId: string,
  fetchedAt: number,
  raw: RawListings,
): Generator<void, void> {
  const snapshots = history.catalogSnapshots
  const id = history.transaction(() => snapshots.begin(profileId, fetchedAt))
  try {
    for (const style of styles) {
      const models: readonly unknown[] | undefined = raw[style]
      if (!models) continue
      // A style that answered with no models keeps one empty part: it answered.
      for (let index = 0; index === 0 || index * modelsPerPart < models.length; index++) {
        const json = JSON.stringify(models.slice(index * modelsPerPart, (index + 1) * modelsPerPart))
        history.transaction(() => snapshots.addPart(id, style, index, json))
        yield
      }
    }
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

/** What changed from a kept snapshot to `after`: the snapshot read, merged and compared, pausing throughout. */
export function* comparingWithKept(
  history: History,
  snapshotId: number,
  after: readonly CatalogModel[],
): Generator<void, CatalogChanges> {
  const before = yield* mergingRaw(yield* readingCatalog(history, snapshotId))
  return yield* diffingCatalogs(before, after)
}
