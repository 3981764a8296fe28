// What changed from a profile's previous catalog to the one just kept: a join of the two, worked out once when the
// new one is kept (in the background worker) and stored with it, so showing it is a lookup.
import type { DatabaseSync } from 'node:sqlite'
import { type CatalogChanges, priceNames } from '#shared/domain/catalog'

const priceColumns = {
  prompt: 'prompt',
  completion: 'completion',
  cacheRead: 'cache_read',
  cacheWrite5m: 'cache_write_5m',
  cacheWrite1h: 'cache_write_1h',
} as const

/** Models added and removed from catalog `beforeId` to `afterId`, and each price that moved. */
export function changesBetween(db: DatabaseSync, beforeId: number, afterId: number): CatalogChanges {
  const ids = (sql: string) =>
    (db.prepare(sql).all(afterId, beforeId) as { id: string }[]).map((row) => row.id)
  const added = ids(
    `SELECT id FROM models AS now WHERE snapshot_id = ?1 AND NOT EXISTS
      (SELECT 1 FROM models AS was WHERE was.snapshot_id = ?2 AND was.id = now.id) ORDER BY rid`,
  )
  const removed = ids(
    `SELECT id FROM models AS was WHERE snapshot_id = ?2 AND NOT EXISTS
      (SELECT 1 FROM models AS now WHERE now.snapshot_id = ?1 AND now.id = was.id) ORDER BY rid`,
  )
  const column = (price: (typeof priceNames)[number]) => priceColumns[price]
  const moved = db
    .prepare(
      `SELECT now.id AS id, ${priceNames.map((price) => `was.${column(price)} AS was_${price}, now.${column(price)} AS now_${price}`).join(', ')}
       FROM models AS now JOIN models AS was ON was.snapshot_id = ?2 AND was.id = now.id
       WHERE now.snapshot_id = ?1 AND (${priceNames.map((price) => `was.${column(price)} IS NOT now.${column(price)}`).join(' OR ')})
       ORDER BY now.rid`,
    )
    .all(afterId, beforeId) as Record<string, string | null>[]
  const priceChanges = moved.flatMap((row) =>
    priceNames.flatMap((price) =>
      row[`was_${price}`] === row[`now_${price}`]
        ? []
        : [
            {
              id: row.id as string,
              price,
              from: row[`was_${price}`] ?? null,
              to: row[`now_${price}`] ?? null,
            },
          ],
    ),
  )
  return { added, removed, priceChanges }
}
