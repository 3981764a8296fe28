// Catalogs kept per profile: the newest two, each in parts of up to a thousand models per listing style, and
// parts of the merged records (so that a start reads them rather than merging the styles again) and of each
// record's id and prices (style `prices`, so that a later catalog is compared with it without reading it
// whole). A snapshot is written a part at a time, each part its own transaction, and counts once it is
// complete: one left incomplete (the app closed meanwhile) is never read, and goes at the next write.
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { integer, rowsOf, storedJson, text } from './rows.ts'

export const modelsPerPart = 1000

const snapshotRows = rowsOf('catalog snapshot', z.object({ id: integer, fetchedAt: integer }))
const snapshotIds = rowsOf('catalog snapshot', z.object({ id: integer }))
const partKeys = rowsOf('catalog part', z.object({ style: text, part: integer }))
const partRows = rowsOf('catalog part', z.object({ modelsJson: text }))
const holdingRows = rowsOf('catalog part', z.object({ holds: integer }))
const modelList = z.array(z.unknown())

export interface KeptSnapshot {
  id: number
  fetchedAt: number
}

export function catalogSnapshotRepository(db: DatabaseSync) {
  // What a crash left half written is never read: it goes as the history opens.
  db.prepare('DELETE FROM catalog_snapshots WHERE complete = 0').run()
  const latest = db.prepare(`SELECT id, fetched_at AS fetchedAt FROM catalog_snapshots
    WHERE profile_id = ? AND complete = 1 ORDER BY fetched_at DESC, id DESC LIMIT ?`)
  const byId = db.prepare(
    'SELECT id, fetched_at AS fetchedAt FROM catalog_snapshots WHERE id = ? AND complete = 1',
  )
  const keys = db.prepare(
    'SELECT style, part FROM catalog_parts WHERE snapshot_id = ? ORDER BY style DESC, part',
  )
  const part = db.prepare(
    'SELECT models_json AS modelsJson FROM catalog_parts WHERE snapshot_id = ? AND style = ? AND part = ?',
  )
  const holds = db.prepare(
    'SELECT instr(models_json, ?) > 0 AS holds FROM catalog_parts WHERE snapshot_id = ? AND style = ? AND part = ?',
  )
  const dropIncomplete = db.prepare('DELETE FROM catalog_snapshots WHERE profile_id = ? AND complete = 0')
  const begin = db.prepare(
    'INSERT INTO catalog_snapshots (profile_id, fetched_at, complete) VALUES (?, ?, 0) RETURNING id',
  )
  const addPart = db.prepare(
    'INSERT INTO catalog_parts (snapshot_id, style, part, models_json) VALUES (?, ?, ?, ?)',
  )
  const complete = db.prepare(
    'UPDATE catalog_snapshots SET complete = 1 WHERE id = ? AND complete = 0 RETURNING profile_id AS profileId',
  )
  const prune = db.prepare(`DELETE FROM catalog_snapshots WHERE profile_id = ? AND complete = 1 AND id NOT IN
    (SELECT id FROM catalog_snapshots WHERE profile_id = ? AND complete = 1 ORDER BY fetched_at DESC, id DESC LIMIT 2)`)
  const remove = db.prepare('DELETE FROM catalog_snapshots WHERE id = ?')

  return {
    /** The newest `count` complete snapshots, newest first, without their models. */
    latest: (profileId: string, count = 2): KeptSnapshot[] => snapshotRows.all(latest.all(profileId, count)),
    /** A complete snapshot, if it is still kept. */
    byId: (snapshotId: number): KeptSnapshot | undefined => snapshotRows.maybe(byId.get(snapshotId)),
    /** Which parts a snapshot has, unified first and each style's parts in order. */
    parts: (snapshotId: number) => partKeys.all(keys.all(snapshotId)),
    /** Whether a part's stored JSON holds `text` (found by the database, without reading the part here). */
    partHolds(snapshotId: number, style: string, index: number, text: string): boolean {
      return holdingRows.maybe(holds.get(text, snapshotId, style, index))?.holds === 1
    },
    /** One part's models as stored; undefined once the snapshot is gone. */
    part(snapshotId: number, style: string, index: number): unknown[] | undefined {
      const row = partRows.maybe(part.get(snapshotId, style, index))
      return row && storedJson('part of a kept catalog', modelList, row.modelsJson)
    },
    /** Starts a snapshot, dropping any this profile left incomplete. */
    begin(profileId: string, fetchedAt: number): number {
      dropIncomplete.run(profileId)
      return snapshotIds.one(begin.get(profileId, fetchedAt)).id
    },
    addPart(snapshotId: number, style: string, index: number, modelsJson: string): void {
      addPart.run(snapshotId, style, index, modelsJson)
    },
    /** The snapshot counts from now; of its profile's, the newest two stay (the catalog and the one before). */
    complete(snapshotId: number): void {
      const row = complete.get(snapshotId) as { profileId?: unknown } | undefined
      if (typeof row?.profileId === 'string') prune.run(row.profileId, row.profileId)
    },
    /** An incomplete snapshot given up. */
    abandon: (snapshotId: number) => void remove.run(snapshotId),
  }
}
