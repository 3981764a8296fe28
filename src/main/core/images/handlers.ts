// The image routes, each mapped to the gallery service under the profile active when the request arrives.
import type { HandlersFor } from '#shared/ipc/contract'
import type { imageRoutes } from '#shared/ipc/routes/images'
import type { ProfileScopes } from '../profiles/profile-scope.ts'
import type { ImageService } from './service.ts'

export function imageHandlers(deps: {
  scopes: Pick<ProfileScopes, 'active'>
  images: ImageService
}): HandlersFor<typeof imageRoutes> {
  const { scopes, images } = deps
  return {
    'images.models': (query, { signal }) => images.models(scopes.active(), query, signal),
    'images.generate': (input) => images.generate(scopes.active(), input),
    'images.edit': (input) => images.edit(scopes.active(), input),
    'images.import': (input) => images.upload(input),
    'images.pick': () => images.pick(),
    'images.list': (filter) => images.list(filter),
    'images.get': ({ id }) => images.get(id),
    'images.prompts': () => images.prompts(),
    'images.madeWith': () => images.madeWith(),
    'images.delete': ({ id }) => images.delete(id),
    'images.saveAs': ({ id }) => images.saveAs(id),
    'images.copy': ({ id }) => images.copy(id),
    'images.dragOut': ({ id }) => images.dragOut(id),
  }
}
