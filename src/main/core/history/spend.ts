// The ledger of what the app spent, as the history's triggers write it: read by time, for one profile or all.
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { type Amount, formatAmount, parseAmount } from '#shared/domain/money'
import { amountOfParts } from './migrations.ts'
import { integer, maybeText, rowsOf, text } from './rows.ts'

export const spendFeatures = ['decision', 'batch', 'image', 'video', 'playground', 'cache'] as const
export type SpendFeature = (typeof spendFeatures)[number]

const SpendRow = z.object({
  at: integer,
  profileId: maybeText,
  feature: z.enum(spendFeatures),
  model: text,
  cost: text,
  estimated: z.union([z.literal(0), z.literal(1)]),
  itemId: text,
  /** What was billed: tokens in and out (and cached), images, seconds; as the outcome reported them. */
  unitsJson: text,
})
export type SpendRow = z.infer<typeof SpendRow>
const spendRows = rowsOf('spend entry', SpendRow)

/** A picodollar in the money type's units (10⁻¹⁸ USD). */
const picodollar = 1_000_000n

export function spendRepository(db: DatabaseSync) {
  const columns =
    'at, profile_id AS profileId, feature, model, cost, estimated, item_id AS itemId, units_json AS unitsJson'
  const between = db.prepare(
    `SELECT ${columns} FROM spend_entries WHERE at >= ?1 AND at < ?2 AND (?3 IS NULL OR profile_id = ?3) ORDER BY at`,
  )
  const since = db.prepare(
    'SELECT sum(picodollars) AS total FROM spend_entries WHERE profile_id = ? AND at >= ?',
  )
  // Exact: the picodollars and the places past them, both from the index.
  const spentBetween = db.prepare(`SELECT count(*) AS count, coalesce(sum(picodollars), 0) AS pico,
      coalesce(sum(past_picodollars), 0) AS rest
    FROM spend_entries WHERE profile_id = ? AND at >= ? AND at < ?`)
  spentBetween.setReadBigInts(true)
  since.setReadBigInts(true)
  const recent = db.prepare(
    'SELECT cost FROM spend_entries WHERE profile_id = ? AND feature = ? AND model = ? ORDER BY at DESC LIMIT 20',
  )
  const pendingVideos = db.prepare(
    "SELECT estimate FROM video_jobs WHERE profile_id = ? AND status = 'pending' AND estimate IS NOT NULL",
  )
  const setEstimate = db.prepare('UPDATE video_jobs SET estimate = ? WHERE id = ?')
  const openHold = db.prepare(
    'INSERT INTO spend_holds (at, profile_id, feature, model, estimate, picodollars) VALUES (?, ?, ?, ?, ?, ?)',
  )
  const endHold = db.prepare('DELETE FROM spend_holds WHERE id = ?')
  const enterHold = db.prepare(`INSERT OR IGNORE INTO spend_entries
    (at, profile_id, feature, model, cost, estimated, item_id)
    SELECT ?2, profile_id, feature, model, estimate, 1, ?3 FROM spend_holds WHERE id = ?1`)
  const heldSince = db.prepare(
    'SELECT sum(picodollars) AS total FROM spend_holds WHERE profile_id = ? AND at >= ?',
  )
  heldSince.setReadBigInts(true)
  const holdsBetween = db.prepare(
    `SELECT count(*) AS count, coalesce(sum(picodollars), 0) AS total FROM spend_holds
      WHERE at >= ?1 AND at < ?2 AND (?3 IS NULL OR profile_id = ?3)`,
  )
  holdsBetween.setReadBigInts(true)
  const sum = (rows: Record<string, unknown>[], column: string) =>
    rows.reduce((total: Amount, row) => total + parseAmount(String(row[column])), 0n)
  return {
    /**
     * What a profile spent from `from` on, to the picodollar: each entry's cost in whole picodollars, added up
     * by SQLite as integers from an index, so a budget check does not parse a month of entries.
     */
    spentSince(profileId: string, from: number): Amount {
      const total = since.get(profileId, from)?.total
      return (typeof total === 'bigint' ? total : 0n) * picodollar
    },
    /** How many entries the profile made from `from` to `to` (exclusive), and what they cost, exactly. */
    entriesBetween(profileId: string, from: number, to: number): { count: number; spent: Amount } {
      const row = spentBetween.get(profileId, from, to) as { count: bigint; pico: bigint; rest: bigint }
      return { count: Number(row.count), spent: amountOfParts(row) }
    },
    /** Writes a hold: a request about to go out, at its estimate. Resolves its row's id. */
    openHold(hold: {
      at: number
      profileId: string
      feature: SpendFeature
      model: string
      estimate: Amount
    }) {
      return Number(
        openHold.run(
          hold.at,
          hold.profileId,
          hold.feature,
          hold.model,
          formatAmount(hold.estimate),
          hold.estimate / picodollar,
        ).lastInsertRowid,
      )
    },
    /** Ends a hold: its request's outcome (and entry, if any) was written beside it, or it was never billed. */
    endHold: (id: number) => void endHold.run(id),
    /** Ends a hold by entering its estimate as the cost, marked estimated, as `itemId` at `at`. */
    enterHold(id: number, itemId: string, at: number): void {
      enterHold.run(id, at, itemId)
      endHold.run(id)
    },
    /** What the profile's open holds made since `from` hold, to the picodollar. */
    heldSince(profileId: string, from: number): Amount {
      const total = heldSince.get(profileId, from)?.total
      return (typeof total === 'bigint' ? total : 0n) * picodollar
    },
    /** Open holds made from `from` to `to`, of one profile or (null) all: requests whose outcome is not written. */
    holdsBetween(from: number, to: number, profileId: string | null): { count: number; held: Amount } {
      const row = holdsBetween.get(from, to, profileId) as { count: bigint; total: bigint }
      return { count: Number(row.count), held: row.total * picodollar }
    },
    /** The mean of the profile's last few entries of a feature and model, or null before the first. */
    recentMean(profileId: string, feature: string, model: string): Amount | null {
      const rows = recent.all(profileId, feature, model)
      return rows.length === 0 ? null : sum(rows, 'cost') / BigInt(rows.length)
    },
    /** What the profile's pending video jobs are estimated to cost once they complete. */
    pendingVideoEstimates: (profileId: string): Amount => sum(pendingVideos.all(profileId), 'estimate'),
    setVideoEstimate: (jobId: string, estimate: Amount) =>
      void setEstimate.run(formatAmount(estimate), jobId),
    /** The entries from `from` (inclusive) to `to` (exclusive), of one profile or (null) all. */
    between: (from: number, to: number, profileId: string | null) =>
      spendRows.all(between.all(from, to, profileId)),
  }
}
