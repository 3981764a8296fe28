// Catalog routes: each asks the catalog of the profile active when the request arrives (kept and read in the
// data worker), and cancels its read when the window no longer waits for it.
import type { HandlersFor } from '#shared/ipc/contract'
import type { catalogRoutes } from '#shared/ipc/routes/catalog'
import type { ProfileScopes } from '../profiles/profile-scope.ts'

export function catalogHandlers(deps: { scopes: ProfileScopes }): HandlersFor<typeof catalogRoutes> {
  const catalog = () => deps.scopes.active().catalog
  return {
    'catalog.choices': (query, { signal }) => catalog().choices(query, signal),
    'catalog.overview': ({ refresh }, { signal }) => catalog().overview(refresh, signal),
    'catalog.changes': (_, { signal }) => catalog().changes(signal),
    'catalog.rows': (query, { signal }) => catalog().rows(query, signal),
    'catalog.points': ({ filter }, { signal }) => catalog().points(filter, signal),
    'catalog.model': ({ id, refresh }, { signal }) => catalog().model(id, refresh, signal),
    'catalog.provider': ({ provider }, { signal }) => catalog().provider(provider, signal),
  }
}
