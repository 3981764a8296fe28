// Routes of the video board: create, list, inspect, cancel, delete and download jobs; the webhook receiver,
// its deliveries and the tunnel; the polling state.
import { z } from 'zod'
import { VideoCreateRequest, VideoStatus } from '../../api/videos.ts'
import { searchLeftOuts } from '../../domain/prompt-search.ts'
import { route } from '../contract.ts'
import { ModelFieldQuery } from './catalog.ts'
import { overBudget } from './spend.ts'

export const VideoJobSummary = z.object({
  id: z.string(),
  profileId: z.string(),
  model: z.string(),
  prompt: z.string(),
  mode: z.string(),
  status: VideoStatus,
  createdAt: z.number(),
  updatedAt: z.number(),
  videoSeconds: z.number().nullable(),
  videoCost: z.string().nullable(),
  /** The downloaded file, when there is one. */
  mediaUrl: z.string().nullable(),
  /** Where to play the result from the service: the mirror URL first, the unsigned one as fallback. */
  resultUrls: z.array(z.string()),
  /** What the receiver made of the job's latest webhook: verified, refused, or none arrived (or not read). */
  webhook: z.enum(['verified', 'refused']).nullable().default(null),
})
export type VideoJobSummary = z.infer<typeof VideoJobSummary>

/** One send to the person's own server, and what it answered. */
export const WebhookForward = z.object({
  id: z.number(),
  /** `forward` as the delivery arrived, `resend` on request, `test` a made-up delivery. */
  kind: z.enum(['forward', 'resend', 'test']),
  event: z.string().nullable(),
  jobId: z.string().nullable(),
  url: z.string(),
  sentAt: z.number(),
  ms: z.number(),
  /** The status the server answered; null when it did not (then `error` says why). */
  status: z.number().nullable(),
  /** The first kilobytes of the server's answer. */
  answer: z.string().nullable(),
  error: z.string().nullable(),
})
export type WebhookForward = z.infer<typeof WebhookForward>

export const WebhookDeliverySummary = z.object({
  id: z.number(),
  receivedAt: z.number(),
  jobId: z.string().nullable(),
  /** The prompt of the job it names, when the history holds that job. */
  jobPrompt: z.string().nullable(),
  event: z.string().nullable(),
  idempotencyKey: z.string().nullable(),
  verified: z.boolean(),
  reason: z.string().nullable(),
  duplicate: z.boolean(),
  /** How many more times it arrived after it was applied (counted, not stored again). */
  repeats: z.number().default(0),
  answered: z.number(),
  /** The latest send of this delivery to the person's server, if any. */
  forwarded: WebhookForward.nullable(),
})
export type WebhookDeliverySummary = z.infer<typeof WebhookDeliverySummary>

export const WebhookDeliveryDetail = WebhookDeliverySummary.extend({
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  /** Every send of it to the person's server, newest first. */
  forwards: z.array(WebhookForward),
})

export const VideoJobDetail = z.object({
  job: VideoJobSummary,
  request: z.unknown(),
  task: z.unknown().nullable(),
  polls: z.array(
    z.object({
      at: z.number(),
      outcome: z.string(),
      httpStatus: z.number().nullable(),
      detail: z.string().nullable(),
    }),
  ),
  deliveries: z.array(WebhookDeliverySummary),
})
export type VideoJobDetail = z.infer<typeof VideoJobDetail>

/** The longest text a search takes. */
export const searchTextLimit = 500

/** A video model as the new-job form shows it. */
export const VideoModel = z.object({
  id: z.string(),
  name: z.string(),
  /** USD per second of video, when the catalog prices it so. */
  pricePerSecond: z.string().nullable(),
  /** Writes a sound track too. */
  audio: z.boolean(),
})
export type VideoModel = z.infer<typeof VideoModel>

export const VideoFilter = z.object({
  status: VideoStatus.optional(),
  model: z.string().max(200).optional(),
  mode: z.string().max(40).optional(),
  text: z.string().max(searchTextLimit).optional(),
  since: z.number().optional(),
})
export type VideoFilter = z.input<typeof VideoFilter>

/** Where a page of the board ended: the next page starts after this job. */
export const BoardCursor = z.object({ createdAt: z.number(), arrival: z.number().int() })
export type BoardCursor = z.infer<typeof BoardCursor>

export const TunnelProviderId = z.enum(['ngrok', 'cloudflared', 'manual', 'loopback'])
export const TunnelState = z.object({
  provider: TunnelProviderId.nullable(),
  status: z.enum(['off', 'starting', 'up', 'failed']),
  publicUrl: z.string().nullable(),
  reason: z.string().nullable(),
  /** Set when a tunnel that was up went down: webhooks sent meanwhile may be lost. */
  droppedAt: z.number().nullable(),
})
export type TunnelState = z.infer<typeof TunnelState>

export const ReceiverState = z.object({
  running: z.boolean(),
  port: z.number().nullable(),
  localUrl: z.string().nullable(),
  certificateFingerprint: z.string().nullable(),
  /** The callback URL jobs created now would carry, or null when webhooks cannot reach the app. */
  callbackUrl: z.string().nullable(),
  error: z.string().nullable(),
})
export type ReceiverState = z.infer<typeof ReceiverState>

export const PollingState = z.object({
  budget: z.object({ requests: z.number(), windowSeconds: z.number() }),
  /** Per profile: when polling may resume after a 429 (ms), or null. */
  pausedUntil: z.record(z.string(), z.number()),
  pending: z.number(),
})
export type PollingState = z.infer<typeof PollingState>

const id = z.object({ id: z.string().min(1).max(100) })

export const videoRoutes = {
  'videos.create': route({
    input: z.object({ request: VideoCreateRequest, overBudget }),
    output: VideoJobSummary,
  }),
  'videos.list': route({
    input: VideoFilter.extend({
      /** Start after this job (the end of the page before); without it, skip `offset` jobs. */
      after: BoardCursor.optional(),
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(1000).default(100),
    }),
    /** One page of jobs, newest first; the first page (no `after`, no `offset`) also counts the matches. */
    output: z.object({
      jobs: z.array(VideoJobSummary),
      total: z.number().nullable(),
      /** Where the next page starts; null after the last. */
      next: BoardCursor.nullable(),
      /** On the first page of a search: what its reach left out. */
      searchLeftOut: z.enum(searchLeftOuts).nullable(),
    }),
    checkedIn: 'data worker',
  }),
  'videos.detail': route({ input: id, output: VideoJobDetail }),
  'videos.cancel': route({ input: id, output: VideoJobSummary }),
  'videos.delete': route({ input: id, output: z.object({ deleted: z.boolean() }) }),
  'videos.download': route({ input: id, output: VideoJobSummary }),
  'videos.saveAs': route({ input: id, output: z.object({ savedTo: z.string().nullable() }) }),
  'videos.dragOut': route({ input: id, output: z.object({ started: z.boolean() }) }),
  'videos.showInFolder': route({ input: id, output: z.object({ shown: z.boolean() }) }),
  /** The video models the model field shows (what is typed matched), how many match, and the chosen one. */
  'videos.models': route({
    input: ModelFieldQuery,
    output: z.object({ models: z.array(VideoModel), total: z.number().int(), chosen: VideoModel.nullable() }),
  }),
  /** The models the board's jobs were made with (what its model filter offers). */
  'videos.madeWith': route({ input: z.object({}), output: z.array(z.string()) }),
  'videos.polling': route({ input: z.object({}), output: PollingState }),
  'receiver.state': route({ input: z.object({}), output: ReceiverState }),
  'receiver.deliveries': route({
    input: z.object({ limit: z.number().int().min(1).max(5000).default(500) }),
    output: z.array(WebhookDeliverySummary),
  }),
  'receiver.delivery': route({ input: z.object({ id: z.number().int() }), output: WebhookDeliveryDetail }),
  'receiver.reapply': route({ input: z.object({ id: z.number().int() }), output: WebhookDeliverySummary }),
  /** The active profile's forward address; null when forwarding is off. */
  'forwarding.get': route({ input: z.object({}), output: z.object({ address: z.string().nullable() }) }),
  'forwarding.set': route({
    input: z.object({ address: z.string().max(2048).nullable() }),
    output: z.object({ address: z.string().nullable() }),
  }),
  /**
   * Sends a stored delivery (or a test delivery sent before) again, byte for byte, to the forward address, or to
   * `to` (the command line's `--to`).
   */
  'forwarding.resend': route({
    input: z.object({
      deliveryId: z.number().int().optional(),
      testId: z.number().int().optional(),
      to: z.string().max(2048).optional(),
    }),
    output: WebhookForward,
  }),
  /** Signs and sends a made-up terminal event for a job (or a made-up job) to the forward address, or to `to`. */
  'forwarding.test': route({
    input: z.object({
      status: z.enum(['completed', 'failed', 'cancelled', 'expired']),
      jobId: z.string().max(100).optional(),
      to: z.string().max(2048).optional(),
    }),
    output: WebhookForward,
  }),
  /** Puts the active profile's webhook signing secret on the clipboard, from main (the window never holds it). */
  'forwarding.copySecret': route({ input: z.object({}), output: z.object({ copied: z.boolean() }) }),
  'forwarding.tests': route({
    input: z.object({ limit: z.number().int().min(1).max(500).default(50) }),
    output: z.array(WebhookForward),
  }),
  'tunnel.state': route({ input: z.object({}), output: TunnelState }),
  'tunnel.start': route({
    input: z.object({
      provider: TunnelProviderId,
      publicUrl: z.string().max(2048).optional(),
      authtoken: z.string().max(500).optional(),
    }),
    output: TunnelState,
  }),
  'tunnel.stop': route({ input: z.object({}), output: TunnelState }),
}
