// Routes about profiles: which service the app talks to.
import { z } from 'zod'
import { route } from '../contract.ts'

export const ProfileSummary = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['sandbox', 'live']),
  /** The service address; for the sandbox, null until it has started. */
  baseUrl: z.string().nullable(),
  active: z.boolean(),
})
export type ProfileSummary = z.infer<typeof ProfileSummary>

export const profileRoutes = {
  'profiles.list': route({ input: z.object({}), output: z.array(ProfileSummary) }),
}
