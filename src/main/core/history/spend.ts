// The ledger of what the app spent, as the history's triggers write it: read by time, for one profile or all.
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { integer, maybeText, rowsOf, text } from './rows.ts'

export const spendFeatures = ['decision', 'batch', 'image', 'video', 'playground', 'cache'] as const

const SpendRow = z.object({
  at: integer,
  profileId: maybeText,
  feature: z.enum(spendFeatures),
  model: text,
  cost: text,
  estimated: z.union([z.literal(0), z.literal(1)]),
  itemId: text,
})
export type SpendRow = z.infer<typeof SpendRow>
const spendRows = rowsOf('spend entry', SpendRow)

export function spendRepository(db: DatabaseSync) {
  const columns = 'at, profile_id AS profileId, feature, model, cost, estimated, item_id AS itemId'
  const between = db.prepare(
    `SELECT ${columns} FROM spend_entries WHERE at >= ?1 AND at < ?2 AND (?3 IS NULL OR profile_id = ?3) ORDER BY at`,
  )
  return {
    /** The entries from `from` (inclusive) to `to` (exclusive), of one profile or (null) all. */
    between: (from: number, to: number, profileId: string | null) =>
      spendRows.all(between.all(from, to, profileId)),
  }
}
