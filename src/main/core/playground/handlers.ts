// The playground and stream routes, each mapped to the playground service under the profile active when the
// request arrives.
import type { HandlersFor } from '#shared/ipc/contract'
import type { playgroundRoutes } from '#shared/ipc/routes/playground'
import type { streamRoutes } from '#shared/ipc/routes/streams'
import type { ProfileScopes } from '../profiles/profile-scope.ts'
import type { PlaygroundService } from './service.ts'

export function playgroundHandlers(deps: {
  scopes: Pick<ProfileScopes, 'active'>
  playground: PlaygroundService
}): HandlersFor<typeof playgroundRoutes & typeof streamRoutes> {
  const { scopes, playground } = deps
  return {
    'playground.messages': (input) => playground.messages(scopes.active(), input),
    'playground.generate': (input) => playground.generate(scopes.active(), input),
    'streams.messages': (input) => playground.streamMessages(scopes.active(), input),
    'streams.generateContent': (input) => playground.streamGenerateContent(scopes.active(), input),
    'caches.create': (body) => playground.createCache(scopes.active(), body),
    'caches.list': () => playground.caches(scopes.active()),
    'caches.get': ({ name }) => playground.cache(scopes.active(), name),
    'caches.delete': ({ name }) => playground.deleteCache(scopes.active(), name),
    'conversations.save': (input) => playground.saveConversation(scopes.active(), input),
    'conversations.list': () => playground.conversations(),
    'conversations.get': ({ id }) => playground.conversation(id),
    'conversations.delete': ({ id }) => playground.deleteConversation(id),
  }
}
