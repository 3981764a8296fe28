// Document 2's fixtures: reference inputs, the task shapes of §2.3–2.4 and §7, and the request helpers the rows
// share.
import { z } from 'zod'
import type { Context, Reply, ServiceRow } from './rows.ts'

export const pixel =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
export const image = { type: 'image_url', image_url: { url: pixel } }
export const audio = { type: 'audio_url', audio_url: { url: 'https://example.com/voice.mp3' } }
export const video = { type: 'video_url', video_url: { url: 'https://example.com/clip.mp4' } }
export const frame = (frame_type: string) => ({ ...image, frame_type })
export const times = <T>(count: number, item: T) => Array.from({ length: count }, () => item)

export const create = (
  body: Record<string, unknown>,
  key?: string,
): Pick<ServiceRow, 'path' | 'auth' | 'body' | 'key'> => ({
  path: '/v1/videos',
  auth: 'bearer',
  ...(key ? { key } : {}),
  body: { model: 'orbit/motion-2', prompt: 'a paper boat on a river', ...body },
})
export const refused = (code: string) => ({ status: 400, code })
export const keep = (name: string) => (reply: Reply, context: Context) => {
  context[name] = reply.body.id
}
export const finish = (name: string, status = 'completed') => ({
  path: (context: Context) => `/__sandbox/videos/${context[name]}/outcome`,
  body: { status },
})

export const unixSeconds = z.number().int().min(1_600_000_000)
export const Task = z.object({
  id: z.uuid(),
  status: z.enum(['pending', 'completed', 'failed', 'cancelled', 'expired']),
  model: z.string(),
  prompt: z.string(),
  unsigned_urls: z.array(z.string()),
  mirror_urls: z.array(z.string()),
  created_at: unixSeconds,
  updated_at: unixSeconds,
})
export const CompletedTask = Task.extend({
  status: z.literal('completed'),
  unsigned_urls: z.array(z.url()).min(1),
  mirror_urls: z.array(z.url()).min(1),
  usage: z.object({ video_seconds: z.number().int().min(1), video_cost: z.string().regex(/^\d+(\.\d+)?$/) }),
})
export const VideoError = z.strictObject({ error: z.strictObject({ code: z.string(), message: z.string() }) })
