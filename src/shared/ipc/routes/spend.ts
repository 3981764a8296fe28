// Routes of the spend ledger: totals of a time range by feature, model and day, and the entries as CSV.
import { z } from 'zod'
import { route } from '../contract.ts'

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
  /** Each local day of the range that had spending, by feature. */
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
      path: z.string(),
    }),
  ),
})
export type SpendSummary = z.infer<typeof SpendSummary>

const range = z.object({
  from: z.number().int(),
  to: z.number().int(),
  /** `active`: the active profile's; `all`: every profile's. */
  scope: z.enum(['active', 'all']).default('active'),
})

export const spendRoutes = {
  'spend.summary': route({ input: range, output: SpendSummary }),
  /** What the active profile spent since local midnight. */
  'spend.today': route({ input: z.object({}), output: z.object({ cost: z.string(), count: z.number() }) }),
  'spend.export': route({ input: range, output: z.object({ savedTo: z.string().nullable() }) }),
}
