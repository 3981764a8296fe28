// Handlers of the app routes: what is running, preferences, external links.
import type { HandlersFor } from '#shared/ipc/contract'
import type { appRoutes } from '#shared/ipc/routes/app'
import type { EventBus } from '../events.ts'
import type { Platform } from '../platform.ts'
import type { RequestRegistry } from '../requests.ts'
import { checkExternalUrl } from './external-links.ts'
import type { PreferencesStore } from './preferences.ts'

export function appHandlers(deps: {
  platform: Platform
  preferences: PreferencesStore
  events: EventBus
  requests: RequestRegistry
  notices: () => string[]
}): HandlersFor<typeof appRoutes> {
  const { platform, preferences, events, requests } = deps
  return {
    'app.info': () => ({
      name: platform.appName,
      version: platform.appVersion,
      shell: platform.shell,
      platform: process.platform,
      dataFolder: platform.paths.userData,
    }),
    'app.openExternal': async ({ url }) => {
      await platform.openExternal(checkExternalUrl(url).href)
      return { opened: true }
    },
    'app.openDataFolder': async () => {
      await platform.openPath(platform.paths.userData)
      return { opened: true }
    },
    'app.notices': () => deps.notices(),
    'requests.cancel': ({ requestId }) => ({ cancelled: requests.cancel(requestId) }),
    'preferences.get': () => preferences.get(),
    'preferences.update': async (change) => {
      const next = await preferences.update(change)
      events.emit('preferences.changed', next)
      events.emit('data.changed', { topics: ['preferences'] })
      return next
    },
  }
}
