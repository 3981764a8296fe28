// Wire formats of video generation (document 2 §2, §4, §6).
import { z } from 'zod'

import { videoStatuses } from './video-statuses.ts'

export { videoStatuses }
export const VideoStatus = z.enum(videoStatuses)
export type VideoStatus = z.infer<typeof VideoStatus>
export const terminalStatuses: readonly VideoStatus[] = ['completed', 'failed', 'cancelled', 'expired']

export const videoResolutions = ['480p', '720p', '1080p', '1K', '2K', '4K'] as const
export const aspectRatios = ['16:9', '9:16', '1:1', '4:3', '3:4', '3:2', '2:3', '21:9', '9:21'] as const

const url = z.looseObject({ url: z.string() })
export const FrameImage = z.looseObject({
  type: z.literal('image_url'),
  image_url: url,
  frame_type: z.enum(['first_frame', 'last_frame']),
})
export type FrameImage = z.infer<typeof FrameImage>

export const InputReference = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('image_url'), image_url: url }),
  z.looseObject({ type: z.literal('audio_url'), audio_url: url }),
  z.looseObject({ type: z.literal('video_url'), video_url: url }),
])
export type InputReference = z.infer<typeof InputReference>

/** `<WIDTH>x<HEIGHT>` in pixels, neither of them zero (document 2 §2.1). */
export const videoSizePattern = /^[1-9]\d{1,4}x[1-9]\d{1,4}$/

export const VideoCreateRequest = z.looseObject({
  model: z.string().min(1),
  prompt: z.string().min(1),
  duration: z.number().int().positive().optional(),
  resolution: z.enum(videoResolutions).optional(),
  aspect_ratio: z.enum(aspectRatios).optional(),
  size: z.string().regex(videoSizePattern, 'size must be <WIDTH>x<HEIGHT>, in pixels').optional(),
  frame_images: z.array(FrameImage).optional(),
  input_references: z.array(InputReference).optional(),
  real_person: z.boolean().optional(),
  generate_audio: z.boolean().optional(),
  seed: z.number().int().optional(),
  callback_url: z.string().optional(),
  provider: z
    .looseObject({ type: z.string().optional(), options: z.record(z.string(), z.unknown()).optional() })
    .optional(),
})
export type VideoCreateRequest = z.infer<typeof VideoCreateRequest>

export const VideoCreateResponse = z.looseObject({
  id: z.string(),
  status: z.literal('pending'),
  polling_url: z.string(),
})

export const VideoUsage = z.looseObject({ video_seconds: z.number().int(), video_cost: z.string() })

export const VideoTask = z.looseObject({
  id: z.string(),
  status: VideoStatus,
  model: z.string(),
  prompt: z.string(),
  unsigned_urls: z.array(z.string()),
  mirror_urls: z.array(z.string()),
  usage: VideoUsage.nullish(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
})
export type VideoTask = z.infer<typeof VideoTask>

export const webhookEvents = {
  completed: 'video.generation.completed',
  failed: 'video.generation.failed',
  cancelled: 'video.generation.cancelled',
  expired: 'video.generation.expired',
} as const

export const WebhookEnvelope = z.looseObject({
  event: z.enum(Object.values(webhookEvents) as [string, ...string[]]),
  id: z.string(),
  created_at: z.number().int(),
  data: VideoTask,
})
export type WebhookEnvelope = z.infer<typeof WebhookEnvelope>

export const webhookHeaders = {
  signature: 'x-svc-signature',
  idempotencyKey: 'x-svc-idempotency-key',
} as const
