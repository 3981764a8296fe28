// Routes of the spend ledger: totals of a time range by feature, model and day, and the entries as CSV.
import { z } from 'zod'
import { route } from '../contract.ts'
import { Budget } from './app.ts'

/** Send a request even though it passes the profile's budget: the person chose so, and it is logged. */
export const overBudget = z.literal(true).optional()

export const SpendFeature = z.enum(['decision', 'batch', 'image', 'video', 'playground', 'cache'])

const total = z.object({ cost: z.string(), count: z.number() })

export const SpendSummary = z.object({
  from: z.number(),
  to: z.number(),
  /** The profile the figures are of; null for every profile. */
  profileId: z.string().nullable(),
  total,
  byFeature: z.array(total.extend({ feature: SpendFeature })),
  byModel: z.array(total.extend({ model: z.string() })),
  /** By profile (null: work from before profiles were kept). */
  byProfile: z.array(total.extend({ profileId: z.string().nullable() })),
  /** How many of the entries are the app's estimates (no figure to price them from). */
  estimated: z.number(),
  /** Requests sent in the range whose outcome is not settled: out now, or never answered (the app stopped). */
  pending: total,
  /** Each local day of the range that had spending, by feature; each hour (`2026-11-28 14:00`) for a day's range. */
  byDay: z.array(
    z.object({ day: z.string(), cost: z.string(), byFeature: z.record(z.string(), z.string()) }),
  ),
  /** The costliest entries, with the address of what they were. */
  top: z.array(
    z.object({
      at: z.number(),
      feature: SpendFeature,
      model: z.string(),
      cost: z.string(),
      estimated: z.boolean(),
      path: z.string(),
    }),
  ),
})
export type SpendSummary = z.infer<typeof SpendSummary>

/** How far a profile is into one of its budgets. */
export const BudgetUse = z.object({
  period: z.enum(['day', 'month']),
  limit: z.string(),
  spent: z.string(),
  /** Spent (and held by requests in flight) over the limit, 0 to 1 and beyond. */
  share: z.number(),
})
export type BudgetUse = z.infer<typeof BudgetUse>

/** A profile's budgets and where it stands with them. */
export const ProfileBudget = z.object({
  profileId: z.string(),
  name: z.string(),
  /** The built-in sandbox costs nothing real: its spend is shown, never limited. */
  limited: z.boolean(),
  budget: Budget,
  spentToday: z.string(),
  spentThisMonth: z.string(),
  use: z.array(BudgetUse),
})
export type ProfileBudget = z.infer<typeof ProfileBudget>

const range = z.object({
  from: z.number().int(),
  to: z.number().int(),
  /** `active`: the active profile's; `all`: every profile's. */
  scope: z.enum(['active', 'all']).default('active'),
})

export const spendRoutes = {
  'spend.summary': route({ input: range, output: SpendSummary }),
  /** What the active profile spent since local midnight, summed in SQL from the ledger. */
  'spend.today': route({
    input: z.object({}),
    output: z.object({
      cost: z.string(),
      count: z.number(),
      /** The budget the active profile is furthest into, once past 80% of it. */
      nearBudget: BudgetUse.nullable(),
    }),
  }),
  'spend.budgets': route({ input: z.object({}), output: z.array(ProfileBudget) }),
  /** Sets a profile's budgets; batches it stopped at a budget go on if the new one allows. */
  'spend.setBudget': route({
    input: Budget.extend({ profileId: z.string().min(1).max(100) }),
    output: ProfileBudget,
  }),
  'spend.export': route({ input: range, output: z.object({ savedTo: z.string().nullable() }) }),
}
