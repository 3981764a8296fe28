// Catalog routes: each asks the catalog of the profile active when the request arrives.
import type { HandlersFor } from '#shared/ipc/contract'
import type { catalogRoutes } from '#shared/ipc/routes/catalog'
import type { ProfileScopes } from '../profiles/profile-scope.ts'

export function catalogHandlers(deps: { scopes: ProfileScopes }): HandlersFor<typeof catalogRoutes> {
  const catalog = () => deps.scopes.active().catalog
  return {
    'catalog.models': ({ refresh, output }) => catalog().models(refresh, output),
    'catalog.choices': ({ use, refresh }) => catalog().choices(use, refresh),
    'catalog.overview': ({ refresh }) => catalog().overview(refresh),
    'catalog.changes': () => catalog().changes(),
    'catalog.prepare': async () => {
      await catalog().prepare()
      return {}
    },
    'catalog.rows': (query) => catalog().rows(query),
    'catalog.order': ({ sort, descending }) => catalog().order(sort, descending),
    'catalog.model': ({ id, refresh }) => catalog().model(id, refresh),
    'catalog.provider': ({ provider }) => catalog().provider(provider),
  }
}
