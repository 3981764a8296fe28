// Builds the video board's services from the core: the job service, the poller, the receiver and the
// tunnel, with the rule for where a job's webhook goes.
import { copyFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '#shared/ipc/app-error'
import type { ReceiverState, VideoJobSummary } from '#shared/ipc/routes/videos'
import type { PreferencesStore } from '../app/preferences.ts'
import type { EventBus } from '../events.ts'
import type { Gateway } from '../gateway/gateway.ts'
import type { History } from '../history/history.ts'
import type { Log } from '../log.ts'
import type { MediaStore } from '../media/media-store.ts'
import type { Platform } from '../platform.ts'
import { type Profiles, sandboxProfileId } from '../profiles/profiles.ts'
import { createTunnelService } from '../tunnel/tunnel-service.ts'
import { loadReceiverIdentity } from '../webhooks/certificate.ts'
import { createReceiver } from '../webhooks/receiver.ts'
import { createPoller } from './poller.ts'
import { createVideoService } from './video-service.ts'

export async function wireVideos(deps: {
  platform: Platform
  history: History
  media: MediaStore
  events: EventBus
  log: Log
  profiles: Profiles
  preferences: PreferencesStore
  gatewayFor: (profileId: string) => Gateway
}) {
  const { history, events, log, profiles, preferences } = deps
  const identity = await loadReceiverIdentity(join(deps.platform.paths.userData, 'receiver'))
  const tunnel = createTunnelService({ onChange: () => events.emit('data.changed', { topics: ['tunnel'] }) })
  let receiverError: string | null = null
  // The receiver hands verified tasks to the video service, which exists by the time the first one arrives.
  const receiver = createReceiver({
    identity,
    history,
    apply: (task) => videos.applyTask(task),
    applied: (rows) => videos.afterChange(rows),
    stored: () => events.emit('data.changed', { topics: ['deliveries'] }),
    log,
    secretsFor: async (jobId) =>
      profiles.webhookSecrets(
        jobId ? (history.videoJobs.get(jobId)?.profileId ?? profiles.activeId()) : profiles.activeId(),
      ),
  })

  const callbackUrl = (profileId: string): string | undefined => {
    const port = receiver.port()
    if (!port) return undefined
    const state = tunnel.state()
    if (state.status === 'up' && state.publicUrl) return `${state.publicUrl}${receiver.path}`
    // The built-in sandbox reaches the receiver on this computer directly.
    return profileId === sandboxProfileId ? `https://127.0.0.1:${port}${receiver.path}` : undefined
  }

  const videos = createVideoService({
    history,
    media: deps.media,
    events,
    platform: deps.platform,
    log,
    gatewayFor: deps.gatewayFor,
    activeProfileId: () => profiles.activeId(),
    callbackUrl,
    downloadOnCompletion: () => preferences.get().downloadVideosOnCompletion,
    onSettled: (id) => poller.forget(id),
  })
  const poller = createPoller({
    history,
    videos,
    gatewayFor: deps.gatewayFor,
    budget: () => preferences.get().pollBudget,
    log,
    onStateChange: () => events.emit('data.changed', { topics: ['polling'] }),
  })

  try {
    await receiver.start(preferences.get().receiverPort)
  } catch (error) {
    receiverError = `The webhook receiver could not listen on port ${preferences.get().receiverPort}: ${(error as Error).message}`
    log.error(receiverError)
  }
  poller.start()

  return {
    videos,
    poller,
    receiver,
    tunnel,
    identity,
    history,
    receiverState(): ReceiverState {
      const port = receiver.port()
      return {
        running: port !== null,
        port,
        localUrl: port ? `https://127.0.0.1:${port}/webhooks/…` : null,
        certificateFingerprint: identity.fingerprint,
        callbackUrl: callbackUrl(profiles.activeId()) ?? null,
        error: receiverError,
      }
    },
    async copyMedia(job: VideoJobSummary, target: string): Promise<void> {
      const row = history.videoJobs.get(job.id)
      const found = row?.mediaId ? await deps.media.locate(row.mediaId) : null
      if (!found)
        throw new AppError({
          code: 'not_found',
          message: 'The downloaded video is missing from the data folder.',
        })
      await copyFile(found.path, target)
    },
    async close(): Promise<void> {
      poller.stop()
      await tunnel.stop()
      await receiver.stop()
    },
  }
}

export type VideoWiring = Awaited<ReturnType<typeof wireVideos>>
