// The video, receiver and tunnel routes, mapped to the video service and the webhook service; a new job
// and the receiver's callback address follow the profile active when the request arrives.

import type { HandlersFor } from '#shared/ipc/contract'
import type { videoRoutes } from '#shared/ipc/routes/videos'
import type { ProfileScopes } from '../profiles/profile-scope.ts'
import type { WebhookService } from '../webhooks/service.ts'
import type { VideoService } from './service.ts'

export function videoHandlers(deps: {
  scopes: Pick<ProfileScopes, 'active'>
  videos: VideoService
  webhooks: WebhookService
}): HandlersFor<typeof videoRoutes> {
  const { scopes, videos, webhooks } = deps
  const active = () => scopes.active().profileId
  return {
    'videos.create': ({ request, overBudget }) => videos.create(scopes.active(), request, overBudget),
    'videos.list': (query, { signal }) =>
      videos.list({ ...query, count: query.after === undefined && query.offset === 0 }, signal),
    'videos.detail': ({ id }) => videos.detail(id),
    'videos.cancel': ({ id }) => videos.cancel(id),
    'videos.delete': async ({ id }) => ({ deleted: await videos.delete(id) }),
    'videos.download': ({ id }) => videos.download(id),
    'videos.saveAs': ({ id }) => videos.saveAs(id),
    'videos.dragOut': ({ id }) => videos.dragOut(id),
    'videos.showInFolder': ({ id }) => videos.showInFolder(id),
    'videos.polling': () => videos.polling(),
    'videos.models': (query, { signal }) => videos.models(scopes.active(), query, signal),
    'videos.madeWith': () => videos.madeWith(),
    'receiver.state': () => webhooks.state(scopes.active().profileId),
    'receiver.deliveries': ({ limit }) => webhooks.deliveries(limit),
    'receiver.delivery': ({ id }) => webhooks.delivery(id),
    'receiver.reapply': ({ id }) => webhooks.reapply(id),
    'forwarding.get': () => ({ address: webhooks.forwardAddress(active()) }),
    'forwarding.set': ({ address }) => webhooks.setForwardAddress(active(), address),
    'forwarding.resend': ({ to, ...which }) => webhooks.forwarding.resend(which, active(), to),
    'forwarding.test': ({ to, ...input }) => webhooks.forwarding.test(input, active(), to),
    'forwarding.copySecret': () => webhooks.copySecret(active()),
    'forwarding.tests': ({ limit }) => webhooks.tests(active(), limit),
    'tunnel.state': () => webhooks.tunnelState(),
    'tunnel.start': (input) => webhooks.expose(input),
    'tunnel.stop': () => webhooks.unexpose(),
  }
}
