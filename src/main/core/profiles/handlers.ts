// Handlers of the profile and secret routes.

import { AppError } from '#shared/ipc/app-error'
import type { HandlersFor } from '#shared/ipc/contract'
import type { profileRoutes } from '#shared/ipc/routes/profiles'
import type { EventBus } from '../events.ts'
import type { SecretStore } from '../secrets/secret-store.ts'
import { testConnection } from './connection-test.ts'
import { type Profiles, sandboxProfileId, secretKey } from './profiles.ts'

export function profileHandlers(deps: {
  profiles: Profiles
  secrets: SecretStore
  events: EventBus
}): HandlersFor<typeof profileRoutes> {
  const { profiles, secrets, events } = deps
  const changed = <T>(result: T): T => {
    events.emit('data.changed', { topics: ['profiles'] })
    return result
  }
  return {
    'profiles.list': () => profiles.list(),
    'profiles.save': async (input) => changed(await profiles.save(input)),
    'profiles.delete': async ({ id }) => changed({ deleted: await profiles.delete(id) }),
    'profiles.activate': async ({ id }) => changed(await profiles.activate(id)),
    'profiles.setSecret': async ({ profileId, secret, value }) => {
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
    'profiles.testConnection': async ({ id }) => testConnection(await profiles.connection(id)),
    'secrets.storage': () => secrets.storage(),
    'secrets.setAllowWeakStorage': async ({ allow }) => {
      await secrets.setAllowWeakStorage(allow)
      return changed(secrets.storage())
    },
  }
}
