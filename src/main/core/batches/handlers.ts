// The batch routes, each mapped to the batch service; a new batch takes the profile active when it starts.
import type { HandlersFor } from '#shared/ipc/contract'
import type { batchRoutes } from '#shared/ipc/routes/batches'
import type { ProfileScopes } from '../profiles/profile-scope.ts'
import type { BatchService } from './service.ts'

export function batchHandlers(deps: {
  scopes: Pick<ProfileScopes, 'active'>
  batches: BatchService
}): HandlersFor<typeof batchRoutes> {
  const { scopes, batches } = deps
  return {
    'batches.start': (input) => batches.start(scopes.active(), input),
    'batches.list': () => batches.list(),
    'batches.get': ({ id }) => batches.get(id),
    'batches.rows': ({ id, from, limit }, { signal }) => batches.rows(id, from, limit, signal),
    'batches.answers': ({ id }, { signal }) => batches.answers(id, signal),
    'batches.rowsDiffer': ({ id, against }, { signal }) => batches.rowsDiffer(id, against, signal),
    'batches.setBaseline': ({ id, kept }) => batches.setBaseline(id, kept),
    'batches.settled': ({ id, since }) => batches.settled(id, since),
    'batches.cancel': ({ id }) => batches.cancel(id),
    'batches.resume': ({ id, spendCap }) => batches.resume(id, spendCap),
    'batches.retry': ({ id, index }) => batches.retry(id, index),
    'batches.label': ({ id, index, question, value }) => batches.label(id, index, question, value),
    'batches.export': ({ id, format }) => batches.export(id, format),
    'batches.delete': ({ id }) => batches.delete(id),
  }
}
