// Test helpers for the receiver: a video task as the service reports it, its webhook envelope, and a delivery
// signed the way the service signs one.
import type { VideoTask } from '#shared/api/videos'
import { postWebhook, sign } from './core.ts'

export const videoTask = (id: string, status: VideoTask['status']): VideoTask => ({
  id,
  status,
  model: 'orbit/motion-2',
  prompt: 'p',
  unsigned_urls: status === 'completed' ? ['https://example.invalid/v.mp4'] : [],
  mirror_urls: [],
  usage: { video_seconds: status === 'completed' ? 4 : 0, video_cost: status === 'completed' ? '0.2' : '0' },
  created_at: 1,
  updated_at: 2,
})

export const envelopeOf = (task: VideoTask) =>
  JSON.stringify({ event: `video.generation.${task.status}`, id: task.id, created_at: 3, data: task })

/** Posts `body` to the receiver signed with `secret`, with the idempotency key its task gives (or `key`). */
export function deliverSigned(
  url: string,
  secret: string,
  body: string,
  headers: Record<string, string> = {},
  key?: string,
) {
  const { id, data } = JSON.parse(body) as { id: string; data: { status: string } }
  return postWebhook(url, body, {
    'x-svc-signature': sign(secret, body),
    'x-svc-idempotency-key': key ?? `${id}-${data.status}`,
    ...headers,
  })
}
