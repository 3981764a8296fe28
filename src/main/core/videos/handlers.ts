// Handlers of the video, receiver and tunnel routes.
import { AppError } from '#shared/ipc/app-error'
import type { HandlersFor } from '#shared/ipc/contract'
import type { videoRoutes } from '#shared/ipc/routes/videos'
import type { PreferencesStore } from '../app/preferences.ts'
import type { Platform } from '../platform.ts'
import type { SecretStore } from '../secrets/secret-store.ts'
import {
  cloudflaredProvider,
  findOnPath,
  type loopbackProvider,
  manualProvider,
  ngrokProvider,
  type TunnelProvider,
} from '../tunnel/providers.ts'
import type { TunnelService } from '../tunnel/tunnel-service.ts'
import type { Receiver } from '../webhooks/receiver.ts'
import type { VideoWiring } from './wiring.ts'

export function videoHandlers(deps: {
  wiring: VideoWiring
  receiver: Receiver
  tunnel: TunnelService
  secrets: SecretStore
  preferences: PreferencesStore
  platform: Platform
  relay: ReturnType<typeof loopbackProvider>
}): HandlersFor<typeof videoRoutes> {
  const { wiring, receiver, tunnel, secrets } = deps
  const { videos, poller, history } = wiring
  const delivery = (id: number) => {
    const row = history.webhookDeliveries.get(id)
    if (!row) throw new AppError({ code: 'not_found', message: 'That delivery is no longer stored.' })
    return row
  }
  const summaryOf = ({ headersJson: _h, body: _b, ...row }: ReturnType<typeof delivery>) => ({
    ...row,
    id: row.id ?? 0,
  })

  return {
    'videos.create': async ({ request }) => {
      const job = await videos.create(request)
      poller.watch(job.id, job.profileId)
      return job
    },
    'videos.list': (filter) => ({ jobs: videos.list(filter) }),
    'videos.detail': ({ id }) => videos.detail(id),
    'videos.cancel': async ({ id }) => {
      const job = await videos.cancel(id)
      if (job.status !== 'pending') poller.forget(id)
      return job
    },
    'videos.delete': async ({ id }) => {
      poller.forget(id)
      return { deleted: await videos.delete(id) }
    },
    'videos.download': ({ id }) => videos.download(id),
    'videos.saveAs': async ({ id }) => {
      const job = await videos.download(id)
      const target = await deps.platform.saveDialog({
        title: 'Save video',
        defaultPath: `${
          job.prompt
            .replace(/[^\w -]+/g, '')
            .trim()
            .slice(0, 60) || 'video'
        }.mp4`,
        filters: [{ name: 'MP4 video', extensions: ['mp4'] }],
      })
      if (!target) return { savedTo: null }
      await wiring.copyMedia(job, target)
      return { savedTo: target }
    },
    'videos.polling': () => {
      const state = poller.state()
      return {
        budget: deps.preferences.get().pollBudget,
        pausedUntil: state.pausedUntil,
        pending: state.pending,
      }
    },
    'receiver.state': () => wiring.receiverState(),
    'receiver.deliveries': ({ limit }) => history.webhookDeliveries.latest(limit).map(summaryOf),
    'receiver.delivery': ({ id }) => {
      const row = delivery(id)
      return {
        ...summaryOf(row),
        headers: JSON.parse(row.headersJson) as Record<string, string>,
        body: Buffer.from(row.body).toString('utf8'),
      }
    },
    'receiver.reapply': async ({ id }) => {
      delivery(id)
      const row = await receiver.reapply(id)
      return { ...row, id: row.id ?? 0 }
    },
    'tunnel.state': () => tunnel.state(),
    'tunnel.start': async ({ provider, publicUrl, authtoken }) => {
      const port = receiver.port()
      if (!port)
        throw new AppError({
          code: 'receiver_down',
          message: 'The webhook receiver is not running, so there is nothing to expose.',
        })
      let chosen: TunnelProvider
      if (provider === 'ngrok') {
        if (authtoken) await secrets.set('tunnel:ngrokAuthtoken', authtoken)
        const token = secrets.get('tunnel:ngrokAuthtoken')
        if (!token)
          throw new AppError({
            code: 'validation_failed',
            message: 'Enter your ngrok authtoken first.',
            path: ['authtoken'],
          })
        chosen = ngrokProvider(token)
      } else if (provider === 'cloudflared') {
        const binary = findOnPath('cloudflared')
        if (!binary)
          throw new AppError({
            code: 'validation_failed',
            message: 'cloudflared is not installed (it was not found on PATH).',
          })
        chosen = cloudflaredProvider(binary)
      } else if (provider === 'manual') {
        chosen = manualProvider(publicUrl ?? '')
      } else {
        chosen = deps.relay
      }
      return tunnel.start(provider, chosen, `https://127.0.0.1:${port}`)
    },
    'tunnel.stop': () => tunnel.stop(),
  }
}
