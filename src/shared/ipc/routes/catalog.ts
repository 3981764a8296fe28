// Routes of the model catalog: the whole list in the unified style, fresh or, offline, the last one kept.
import { z } from 'zod'
import { UnifiedModel } from '../../api/models.ts'
import { route } from '../contract.ts'

export const CatalogSnapshot = z.object({
  models: z.array(UnifiedModel),
  fetchedAt: z.number(),
  /** False when the service could not be reached and this is the last catalog kept. */
  fresh: z.boolean(),
})
export type CatalogSnapshot = z.infer<typeof CatalogSnapshot>

export const catalogRoutes = {
  'catalog.models': route({
    input: z.object({ refresh: z.boolean().default(false) }),
    output: CatalogSnapshot,
  }),
}
