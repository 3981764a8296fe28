// Keeping a fetched catalog (in the background worker): the listings gathered by model and merged, every sort
// order worked out, and the whole written in one transaction, so a catalog is kept whole or not at all. Of a
// profile's catalogs the newest stays: what changed from the one before is worked out here and kept with it, then the
// one before is dropped (a search reads only the full-text entries of the catalogs kept).
import type { DatabaseSync } from 'node:sqlite'
import {
  billedPerSecond,
  type CatalogModel,
  pickedFor,
  pickedKinds,
  playgroundUses,
  servesUse,
} from '#shared/domain/catalog'
import { facetsOf } from '#shared/domain/catalog-view'
import { parseAmount } from '#shared/domain/money'
import { placeColumn } from './catalog-db.ts'
import { changesBetween } from './changes.ts'
import { inIdOrder, placesBy, rankedColumns } from './orders.ts'
import { byModel, packBlock, type RawListings, type RawModel, recordOf } from './records.ts'
import type { ImageListFacts } from './store.ts'

/** Models whose listings are packed together: a model's detail unpacks its block (some tens of KB). */
export const modelsPerBlock = 64

/** A list as the store keeps it: each value between separators, so `instr(list, listed([value]))` finds one whole. */
const separator = '\u001f'
export const listed = (values: readonly string[]) => `${separator}${values.join(separator)}${separator}`
export const valuesOf = (list: string) => list.split(separator).filter((value) => value !== '')

/** An amount in 10^-18 USD, as SQLite's 64-bit integers hold it (a price past that compares as the largest). */
const largest = 2n ** 63n - 1n
function amountKey(price: string | null): bigint | null {
  if (price === null) return null
  const amount = parseAmount(price)
  return amount > largest ? largest : amount
}

export interface KeptCatalog {
  snapshotId: number
  fetchedAt: number
  size: number
}

const rowColumns = [
  'rid',
  'snapshot_id',
  'place',
  'listed',
  'id',
  'name',
  'provider',
  'roles',
  'uses',
  'inputs',
  'outputs',
  'parameters',
  'context_length',
  'max_completion_tokens',
  'prompt',
  'completion',
  'cache_read',
  'cache_write_5m',
  'cache_write_1h',
  'per_second',
  'moderated',
  'expiration_date',
  'prompt_amount',
  ...rankedColumns.map(placeColumn),
]

export function keepCatalog(
  db: DatabaseSync,
  catalog: { profileId: string; fetchedAt: number; listings: RawListings; problem: string | null },
): KeptCatalog {
  // In the order of ids, each with its place in the service's own listing (the screens that pick a model list
  // them as the service does).
  const models = inIdOrder(
    byModel(catalog.listings).map((raw, listed) => {
      const record = recordOf(raw)
      return { raw, record, id: record.id, listed }
    }),
  )
  const records = models.map((model) => model.record)
  const places = rankedColumns.map((column) => placesBy(records, column))

  const beginSnapshot = db.prepare(
    'INSERT INTO snapshots (profile_id, fetched_at, problem, size, facets_json) VALUES (?, ?, ?, ?, ?) RETURNING id',
  )
  const addModel = db.prepare(
    `INSERT INTO models (${rowColumns.join(', ')}) VALUES (${rowColumns.map(() => '?').join(', ')})`,
  )
  const addText = db.prepare('INSERT INTO models_text (rowid, id, name, description) VALUES (?, ?, ?, ?)')
  const addPicked = db.prepare(
    'INSERT INTO picked (snapshot_id, kind, listed, unified_json) VALUES (?, ?, ?, ?)',
  )
  const addBlock = db.prepare('INSERT INTO listings (snapshot_id, block, packed) VALUES (?, ?, ?)')
  const complete = db.prepare('UPDATE snapshots SET complete = 1 WHERE id = ?')

  db.exec('BEGIN IMMEDIATE')
  try {
    const { id: snapshotId } = beginSnapshot.get(
      catalog.profileId,
      catalog.fetchedAt,
      catalog.problem,
      models.length,
      JSON.stringify({ ...facetsOf(records), imageList: imageListOf(models) }),
    ) as { id: number }
    // Rows are numbered here, in the order of ids (a page by id is a range of them, and a catalog's rows are one
    // range); RETURNING would cost more than the insert itself.
    const { next } = db.prepare('SELECT coalesce(max(rid), 0) + 1 AS next FROM models').get() as {
      next: number
    }
    db.prepare('UPDATE snapshots SET first_rid = ? WHERE id = ?').run(next, snapshotId)
    models.forEach(({ raw, record, listed: listedAt }, place) => {
      const rid = next + place
      addModel.run(
        rid,
        snapshotId,
        place,
        listedAt,
        record.id,
        record.name,
        record.provider,
        listed(record.roles),
        listed(playgroundUses.filter((use) => servesUse(record, use))),
        listed(record.inputModalities),
        listed(record.outputModalities),
        listed(record.supportedParameters),
        record.contextLength,
        record.maxCompletionTokens,
        record.prices.prompt,
        record.prices.completion,
        record.prices.cacheRead,
        record.prices.cacheWrite5m,
        record.prices.cacheWrite1h,
        record.perSecond,
        record.moderated ? 1 : 0,
        record.expirationDate,
        amountKey(billedPerSecond(record) ? null : record.prices.prompt),
        ...places.map((placed) => placed[place] ?? null),
      )
      addText.run(rid, record.id, record.name, record.description)
      if (raw.unified)
        for (const kind of pickedKinds)
          if (pickedFor(record, kind)) addPicked.run(snapshotId, kind, listedAt, JSON.stringify(raw.unified))
    })
    for (let block = 0; block * modelsPerBlock < models.length; block++)
      addBlock.run(
        snapshotId,
        block,
        packBlock(
          models.slice(block * modelsPerBlock, (block + 1) * modelsPerBlock).map((model) => model.raw),
        ),
      )
    complete.run(snapshotId)
    const previous = db
      .prepare(
        `SELECT id, fetched_at AS fetchedAt FROM snapshots WHERE profile_id = ? AND complete = 1 AND id != ?
         AND fetched_at <= ? ORDER BY fetched_at DESC, id DESC LIMIT 1`,
      )
      .get(catalog.profileId, snapshotId, catalog.fetchedAt) as { id: number; fetchedAt: number } | undefined
    if (previous)
      db.prepare('UPDATE snapshots SET changes_json = ? WHERE id = ?').run(
        JSON.stringify({ since: previous.fetchedAt, ...changesBetween(db, previous.id, snapshotId) }),
        snapshotId,
      )
    dropOthers(db, catalog.profileId, snapshotId)
    db.exec('COMMIT')
    // The catalog before is dropped: its pages go back to the file system rather than wait for the next one.
    db.exec('PRAGMA incremental_vacuum')
    return { snapshotId, fetchedAt: catalog.fetchedAt, size: models.length }
  } catch (error) {
    db.exec('ROLLBACK')
    throw error
  }
}

/** What the image screen tells of its whole list (`ImageListFacts`), worked out once, as the catalog is kept. */
function imageListOf(models: readonly { raw: RawModel; record: CatalogModel }[]): ImageListFacts {
  const images = models.filter(({ raw, record }) => raw.unified && pickedFor(record, 'image'))
  return {
    cannotEdit: images.filter(({ record }) => !record.inputModalities.includes('image')).length,
    takesReferences: images.some(({ record }) => record.supportedParameters.includes('input_images')),
  }
}

/** Drops a profile's other catalogs: the one before `kept`, and one a crash left incomplete. */
function dropOthers(db: DatabaseSync, profileId: string, kept: number): void {
  const dropped = db
    .prepare('SELECT id FROM snapshots WHERE profile_id = ? AND id != ?')
    .all(profileId, kept) as { id: number }[]
  for (const { id } of dropped) {
    db.prepare('DELETE FROM models_text WHERE rowid IN (SELECT rid FROM models WHERE snapshot_id = ?)').run(
      id,
    )
    db.prepare('DELETE FROM models WHERE snapshot_id = ?').run(id)
    db.prepare('DELETE FROM listings WHERE snapshot_id = ?').run(id)
    db.prepare('DELETE FROM picked WHERE snapshot_id = ?').run(id)
    db.prepare('DELETE FROM snapshots WHERE id = ?').run(id)
  }
}
