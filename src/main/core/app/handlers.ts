// The app routes, mapped to the app service.
import type { HandlersFor } from '#shared/ipc/contract'
import type { appRoutes } from '#shared/ipc/routes/app'
import type { AppService } from './service.ts'

export function appHandlers({ app }: { app: AppService }): HandlersFor<typeof appRoutes> {
  return {
    'drafts.get': ({ kind }) => ({ draft: app.draft(kind) }),
    'drafts.keep': ({ kind, draft }) => app.keepDraft(kind, draft),
    'app.info': () => app.info(),
    'app.openExternal': ({ url }) => app.openExternal(url),
    'app.openDataFolder': () => app.openDataFolder(),
    'app.notices': () => app.notices(),
    'app.copyLink': ({ path }) => app.copyLink(path),
    'updates.state': () => app.updateState(),
    'updates.check': () => app.checkForUpdate(),
    'updates.install': ({ evenDuringBatch }) => app.installUpdate(evenDuringBatch),
    'app.takeLinkPath': () => app.takeLinkPath(),
    'history.export': () => app.exportHistory(),
    'history.import': () => app.importHistory(),
    'requests.cancel': ({ requestId }) => app.cancelRequest(requestId),
    'preferences.get': () => app.preferences(),
    'preferences.update': (change) => app.updatePreferences(change),
    'preferences.keepScoring': (choice) => app.keepScoring(choice),
  }
}
