// Profiles and their secrets as the person manages them: every change is announced to the window.

import { AppError } from '#shared/ipc/app-error'
import type { RouteInput } from '#shared/ipc/contract'
import type { profileRoutes } from '#shared/ipc/routes/profiles'
import type { EventBus } from '../events.ts'
import type { SecretStore } from '../secrets/secret-store.ts'
import { checkHealth, testConnection } from './connection-test.ts'
import { type Profiles, sandboxProfileId, secretKey } from './profiles.ts'

type Input<K extends keyof typeof profileRoutes> = RouteInput<typeof profileRoutes, K>

export function createProfileService(deps: { profiles: Profiles; secrets: SecretStore; events: EventBus }) {
  const { profiles, secrets, events } = deps
  const changed = <T>(result: T): T => {
    events.emit('data.changed', { topics: ['profiles'] })
    return result
  }
  return {
    list: () => profiles.list(),
    save: async (input: Input<'profiles.save'>) => changed(await profiles.save(input)),
    delete: async (id: string) => changed({ deleted: await profiles.delete(id) }),
    activate: async (id: string) => changed(await profiles.activate(id)),
    async setSecret({ profileId, secret, value }: Input<'profiles.setSecret'>) {
      if (profileId === sandboxProfileId) {
        throw new AppError({
          code: 'validation_failed',
          message: 'The Sandbox profile manages its own key.',
          path: ['value'],
        })
      }
      profiles.get(profileId)
      await secrets.set(secretKey(profileId, secret), value?.trim() || null)
      return changed(secrets.status(secretKey(profileId, secret)))
    },
    testConnection: async (id: string) => testConnection(await profiles.connection(id)),
    checkHealth: async (id: string) => checkHealth(await profiles.connection(id)),
    storage: () => secrets.storage(),
    async allowWeakStorage(allow: boolean) {
      await secrets.setAllowWeakStorage(allow)
      return changed(secrets.storage())
    },
  }
}

export type ProfileService = ReturnType<typeof createProfileService>
