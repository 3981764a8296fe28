// The catalog kept on disk, written and read a part at a time (a thousand models of one style, a few
// milliseconds each) as work that pauses between parts: spread over the event loop, a 50,000-model catalog
// never holds main for more than a slice, so every other request is answered meanwhile.
import { z } from 'zod'
import type { GenerativeModel, MessageModel, UnifiedModel } from '#shared/api/models'
import {
  type CatalogChanges,
  type CatalogModel,
  diffingCatalogs,
  type PricedModel,
  priceNames,
} from '#shared/domain/catalog'
import { AppError } from '#shared/ipc/app-error'
import { CatalogModelRecord } from '#shared/ipc/routes/catalog'
import { modelsPerPart } from '../history/catalog-snapshots.ts'
import type { History } from '../history/history.ts'
import { historyDamaged } from '../history/rows.ts'
import { inSlices, mergingRaw, type RawListings, type SpreadWork, spreadOut } from './browser-records.ts'

const styles = ['unified', 'generative', 'messages'] as const satisfies (keyof RawListings)[]
type Style = (typeof styles)[number]
const isStyle = (style: string): style is Style => (styles as readonly string[]).includes(style)
/** The parts of each merged model's id and prices. */
const pricesStyle = 'prices'
/**
 * The parts of the merged records: after a start they are read instead of merging the three styles again,
 * which leaves the other styles on disk until a model's detail asks for one. Its number goes up whenever the
 * merge or the record changes: records of another number are not read, and the styles are merged again.
 */
const recordsStyle = 'records-1'
const CatalogRecords = z.array(CatalogModelRecord)
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
 * `ready` (its records worked out: they are kept with it, and their prices). `finish` writes what is left at
 * once, in order: called before the history closes.
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
      merged: () => readonly CatalogModel[] | undefined,
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
 * Keeps `raw` as a new snapshot of the profile's catalog, a part per step, then the merged records and each
 * one's prices (`merged`: none when the records are not at hand, and a start and a comparison then read the
 * styles); it counts, and the snapshots before the one it follows go, once its last part is written. Answers
 * the snapshot's id. A failure gives the snapshot up and is thrown.
 */
export function* savingCatalog(
  history: History,
  profileId: string,
  fetchedAt: number,
  raw: RawListings,
  merged: () => readonly CatalogModel[] | undefined,
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
    const records = merged()
    if (records) {
      yield* inParts(records, write(recordsStyle))
      yield* inParts(
        records.map(({ id, prices }) => ({ id, prices })),
        write(pricesStyle),
      )
    }
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

/** A kept snapshot's listings (`only` these styles), a part per step. */
export function* readingCatalog(
  history: History,
  snapshotId: number,
  only: readonly Style[] = styles,
  each: (model: unknown) => unknown = (model) => model,
): Generator<void, RawListings> {
  const snapshots = history.catalogSnapshots
  const read: Partial<Record<Style, unknown[]>> = {}
  for (const { style, part } of snapshots.parts(snapshotId)) {
    if (!isStyle(style) || !only.includes(style)) continue
    const models = partOf(history, snapshotId, style, part)
    read[style] ??= []
    for (const model of models) read[style].push(each(model))
    yield
  }
  // The models are stored as the service listed them, and read back without checking each (as when fetched).
  return {
    ...(read.unified ? { unified: read.unified as UnifiedModel[] } : {}),
    ...(read.generative ? { generative: read.generative as GenerativeModel[] } : {}),
    ...(read.messages ? { messages: read.messages as MessageModel[] } : {}),
  }
}

/** What a start reads of a kept snapshot: the unified listing, and the merged records when kept with it. */
export interface ReadAtStart {
  raw: RawListings
  /** Undefined for a snapshot kept without its records (by an earlier version): they are merged again. */
  merged?: CatalogModel[]
}

/**
 * A kept snapshot as a start needs it, a part per step: the unified listing (the screens' lists of models)
 * and the merged records (the browser), read rather than merged again; the other two styles stay on disk
 * (`keptInEachStyle`). A snapshot kept without records that read is read whole, to be merged again.
 */
export function* readingAtStart(history: History, snapshotId: number): Generator<void, ReadAtStart> {
  const alike = sharedValues()
  const merged = yield* readingRecords(history, snapshotId, alike.record)
  if (!merged) return { raw: yield* readingCatalog(history, snapshotId) }
  return { raw: yield* readingCatalog(history, snapshotId, ['unified'], alike.listed), merged }
}

/**
 * The records kept with a snapshot, a part per step; undefined when it has none of this version, or when a
 * part does not read as records: they are only worked out from the styles, which are then merged again.
 */
function* readingRecords(
  history: History,
  snapshotId: number,
  shared: (model: CatalogModel) => CatalogModel,
): Generator<void, CatalogModel[] | undefined> {
  const keys = history.catalogSnapshots.parts(snapshotId).filter((key) => key.style === recordsStyle)
  if (keys.length === 0) return undefined
  const merged: CatalogModel[] = []
  for (const { part } of keys) {
    let stored: unknown[]
    try {
      stored = partOf(history, snapshotId, recordsStyle, part)
    } catch (error) {
      if (error instanceof AppError && error.code === historyDamaged) return undefined
      throw error
    }
    const parsed = CatalogRecords.safeParse(stored)
    if (!parsed.success) return undefined
    for (const model of parsed.data) merged.push(shared(model))
    yield
  }
  return merged
}

/**
 * A model as each style of a kept catalog lists it: from the listings in memory, and from the styles a start
 * left on disk (`stylesOnDisk`, the snapshot) a part at a time, when its record says the style lists it.
 */
export async function keptInEachStyle(
  history: History,
  raw: RawListings,
  stylesOnDisk: number | undefined,
  { id, styles: listedIn }: Pick<CatalogModel, 'id' | 'styles'>,
) {
  const inStyle = <T>(
    style: 'generative' | 'messages',
    listed: T[] | undefined,
    [field, value]: [keyof T & string, string],
  ) => {
    const matches = (model: T) => model[field] === value
    if (stylesOnDisk === undefined || listed) return listed?.find(matches) ?? null
    // The parts whose JSON holds the field as written are the only ones read.
    const written = `${JSON.stringify(field)}:${JSON.stringify(value)}`
    return listedIn.includes(style)
      ? inSlices(findingKept(history, stylesOnDisk, style, written, matches))
      : null
  }
  return {
    unified: raw.unified?.find((m) => m.id === id) ?? null,
    generative: await inStyle<GenerativeModel>('generative', raw.generative, ['name', `models/${id}`]),
    messages: await inStyle<MessageModel>('messages', raw.messages, ['id', id]),
  }
}

/**
 * Gives what many models hold alike one instance each: of the records, their lists (modalities, roles, styles,
 * parameters, no disagreement) and prices, frozen, and their provider and price texts; of the unified listing,
 * each model's architecture, prices, provider facts and parameters, frozen. A 50,000-model catalog read at a
 * start then leaves far fewer objects for the collector to move. Nothing changes them in place (the types
 * still allow it: the contract's records are built from them); a change would throw, on catalogs read at a
 * start only.
 */
function sharedValues() {
  const alike = new Map<string, object>()
  const one = <T extends object>(value: T): T => {
    const key = JSON.stringify(value)
    let kept = alike.get(key)
    if (!kept) {
      kept = Object.freeze(value)
      alike.set(key, kept)
    }
    return kept as T
  }
  const texts = new Map<string, string>()
  const text = <T extends string | null>(value: T): T => {
    if (value === null) return value
    const kept = texts.get(value)
    if (kept !== undefined) return kept as T
    texts.set(value, value)
    return value
  }
  const listedAlike = [
    'architecture',
    'pricing',
    'top_provider',
    'supported_parameters',
    'default_parameters',
    'per_request_limits',
  ]
  const record = (model: CatalogModel): CatalogModel => {
    model.inputModalities = one(model.inputModalities)
    model.outputModalities = one(model.outputModalities)
    model.supportedParameters = one(model.supportedParameters)
    model.roles = one(model.roles)
    model.styles = one(model.styles)
    if (model.disagreements.length === 0) model.disagreements = one(model.disagreements)
    for (const name of priceNames) model.prices[name] = text(model.prices[name])
    model.prices = one(model.prices)
    model.provider = text(model.provider)
    model.perSecond = text(model.perSecond)
    model.expirationDate = text(model.expirationDate)
    if (model.canonicalSlug === model.id) model.canonicalSlug = model.id
    return model
  }
  /** A model of the unified listing as read back (unchecked, as the styles are). */
  const listed = (model: unknown): unknown => {
    if (typeof model !== 'object' || model === null) return model
    const fields = model as Record<string, unknown>
    for (const field of listedAlike) {
      const value = fields[field]
      if (typeof value === 'object' && value !== null) fields[field] = one(value)
    }
    if (typeof fields.owned_by === 'string') fields.owned_by = text(fields.owned_by)
    return model
  }
  return { record, listed }
}

/**
 * The first model of a style kept on disk that `matches`, a part per step, reading only the parts whose JSON
 * holds `written`; null when none does.
 */
function* findingKept<T>(
  history: History,
  snapshotId: number,
  style: Style,
  written: string,
  matches: (model: T) => boolean,
): Generator<void, T | null> {
  const snapshots = history.catalogSnapshots
  for (const key of snapshots.parts(snapshotId)) {
    if (key.style !== style) continue
    if (!snapshots.partHolds(snapshotId, style, key.part, written)) {
      yield
      continue
    }
    // Read back without checking each, as `readingCatalog` reads the styles.
    const found = (partOf(history, snapshotId, style, key.part) as T[]).find(matches)
    if (found !== undefined) return found
    yield
  }
  return null
}

/**
 * A kept snapshot's models with their prices, a part each time the parts are iterated (each read as the
 * comparison reaches it); undefined for one kept without them.
 */
function keptPrices(history: History, snapshotId: number): Iterable<readonly PricedModel[]> | undefined {
  const keys = history.catalogSnapshots.parts(snapshotId).filter((key) => key.style === pricesStyle)
  if (keys.length === 0) return undefined
  return (function* () {
    for (const { part } of keys) {
      const parsed = PricedModels.safeParse(partOf(history, snapshotId, pricesStyle, part))
      if (!parsed.success)
        throw new AppError({
          code: historyDamaged,
          message: 'Part of the history is damaged: the prices of a kept catalog could not be read.',
        })
      yield parsed.data as PricedModel[]
    }
  })()
}

/**
 * What changed from a kept snapshot to `after`, pausing throughout: from the snapshot's prices, a part at a
 * time, or for one kept without them (by an earlier version), from its styles read and merged.
 */
export function* comparingWithKept(
  history: History,
  snapshotId: number,
  after: readonly PricedModel[],
): Generator<void, CatalogChanges> {
  const before = keptPrices(history, snapshotId) ?? [
    yield* mergingRaw(yield* readingCatalog(history, snapshotId)),
  ]
  return yield* diffingCatalogs(before, after)
}
