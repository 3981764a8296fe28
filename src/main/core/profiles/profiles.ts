// The profiles: the built-in Sandbox, and live profiles (a name and a base URL, with their secrets in the
// secret store). Kept in profiles.json in the data folder; the Sandbox is not stored, it is always there.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { checkBaseUrl, checkProfileName } from '#shared/domain/profiles'
import { AppError } from '#shared/ipc/app-error'
import type { Profile, SecretName } from '#shared/ipc/routes/profiles'
import { writeFileAtomic } from '../files/atomic-write.ts'
import type { SecretStore } from '../secrets/secret-store.ts'
import { connectionScope } from './connection-scope.ts'
import type { EmbeddedSandbox } from './embedded-sandbox.ts'

export const sandboxProfileId = 'sandbox'

const StoredProfile = z.object({ id: z.string(), name: z.string(), baseUrl: z.string() })
type StoredProfile = z.infer<typeof StoredProfile>
const ProfilesFile = z.object({ activeId: z.string(), live: z.array(StoredProfile) })

export const secretKey = (profileId: string, secret: SecretName) => `${profileId}:${secret}`

export function openProfiles(
  userData: string,
  secrets: SecretStore,
  sandbox: EmbeddedSandbox,
  options: { activeHere?: string; activeAt?: string } = {},
) {
  const path = join(userData, 'profiles.json')
  let activeId = sandboxProfileId
  let live: StoredProfile[] = []
  /** Profiles a command made from its environment (`GATEWAY_BASE_URL`): never written, never listed. */
  const passing: StoredProfile[] = []
  try {
    const file = ProfilesFile.parse(JSON.parse(readFileSync(path, 'utf8')))
    live = file.live
    activeId = file.live.some((profile) => profile.id === file.activeId) ? file.activeId : sandboxProfileId
  } catch {
    // First run, or a file that is not ours: the Sandbox is active.
  }
  const save = () => writeFileAtomic(path, JSON.stringify({ activeId, live }, null, 2))
  /** The profile called `wanted` (its id or name, in any case), or an error that lists the profiles there are. */
  const named = (wanted: string): string => {
    const key = wanted.trim().toLowerCase()
    const found = [{ id: sandboxProfileId, name: 'Sandbox' }, ...live].find(
      (profile) => profile.id.toLowerCase() === key || profile.name.toLowerCase() === key,
    )
    if (!found)
      throw new AppError({
        code: 'not_found',
        message: `There is no profile called “${wanted}”. The profiles are: Sandbox${live.map((profile) => `, ${profile.name}`).join('')}.`,
      })
    return found.id
  }
  /** The profile of a service given by its address alone (a CI job's environment): made once, kept in memory. */
  const at = (baseUrl: string): string => {
    const url = checkBaseUrl(baseUrl)
    if (!url.ok)
      throw new AppError({
        code: 'validation_failed',
        message: `GATEWAY_BASE_URL: ${url.message}`,
        path: ['baseUrl'],
      })
    const known = passing.find((profile) => profile.baseUrl === url.url)
    if (known) return known.id
    const made = {
      id: `env-${randomUUID()}`,
      name: `Environment (${new URL(url.url).host})`,
      baseUrl: url.url,
    }
    passing.push(made)
    return made.id
  }
  // The command line works with the profile it was given, by id or name, without changing the app's choice.
  if (options.activeHere !== undefined) activeId = named(options.activeHere)
  if (options.activeAt !== undefined) activeId = at(options.activeAt)
  /** The active profile: a client's own for its calls (`connection-scope.ts`), else the app's choice. */
  const current = () => connectionScope.current()?.profileId ?? activeId

  const describe = (stored: StoredProfile | null): Profile => {
    if (!stored) {
      return {
        id: sandboxProfileId,
        name: 'Sandbox',
        kind: 'sandbox',
        baseUrl: sandbox.url(),
        active: current() === sandboxProfileId,
        secrets: null,
      }
    }
    const status = (name: SecretName) => secrets.status(secretKey(stored.id, name))
    return {
      id: stored.id,
      name: stored.name,
      kind: 'live',
      baseUrl: stored.baseUrl,
      active: current() === stored.id,
      secrets: {
        apiKey: status('apiKey'),
        webhookSecret: status('webhookSecret'),
        webhookSecretPrevious: status('webhookSecretPrevious'),
      },
    }
  }

  const find = (id: string): StoredProfile | null => {
    if (id === sandboxProfileId) return null
    const stored = live.find((profile) => profile.id === id) ?? passing.find((profile) => profile.id === id)
    if (!stored) throw new AppError({ code: 'not_found', message: 'That profile no longer exists.' })
    return stored
  }

  const invalid = (message: string, field: string) =>
    new AppError({ code: 'validation_failed', message, path: [field] })

  return {
    list: (): Profile[] => [describe(null), ...live.map(describe)],
    get: (id: string): Profile => describe(find(id)),
    active: (): Profile => describe(current() === sandboxProfileId ? null : find(current())),
    named,
    at,

    async save(input: { id?: string | undefined; name: string; baseUrl: string }): Promise<Profile> {
      if (input.id === sandboxProfileId)
        throw invalid('The built-in Sandbox profile cannot be edited.', 'name')
      const others = ['Sandbox', ...live.filter((p) => p.id !== input.id).map((p) => p.name)]
      const nameProblem = checkProfileName(input.name, others)
      if (nameProblem) throw invalid(nameProblem, 'name')
      const url = checkBaseUrl(input.baseUrl)
      if (!url.ok) throw invalid(url.message, 'baseUrl')
      const stored = { id: input.id ?? randomUUID(), name: input.name.trim(), baseUrl: url.url }
      if (input.id) find(input.id)
      live = input.id
        ? live.map((profile) => (profile.id === input.id ? stored : profile))
        : [...live, stored]
      await save()
      return describe(stored)
    },

    async delete(id: string): Promise<boolean> {
      if (id === sandboxProfileId) throw invalid('The built-in Sandbox profile cannot be deleted.', 'id')
      find(id)
      live = live.filter((profile) => profile.id !== id)
      if (activeId === id) activeId = sandboxProfileId
      await save()
      await secrets.deleteAll(`${id}:`)
      return true
    },

    async activate(id: string): Promise<Profile> {
      const stored = find(id)
      activeId = stored?.id ?? sandboxProfileId
      await save()
      if (!stored) await sandbox.ensure()
      return describe(stored)
    },

    /**
     * Where and with which key to reach the service for a profile (the active one by default). Strict: a profile
     * that no longer exists is an error, never quietly the sandbox (work it started must not move elsewhere).
     */
    async connection(
      id = current(),
      options: { strict?: boolean } = {},
    ): Promise<{ baseUrl: string; apiKey: string | null }> {
      const stored = find(id)
      if (!stored && options.strict && id !== sandboxProfileId)
        throw new AppError({
          code: 'not_found',
          message: 'The profile this work was started with has been deleted, so nothing more is sent for it.',
        })
      if (!stored) {
        const { url, apiKey } = await sandbox.ensure()
        return { baseUrl: url, apiKey }
      }
      return { baseUrl: stored.baseUrl, apiKey: secrets.get(secretKey(stored.id, 'apiKey')) ?? null }
    },

    /** The secrets that sign this profile's webhooks: current first, then the previous one during rotation. */
    async webhookSecrets(id = current()): Promise<string[]> {
      if (id === sandboxProfileId) return [(await sandbox.ensure()).webhookSecret]
      // A deleted profile's job has no secret left to verify with: find refuses, never another profile's.
      const stored = find(id) as StoredProfile
      return (['webhookSecret', 'webhookSecretPrevious'] as const)
        .map((name) => secrets.get(secretKey(stored.id, name)))
        .filter((value): value is string => value !== undefined)
    },

    activeId: current,
  }
}

export type Profiles = ReturnType<typeof openProfiles>
