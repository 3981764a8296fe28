// Routes about profiles and secrets: which service the app talks to, and with which key. No route returns
// a secret: only whether it is set, a mask and a fingerprint.
import { z } from 'zod'
import { route } from '../contract.ts'

export const SecretStatus = z.object({
  set: z.boolean(),
  mask: z.string().nullable(),
  fingerprint: z.string().nullable(),
  unreadable: z.boolean(),
})
export type SecretStatus = z.infer<typeof SecretStatus>

export const SecretName = z.enum(['apiKey', 'webhookSecret', 'webhookSecretPrevious'])
export type SecretName = z.infer<typeof SecretName>

export const Profile = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['sandbox', 'live']),
  /** The service address; for the sandbox, null until it has started. */
  baseUrl: z.string().nullable(),
  active: z.boolean(),
  /** Live profiles only: the state of each secret. */
  secrets: z.record(SecretName, SecretStatus).nullable(),
})
export type Profile = z.infer<typeof Profile>

export const StorageStatus = z.object({
  backend: z.enum(['os', 'basic_text', 'unavailable']),
  persistent: z.boolean(),
  allowWeakStorage: z.boolean(),
})
export type StorageStatus = z.infer<typeof StorageStatus>

export const ConnectionTest = z.object({
  outcome: z.enum(['ok', 'bad_key', 'bad_url', 'unreachable', 'no_key']),
  message: z.string(),
  latencyMs: z.number(),
})
export type ConnectionTest = z.infer<typeof ConnectionTest>

const id = z.object({ id: z.string().min(1).max(100) })

export const profileRoutes = {
  'profiles.list': route({ input: z.object({}), output: z.array(Profile) }),
  'profiles.save': route({
    input: z.object({
      id: z.string().max(100).optional(),
      name: z.string().max(200),
      baseUrl: z.string().max(2048),
    }),
    output: Profile,
  }),
  'profiles.delete': route({ input: id, output: z.object({ deleted: z.boolean() }) }),
  'profiles.activate': route({ input: id, output: Profile }),
  'profiles.setSecret': route({
    input: z.object({
      profileId: z.string().min(1),
      secret: SecretName,
      value: z.string().min(1).max(4096).nullable(),
    }),
    output: SecretStatus,
  }),
  'profiles.testConnection': route({ input: id, output: ConnectionTest }),
  /** The status bar's check: the same outcomes, without listing the catalog when the profile has a key. */
  'profiles.health': route({ input: id, output: ConnectionTest }),
  'secrets.storage': route({ input: z.object({}), output: StorageStatus }),
  'secrets.setAllowWeakStorage': route({ input: z.object({ allow: z.boolean() }), output: StorageStatus }),
}
