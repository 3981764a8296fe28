// Video jobs of the sandbox: creation with pre-authorization, the simulated lifecycle (pending, then a
// terminal state after a duration scaled by --time-scale), cancellation, forced outcomes, and the webhook
// when a job with a callback URL ends.
import { createHmac, randomUUID } from 'node:crypto'
import type { VideoCreateRequest, VideoStatus, VideoTask } from '#shared/api/videos'
import { terminalStatuses } from '#shared/api/videos'
import { type Amount, compareAmounts, formatAmount } from '#shared/domain/money'
import { estimateVideoCost, inferVideoMode, type VideoMode, videoMessages } from '#shared/domain/videos'
import type { SandboxModel } from '../catalog.ts'
import { ServiceError } from '../http.ts'
import type { SandboxContext } from '../router.ts'
import type { KeyState } from '../state.ts'
import { createWebhookSender, type WebhookDelivery } from './webhooks.ts'

export interface VideoJob {
  task: VideoTask
  key: KeyState
  model: SandboxModel
  mode: VideoMode
  request: VideoCreateRequest
  seconds: number
  /** Credits held at creation; kept when the job completes, returned otherwise. */
  hold: Amount
  callbackUrl: string | undefined
  webhook: WebhookDelivery | undefined
  timer: NodeJS.Timeout | undefined
}

export type VideoEngine = ReturnType<typeof createVideoEngine>

/** Prompts with this phrase end as `failed` (the provider rejects them); nothing is charged. */
export const failureTrigger = /please fail/i
const mirrorSecret = randomUUID()

export function createVideoEngine(ctx: SandboxContext, baseUrl: () => string) {
  const jobs = new Map<string, VideoJob>()
  const webhooks = createWebhookSender(ctx.state)
  const scale = ctx.state.options.timeScale

  const seconds = (now: number) => Math.floor(now / 1000)

  function mirrorUrl(id: string): string {
    const expires = seconds(ctx.now()) + 3600
    const signature = createHmac('sha256', mirrorSecret).update(`${id}:${expires}`).digest('base64url')
    return `${baseUrl()}/__media/mirror/${id}.mp4?expires=${expires}&signature=${signature}`
  }

  function settle(job: VideoJob, status: Exclude<VideoStatus, 'pending'>): void {
    if (job.task.status !== 'pending') return
    clearTimeout(job.timer)
    const now = ctx.now()
    const completed = status === 'completed'
    if (!completed) job.key.credits += job.hold
    job.task = {
      ...job.task,
      status,
      updated_at: seconds(now),
      unsigned_urls: completed ? [`${baseUrl()}/__media/videos/${job.task.id}.mp4`] : [],
      mirror_urls: completed ? [mirrorUrl(job.task.id)] : [],
      usage: {
        video_seconds: completed ? job.seconds : 0,
        video_cost: completed ? formatAmount(job.hold) : '0',
      },
    }
    if (job.callbackUrl) job.webhook = webhooks.deliver(job.task, job.key, job.callbackUrl)
  }

  return {
    jobs,

    estimate(model: SandboxModel, request: VideoCreateRequest): { seconds: number; cost: Amount } {
      const duration = Math.min(request.duration ?? 5, model.video?.maxSeconds ?? 10)
      return {
        seconds: duration,
        cost: estimateVideoCost(model.video?.pricePerSecond ?? '0', request.resolution, duration),
      }
    },

    /** Rule 5 of §4.1: refuses with 402 when the estimate exceeds the balance; creates and charges nothing. */
    preauthorize(
      key: KeyState,
      model: SandboxModel,
      request: VideoCreateRequest,
    ): { seconds: number; cost: Amount } {
      const estimate = this.estimate(model, request)
      if (compareAmounts(estimate.cost, key.credits) > 0) {
        throw new ServiceError(
          402,
          'insufficient_credits',
          videoMessages.insufficientCredits(formatAmount(estimate.cost), formatAmount(key.credits)),
        )
      }
      return estimate
    },

    create(
      key: KeyState,
      model: SandboxModel,
      request: VideoCreateRequest,
      callbackUrl: string | undefined,
    ): VideoJob {
      const { seconds: duration, cost } = this.preauthorize(key, model, request)
      key.credits -= cost
      const now = ctx.now()
      const task: VideoTask = {
        id: randomUUID(),
        status: 'pending',
        model: model.id,
        prompt: request.prompt,
        unsigned_urls: [],
        mirror_urls: [],
        usage: null,
        created_at: seconds(now),
        updated_at: seconds(now),
      }
      const job: VideoJob = {
        task,
        key,
        model,
        mode: inferVideoMode(request),
        request,
        seconds: duration,
        hold: cost,
        callbackUrl,
        webhook: undefined,
        timer: undefined,
      }
      jobs.set(task.id, job)
      // A held job waits for the control API; the others finish in their simulated time.
      if (ctx.state.faults.holdVideos) return job
      const simulatedMs = Math.min(2 ** 31 - 1, (8 + duration * 2) * 1000 * scale)
      job.timer = setTimeout(
        () => settle(job, failureTrigger.test(request.prompt) ? 'failed' : 'completed'),
        simulatedMs,
      )
      job.timer.unref()
      return job
    },

    /** The job, if it exists and belongs to this key: another key's job is indistinguishable from none. */
    find(id: string, key: KeyState): VideoJob {
      const job = jobs.get(id)
      if (!job || job.key !== key) throw new ServiceError(404, 'not_found', `No video job with id ${id}.`)
      return job
    },

    cancel(job: VideoJob): VideoJob {
      if (!job.model.video?.canCancel) {
        throw new ServiceError(
          400,
          'cancel_not_supported',
          `Model '${job.model.id}' cannot interrupt a started job.`,
        )
      }
      if (terminalStatuses.includes(job.task.status)) {
        throw new ServiceError(
          400,
          'cancel_failed',
          `The job is already ${job.task.status} and cannot be cancelled.`,
        )
      }
      settle(job, 'cancelled')
      return job
    },

    /** Moves a pending job to a terminal state now (control API). */
    force(id: string, status: Exclude<VideoStatus, 'pending'>): VideoJob {
      const job = jobs.get(id)
      if (!job) throw new ServiceError(404, 'not_found', `No video job with id ${id}.`)
      if (job.task.status !== 'pending')
        throw new ServiceError(409, 'not_pending', `The job is already ${job.task.status}.`)
      settle(job, status)
      return job
    },

    verifyMirror(id: string, expires: string | null, signature: string | null): boolean {
      if (!expires || !signature || Number(expires) < seconds(ctx.now())) return false
      const expected = createHmac('sha256', mirrorSecret).update(`${id}:${expires}`).digest('base64url')
      return expected === signature
    },

    stop() {
      for (const job of jobs.values()) clearTimeout(job.timer)
      webhooks.stop()
    },
  }
}
