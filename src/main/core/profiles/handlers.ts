// The profile and secret routes, mapped to the profile service.
import type { HandlersFor } from '#shared/ipc/contract'
import type { profileRoutes } from '#shared/ipc/routes/profiles'
import type { ProfileService } from './service.ts'

export function profileHandlers({
  profiles,
}: {
  profiles: ProfileService
}): HandlersFor<typeof profileRoutes> {
  return {
    'profiles.list': () => profiles.list(),
    'profiles.save': (input) => profiles.save(input),
    'profiles.delete': ({ id }) => profiles.delete(id),
    'profiles.activate': ({ id }) => profiles.activate(id),
    'profiles.setSecret': (input) => profiles.setSecret(input),
    'profiles.testConnection': ({ id }) => profiles.testConnection(id),
    'profiles.health': ({ id }) => profiles.checkHealth(id),
    'secrets.storage': () => profiles.storage(),
    'secrets.setAllowWeakStorage': ({ allow }) => profiles.allowWeakStorage(allow),
  }
}
