// Builds the video board's services from the core: the job service (with its poller) and the webhook
// service (receiver and tunnel). The webhook service hands verified tasks to the job service it is given; the
// job service asks it for a callback address. Neither imports the other.
import type { Notifier } from '../app/notifier.ts'
import type { PreferencesStore } from '../app/preferences.ts'
import type { EventBus } from '../events.ts'
import type { Gateway } from '../gateway/gateway.ts'
import type { History } from '../history/history.ts'
import type { Log } from '../log.ts'
import type { MediaStore } from '../media/media-store.ts'
import type { Platform } from '../platform.ts'
import type { Profiles } from '../profiles/profiles.ts'
import type { SecretStore } from '../secrets/secret-store.ts'
import { createWebhookService, type WebhookService } from '../webhooks/service.ts'
import { createVideoService, type VideoServiceDeps } from './service.ts'

export async function wireVideos(deps: {
  platform: Platform
  history: History
  media: MediaStore
  events: EventBus
  log: Log
  profiles: Profiles
  secrets: SecretStore
  preferences: PreferencesStore
  gatewayFor: (profileId: string) => Gateway
  board: VideoServiceDeps['board']
  budgets: VideoServiceDeps['budgets']
  estimates: VideoServiceDeps['estimates']
  /** Where verified deliveries go instead of the kept forward address (the command line's `--forward-to`). */
  forwardAddress?: (profileId: string) => string | null
  notifier: Pick<Notifier, 'notify'>
  /** `kept`: the person's or the kept port (the app); `off`: no receiver; a port: that one, or the error. */
  receiver?: ReceiverPort
}) {
  const { history, events, log, preferences } = deps
  const videos = createVideoService({
    history,
    media: deps.media,
    events,
    platform: deps.platform,
    log,
    gatewayFor: deps.gatewayFor,
    // The webhook service is made next; a job is created only once both are.
    callbackUrl: (profileId) => webhooks.callbackUrl(profileId),
    downloadOnCompletion: () => preferences.get().downloadVideosOnCompletion,
    notifier: deps.notifier,
    pollBudget: () => preferences.get().pollBudget,
    board: deps.board,
    budgets: deps.budgets,
    estimates: deps.estimates,
  })
  const webhooks: WebhookService = await createWebhookService({
    userData: deps.platform.paths.userData,
    history,
    log,
    secrets: deps.secrets,
    events,
    profiles: deps.profiles,
    videos,
    forwardAddress: (profileId) =>
      deps.forwardAddress?.(profileId) ?? preferences.get().forwardTo[profileId] ?? null,
    keptForwardAddress: (profileId) => preferences.get().forwardTo[profileId] ?? null,
    keepForwardAddress: async (profileId, address) => {
      const { [profileId]: _old, ...others } = preferences.get().forwardTo
      await preferences.update({ forwardTo: address ? { ...others, [profileId]: address } : others })
    },
    copyText: (text) => deps.platform.copyText(text),
  })

  const receiver = deps.receiver ?? 'kept'
  if (receiver === 'kept') await listenOnKeptPort(webhooks, preferences)
  else if (receiver !== 'off') await webhooks.listen(receiver.port)
  videos.startPolling()

  return {
    videos,
    webhooks,
    async close(): Promise<void> {
      videos.stopPolling()
      await webhooks.close()
    },
  }
}

export type ReceiverPort = 'kept' | 'off' | { port: number }

export type VideoWiring = Awaited<ReturnType<typeof wireVideos>>

/**
 * The receiver listens on the person's port; without one, on the port picked the first time (a free one then,
 * kept from start to start so a port forward or reverse proxy keeps working), or a new free one when another
 * program has taken it since.
 */
async function listenOnKeptPort(
  webhooks: Pick<WebhookService, 'listen' | 'receiver'>,
  preferences: PreferencesStore,
): Promise<void> {
  const { receiverPort, receiverPortPicked } = preferences.get()
  if (receiverPort > 0) return webhooks.listen(receiverPort)
  if (receiverPortPicked > 0) {
    await webhooks.listen(receiverPortPicked)
    if (webhooks.receiver.port() !== null) return
  }
  await webhooks.listen(0)
  const picked = webhooks.receiver.port()
  if (picked !== null && picked !== receiverPortPicked)
    await preferences.update({ receiverPortPicked: picked })
}
