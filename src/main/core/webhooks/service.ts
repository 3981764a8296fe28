// The webhook receiver and the ways the service reaches it: its state and address, the deliveries it kept,
// re-applying one, and the tunnel that exposes it to a service on the internet.
import { join } from 'node:path'
import type { VideoTask } from '#shared/api/videos'
import { AppError } from '#shared/ipc/app-error'
import type { RouteInput } from '#shared/ipc/contract'
import type { ReceiverState, videoRoutes } from '#shared/ipc/routes/videos'
import type { EventBus } from '../events.ts'
import type { History } from '../history/history.ts'
import type { TaskApplied, VideoJobRow } from '../history/video-jobs.ts'
import { shownForward } from '../history/webhook-forwards.ts'
import type { Log } from '../log.ts'
import { type Profiles, sandboxProfileId } from '../profiles/profiles.ts'
import type { SecretStore } from '../secrets/secret-store.ts'
import {
  cloudflaredProvider,
  findOnPath,
  loopbackProvider,
  manualProvider,
  ngrokProvider,
  type TunnelProvider,
} from '../tunnel/providers.ts'
import { createTunnelService } from '../tunnel/service.ts'
import { loadReceiverIdentity } from './certificate.ts'
import { createForwarding } from './forwarding.ts'
import { createReceiver } from './receiver.ts'

export async function createWebhookService(deps: {
  userData: string
  history: History
  log: Log
  secrets: SecretStore
  events: EventBus
  /** Whose secrets sign a job's webhooks: the job's profile, or for a job the history does not hold, the active. */
  profiles: Pick<Profiles, 'webhookSecrets' | 'activeId'>
  /** Where a verified delivery's task goes (the video service), and who hears of the rows it changed. */
  videos: { applyTask: (task: VideoTask) => TaskApplied; afterChange: (rows: VideoJobRow[]) => void }
  /** Where a profile's verified deliveries are passed on, or null. */
  forwardAddress: (profileId: string) => string | null
  /** The address kept for a profile (the window's setting), and keeping another (null: off). */
  keptForwardAddress: (profileId: string) => string | null
  keepForwardAddress: (profileId: string, address: string | null) => Promise<void>
  /** Puts text on the clipboard from main. */
  copyText: (text: string) => void
}) {
  const { history, secrets, profiles } = deps
  const identity = await loadReceiverIdentity(join(deps.userData, 'receiver'))
  const tunnel = createTunnelService({
    onChange: () => deps.events.emit('data.changed', { topics: ['tunnel'] }),
  })
  const profileOf = (jobId: string | null) =>
    (jobId ? history.videoJobs.get(jobId)?.profileId : undefined) ?? profiles.activeId()
  /** A delivery was stored or forwarded. */
  const delivered = () => deps.events.emit('data.changed', { topics: ['deliveries'] })
  const forwarding = createForwarding({
    history,
    log: deps.log,
    address: deps.forwardAddress,
    profileOf,
    secretsFor: (profileId) => profiles.webhookSecrets(profileId),
    onChange: delivered,
  })
  const receiver = createReceiver({
    identity,
    history,
    apply: deps.videos.applyTask,
    applied: deps.videos.afterChange,
    stored: (rows) => {
      delivered()
      forwarding.afterStored(rows)
    },
    log: deps.log,
    secretsFor: (jobId) => profiles.webhookSecrets(profileOf(jobId)),
  })
  const relay = loopbackProvider(identity)
  let listenError: string | null = null

  const delivery = (id: number) => {
    const row = history.webhookDeliveries.get(id)
    if (!row) throw new AppError({ code: 'not_found', message: 'That delivery is no longer stored.' })
    return row
  }
  /** The prompt of the job a delivery names, so a person knows which job it was; null for an unknown job. */
  const promptOf = (jobId: string | null): string | null => {
    if (!jobId) return null
    try {
      return history.videoJobs.get(jobId)?.prompt ?? null
    } catch {
      return null
    }
  }
  const summaryOf = ({ headersJson: _h, body: _b, ...row }: ReturnType<typeof delivery>) => ({
    ...row,
    id: row.id ?? 0,
    jobPrompt: promptOf(row.jobId),
    forwarded: history.webhookForwards.latestShown(row.id),
  })

  /** Where a job of this profile asks the service to send its webhook, or undefined to rely on polling. */
  function callbackUrl(profileId: string): string | undefined {
    const port = receiver.port()
    if (!port) return undefined
    const state = tunnel.state()
    if (state.status === 'up' && state.publicUrl) return `${state.publicUrl}${receiver.path}`
    // The built-in sandbox reaches the receiver on this computer directly.
    return profileId === sandboxProfileId ? `https://127.0.0.1:${port}${receiver.path}` : undefined
  }

  async function providerFor({
    provider,
    publicUrl,
    authtoken,
  }: RouteInput<typeof videoRoutes, 'tunnel.start'>): Promise<TunnelProvider> {
    if (provider === 'ngrok') {
      if (authtoken) await secrets.set('tunnel:ngrokAuthtoken', authtoken)
      const token = secrets.get('tunnel:ngrokAuthtoken')
      if (!token)
        throw new AppError({
          code: 'validation_failed',
          message: 'Enter your ngrok authtoken first.',
          path: ['authtoken'],
        })
      return ngrokProvider(token)
    }
    if (provider === 'cloudflared') {
      const binary = findOnPath('cloudflared')
      if (!binary)
        throw new AppError({
          code: 'validation_failed',
          message: 'cloudflared is not installed (it was not found on PATH).',
        })
      return cloudflaredProvider(binary)
    }
    return provider === 'manual' ? manualProvider(publicUrl ?? '') : relay
  }

  return {
    receiver,
    callbackUrl,
    /** Starts listening; a port that is taken is reported in the state, not thrown. */
    async listen(port: number): Promise<void> {
      try {
        await receiver.start(port)
        listenError = null
      } catch (error) {
        listenError = `The webhook receiver could not listen on port ${port}: ${(error as Error).message}`
        deps.log.error(listenError)
      }
    },
    state(profileId: string): ReceiverState {
      const port = receiver.port()
      return {
        running: port !== null,
        port,
        localUrl: port ? `https://127.0.0.1:${port}/webhooks/…` : null,
        certificateFingerprint: identity.fingerprint,
        callbackUrl: callbackUrl(profileId) ?? null,
        error: listenError,
      }
    },
    deliveries: (limit: number) => history.webhookDeliveries.latest(limit).map(summaryOf),
    delivery(id: number) {
      const row = delivery(id)
      return {
        ...summaryOf(row),
        headers: JSON.parse(row.headersJson) as Record<string, string>,
        body: Buffer.from(row.body).toString('utf8'),
        forwards: history.webhookForwards.forDelivery(id, 20).map(shownForward),
      }
    },
    async reapply(id: number) {
      delivery(id)
      return summaryOf(await receiver.reapply(id))
    },
    forwarding,
    forwardAddress: (profileId: string) => deps.keptForwardAddress(profileId),
    /** Keeps a profile's forward address (trimmed; empty turns forwarding off), or says why it cannot be one. */
    async setForwardAddress(profileId: string, address: string | null) {
      const cleaned = address?.trim() || null
      const problem = cleaned ? forwarding.problem(cleaned) : null
      if (problem) throw new AppError({ code: 'validation_failed', message: problem, path: ['address'] })
      await deps.keepForwardAddress(profileId, cleaned)
      return { address: cleaned }
    },
    /** The profile's current signing secret, put on the clipboard from main; false when it has none. */
    async copySecret(profileId: string) {
      const [secret] = await profiles.webhookSecrets(profileId)
      if (secret) deps.copyText(secret)
      return { copied: secret !== undefined }
    },
    /** The latest test deliveries of a profile. */
    tests: (profileId: string, limit: number) =>
      history.webhookForwards.tests(profileId, limit).map(shownForward),
    tunnelState: () => tunnel.state(),
    async expose(input: RouteInput<typeof videoRoutes, 'tunnel.start'>) {
      const port = receiver.port()
      if (!port)
        throw new AppError({
          code: 'receiver_down',
          message: 'The webhook receiver is not running, so there is nothing to expose.',
        })
      return tunnel.start(input.provider, await providerFor(input), `https://127.0.0.1:${port}`)
    },
    unexpose: () => tunnel.stop(),
    async close(): Promise<void> {
      // Nothing new arrives, then what is being forwarded stops: quitting never waits on the person's server.
      await receiver.stop()
      await forwarding.close()
      await tunnel.stop()
    },
  }
}

export type WebhookService = Awaited<ReturnType<typeof createWebhookService>>
