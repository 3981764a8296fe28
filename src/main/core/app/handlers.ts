// The app routes, mapped to the app service.
import { AppError } from '#shared/ipc/app-error'
import type { HandlersFor } from '#shared/ipc/contract'
import { type appRoutes, draftLimitBytes } from '#shared/ipc/routes/app'
import type { History } from '../history/history.ts'
import type { AppService } from './service.ts'

export function appHandlers({
  app,
  drafts,
  now,
}: {
  app: AppService
  drafts: History['drafts']
  now: () => number
}): HandlersFor<typeof appRoutes> {
  return {
    // A draft that no longer reads as JSON is as good as none: the screen starts empty.
    'drafts.get': ({ kind }) => {
      const kept = drafts.get(kind)?.bodyJson
      try {
        return { draft: kept === undefined ? null : JSON.parse(kept) }
      } catch {
        return { draft: null }
      }
    },
    'drafts.keep': ({ kind, draft }) => {
      const json = JSON.stringify(draft ?? null)
      if (Buffer.byteLength(json) > draftLimitBytes)
        throw new AppError({
          code: 'validation_failed',
          message: 'This draft is too big to keep across a restart.',
        })
      drafts.put(kind, json, now())
      return {}
    },
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
  }
}
