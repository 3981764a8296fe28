// Handlers of the profile routes. The built-in Sandbox profile is always there and active on first run.
import type { HandlersFor } from '#shared/ipc/contract'
import type { profileRoutes } from '#shared/ipc/routes/profiles'

export function profileHandlers(): HandlersFor<typeof profileRoutes> {
  return {
    'profiles.list': () => [{ id: 'sandbox', name: 'Sandbox', kind: 'sandbox', baseUrl: null, active: true }],
  }
}
