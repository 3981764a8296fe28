// Document 2, videos, section by section: creation and its rules, the task and its states, cancel, keys,
// errors and limits on one standalone sandbox (jobs take their full simulated time, so each row moves a job to
// its end through the control API); webhooks on a second one that may call this computer.
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, expect } from 'vitest'
import { z } from 'zod'
import { type ReceivedWebhook, startReceiver, until } from '#sandbox/testing/receiver'
import { DocumentedVideoRequest } from '#shared/api/testing/documented'
import type { Context, Reply, ServiceRow } from './rows.ts'
import { walk } from './rows.ts'
import { keys, standaloneSandbox } from './standalone.ts'

const sandbox = standaloneSandbox(['--time-scale', '1'])
const calling = standaloneSandbox(['--allow-private-addresses', '--webhook-secret', 'whsec-conformance'])

const pixel =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const image = { type: 'image_url', image_url: { url: pixel } }
const audio = { type: 'audio_url', audio_url: { url: 'https://example.com/voice.mp3' } }
const video = { type: 'video_url', video_url: { url: 'https://example.com/clip.mp4' } }
const frame = (frame_type: string) => ({ ...image, frame_type })
const times = <T>(count: number, item: T) => Array.from({ length: count }, () => item)

const create = (
  body: Record<string, unknown>,
  key?: string,
): Pick<ServiceRow, 'path' | 'auth' | 'body' | 'key'> => ({
  path: '/v1/videos',
  auth: 'bearer',
  ...(key ? { key } : {}),
  body: { model: 'orbit/motion-2', prompt: 'a paper boat on a river', ...body },
})
const refused = (code: string) => ({ status: 400, code })
const keep = (name: string) => (reply: Reply, context: Context) => {
  context[name] = reply.body.id
}
const finish = (name: string, status = 'completed') => ({
  path: (context: Context) => `/__sandbox/videos/${context[name]}/outcome`,
  body: { status },
})

const unixSeconds = z.number().int().min(1_600_000_000)
const Task = z.object({
  id: z.uuid(),
  status: z.enum(['pending', 'completed', 'failed', 'cancelled', 'expired']),
  model: z.string(),
  prompt: z.string(),
  unsigned_urls: z.array(z.string()),
  mirror_urls: z.array(z.string()),
  created_at: unixSeconds,
  updated_at: unixSeconds,
})
const CompletedTask = Task.extend({
  status: z.literal('completed'),
  unsigned_urls: z.array(z.url()).min(1),
  mirror_urls: z.array(z.url()).min(1),
  usage: z.object({ video_seconds: z.number().int().min(1), video_cost: z.string().regex(/^\d+(\.\d+)?$/) }),
})
const VideoError = z.strictObject({ error: z.strictObject({ code: z.string(), message: z.string() }) })

const service: ServiceRow[] = [
  {
    section: '2.1',
    rule: 'model is required',
    ...create({ model: undefined }),
    ...refused('invalid_request'),
  },
  {
    section: '2.1',
    rule: 'prompt is required',
    ...create({ prompt: undefined }),
    ...refused('invalid_request'),
  },
  {
    section: '2.1',
    rule: 'resolution is one of the listed values',
    ...create({ resolution: '8K' }),
    ...refused('invalid_request'),
  },
  {
    section: '2.1',
    rule: 'aspect_ratio is one of the listed values',
    ...create({ aspect_ratio: '5:4' }),
    ...refused('invalid_request'),
  },
  {
    section: '2.1',
    rule: 'size is WIDTHxHEIGHT in pixels: 00x00 is not',
    ...create({ size: '00x00' }),
    ...refused('invalid_request'),
  },
  {
    section: '2.1',
    rule: 'duration is a whole number of seconds: 0 is not',
    ...create({ duration: 0 }),
    ...refused('invalid_request'),
  },
  {
    section: '2.1',
    rule: 'duration is a whole number of seconds: 2.5 is not',
    ...create({ duration: 2.5 }),
    ...refused('invalid_request'),
  },
  { section: '2.1', rule: 'seed is an integer', ...create({ seed: 1.5 }), ...refused('invalid_request') },
  {
    section: '2.1',
    rule: 'real_person is a boolean',
    ...create({ real_person: 'yes' }),
    ...refused('invalid_request'),
  },
  {
    section: '2.1',
    rule: 'a frame is first_frame or last_frame',
    ...create({ frame_images: [frame('middle')] }),
    ...refused('invalid_request'),
  },
  {
    section: '2.1',
    rule: 'a reference has one of the three media shapes',
    ...create({ input_references: [{ type: 'text_url', text_url: { url: 'https://example.com' } }] }),
    ...refused('invalid_request'),
  },
  { section: '2.2', rule: 'text2video: neither field', ...create({}), status: 202 },
  {
    section: '2.2',
    rule: 'img2video: one first frame',
    ...create({ frame_images: [frame('first_frame')] }),
    status: 202,
  },
  {
    section: '2.2',
    rule: 'img2video_end: first and last frame',
    ...create({ frame_images: [frame('first_frame'), frame('last_frame')] }),
    status: 202,
  },
  {
    section: '2.2',
    rule: 'imgref2video: image references',
    ...create({ input_references: [image, image] }),
    status: 202,
  },
  {
    section: '2.2',
    rule: 'mixref2video: image, audio and video references',
    ...create({ input_references: [image, audio, video] }),
    status: 202,
  },
  {
    section: '2.2',
    rule: 'the optional fields together: duration, resolution, aspect ratio, seed, audio',
    ...create({ duration: 5, resolution: '720p', aspect_ratio: '16:9', seed: 7, generate_audio: true }),
    status: 202,
    check: keep('job'),
  },
  {
    section: '2.3',
    rule: 'the task object while pending',
    path: (c) => `/v1/videos/${c.job}`,
    auth: 'bearer',
    status: 200,
    answer: Task.extend({ status: z.literal('pending') }),
  },
  {
    section: '2.4',
    rule: 'a create answers 202 with id, pending and the polling URL',
    ...create({}),
    status: 202,
    answer: z.strictObject({ id: z.uuid(), status: z.literal('pending'), polling_url: z.url() }),
    check: (reply) => expect(new URL(reply.body.polling_url).pathname).toBe(`/v1/videos/${reply.body.id}`),
  },
  { section: '3', rule: 'a pending job reaches completed', ...finish('job'), status: 200 },
  {
    section: '3',
    rule: 'a completed task has its result URLs and usage (seconds, cost as a decimal string)',
    path: (c) => `/v1/videos/${c.job}`,
    auth: 'bearer',
    status: 200,
    answer: CompletedTask,
  },
  {
    section: '4.1',
    rule: 'rule 1: frame_images with input_references conflict',
    ...create({ frame_images: [frame('first_frame')], input_references: [image] }),
    ...refused('references_conflict'),
  },
  {
    section: '4.1',
    rule: 'rule 1: presence decides, so an empty frame_images conflicts too',
    ...create({ frame_images: [], input_references: [image] }),
    ...refused('references_conflict'),
  },
  {
    section: '4.1',
    rule: 'rule 2: more than 9 images',
    ...create({ input_references: times(10, image) }),
    ...refused('too_many_references'),
  },
  {
    section: '4.1',
    rule: 'rule 2: more than 3 audio clips',
    ...create({ input_references: [image, ...times(4, audio)] }),
    ...refused('too_many_references'),
  },
  {
    section: '4.1',
    rule: 'rule 2: more than 1 video',
    ...create({ input_references: [image, video, video] }),
    ...refused('too_many_references'),
  },
  {
    section: '4.1',
    rule: 'rule 3: real_person without an image reference',
    ...create({ real_person: true }),
    ...refused('invalid_request'),
  },
  {
    section: '4.1',
    rule: 'rule 4: callback_url must be HTTPS',
    ...create({ callback_url: 'http://example.com/hook' }),
    ...refused('invalid_callback_url'),
  },
  {
    section: '4.1',
    rule: 'rule 4: not a loopback address',
    ...create({ callback_url: 'https://127.0.0.1/hook' }),
    ...refused('invalid_callback_url'),
  },
  {
    section: '4.1',
    rule: 'rule 4: not a private address',
    ...create({ callback_url: 'https://10.0.0.8/hook' }),
    ...refused('invalid_callback_url'),
  },
  {
    section: '4.1',
    rule: 'rule 4: not the cloud metadata address',
    ...create({ callback_url: 'https://169.254.169.254/hook' }),
    ...refused('invalid_callback_url'),
  },
  {
    section: '4.1',
    rule: 'rule 4: an empty callback_url is not an HTTPS URL',
    ...create({ callback_url: '' }),
    status: 400,
  },
  {
    section: '4.1',
    rule: 'rule 5: too little balance',
    path: `/__sandbox/keys/${keys.other}`,
    body: { credits: 0 },
    status: 200,
  },
  {
    section: '4.1',
    rule: 'rule 5: answers 402 insufficient_credits',
    ...create({ resolution: '4K', duration: 10 }, keys.other),
    status: 402,
    code: 'insufficient_credits',
  },
  {
    section: '4.1',
    rule: 'rule 5: and charges nothing',
    path: `/__sandbox/keys/${keys.other}`,
    body: {},
    status: 200,
    check: (reply) => expect(Number(reply.body.credits)).toBe(0),
  },
  {
    section: '4.1',
    rule: 'rule 5: with the balance restored, the same job is accepted',
    path: `/__sandbox/keys/${keys.other}`,
    body: { credits: 1000 },
    status: 200,
  },
  {
    section: '4.1',
    rule: 'rule 5: accepted',
    ...create({ resolution: '4K', duration: 10 }, keys.other),
    status: 202,
  },
  {
    section: '4.2',
    rule: 'an unknown id is not found',
    path: `/v1/videos/${crypto.randomUUID()}`,
    auth: 'bearer',
    status: 404,
    code: 'not_found',
  },
  {
    section: '4.3',
    rule: 'cancel is DELETE; a pending job is cancelled',
    ...create({}),
    status: 202,
    check: keep('cancel'),
  },
  {
    section: '4.3',
    rule: 'DELETE answers the cancelled task',
    method: 'DELETE',
    path: (c) => `/v1/videos/${c.cancel}`,
    auth: 'bearer',
    status: 200,
    check: (reply) => expect(reply.body.status).toBe('cancelled'),
  },
  {
    section: '4.3',
    rule: 'a terminal job answers cancel_failed',
    method: 'DELETE',
    path: (c) => `/v1/videos/${c.job}`,
    auth: 'bearer',
    ...refused('cancel_failed'),
  },
  {
    section: '4.3',
    rule: 'a model that cannot interrupt',
    ...create({ model: 'lumen/clip-1' }),
    status: 202,
    check: keep('uninterruptible'),
  },
  {
    section: '4.3',
    rule: 'answers cancel_not_supported',
    method: 'DELETE',
    path: (c) => `/v1/videos/${c.uninterruptible}`,
    auth: 'bearer',
    ...refused('cancel_not_supported'),
  },
  { section: '5', rule: 'no key: 401', path: (c) => `/v1/videos/${c.job}`, status: 401 },
  {
    section: '5',
    rule: 'a wrong key: 401 invalid_api_key',
    path: (c) => `/v1/videos/${c.job}`,
    auth: 'bearer',
    key: 'sk-wrong',
    status: 401,
    code: 'invalid_api_key',
  },
  {
    section: '5',
    rule: 'another key sees 404 not_found, as for an unknown job',
    path: (c) => `/v1/videos/${c.job}`,
    auth: 'bearer',
    key: keys.other,
    status: 404,
    code: 'not_found',
  },
  {
    section: '7',
    rule: 'every error is {error: {code, message}}',
    ...create({ frame_images: [], input_references: [image] }),
    status: 400,
    answer: VideoError,
  },
  {
    section: '7',
    rule: 'an unknown model: 404 model_not_found',
    ...create({ model: 'nobody/nothing' }),
    status: 404,
    code: 'model_not_found',
  },
  {
    section: '7',
    rule: 'a preprocessing failure names the reference and ends with its reason token',
    ...create({
      real_person: true,
      input_references: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,@@' } }],
    }),
    status: 400,
    code: 'invalid_request',
    message: /input_references\[0\].*\(bad_data_uri\)$/,
  },
  {
    section: '8',
    rule: 'status reads are limited per key: past the limit, 429 rate_limited with Retry-After',
    ...create({}, keys.other),
    status: 202,
    check: async (created) => {
      const read = () =>
        fetch(sandbox.url(`/v1/videos/${created.body.id}`), {
          headers: { authorization: `Bearer ${keys.other}` },
        })
      let reply = await read()
      for (let reads = 1; reads < 1000 && reply.status !== 429; reads++) reply = await read()
      expect(reply.status).toBe(429)
      expect(((await reply.json()) as { error: { code: string } }).error.code).toBe('rate_limited')
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0)
    },
  },
  {
    section: '8',
    rule: 'create is not affected by the polling limit',
    ...create({}, keys.other),
    status: 202,
  },
]

// ── §6 webhooks ─────────────────────────────────────────────────────────────

let receiver: Awaited<ReturnType<typeof startReceiver>>
beforeAll(async () => {
  // Answers 500 to the first delivery so the retry is seen.
  receiver = await startReceiver((count) => (count === 1 ? 500 : 200))
})
afterAll(() => receiver.close())

const deliveriesOf = (id: string) =>
  receiver.received.filter((delivery) => JSON.parse(delivery.body).id === id)
const Envelope = z.strictObject({
  event: z.enum([
    'video.generation.completed',
    'video.generation.failed',
    'video.generation.cancelled',
    'video.generation.expired',
  ]),
  id: z.uuid(),
  created_at: unixSeconds,
  data: Task,
})
const webhookCreate = (prompt: string) => ({
  path: '/v1/videos',
  auth: 'bearer' as const,
  body: () => ({ model: 'orbit/motion-2', prompt, callback_url: receiver.url }),
  status: 202,
})
const delivered = async (id: string, count: number) =>
  until(() => deliveriesOf(id).length >= count && deliveriesOf(id), 10_000) as Promise<ReceivedWebhook[]>

walk('Document 2: videos', sandbox, {
  service,
  client: [
    {
      section: '4.1',
      rule: 'creates a job with every documented field, as built',
      send: (gateway) =>
        gateway.createVideo({
          model: 'orbit/motion-2',
          prompt: 'a paper boat',
          duration: 5,
          resolution: '720p',
          aspect_ratio: '16:9',
          input_references: [{ type: 'image_url', image_url: { url: pixel } }],
          real_person: false,
          generate_audio: true,
          seed: 7,
          callback_url: 'https://93.184.215.14/video',
          provider: { type: 'origin', options: { motion: 'low' } },
        }),
      method: 'POST',
      path: '/v1/videos',
      auth: 'bearer',
      body: DocumentedVideoRequest,
    },
    {
      section: '4.2',
      rule: 'reads a job by GET /v1/videos/{id}',
      send: (gateway, context) => gateway.getVideo(context.job ?? ''),
      method: 'GET',
      path: (context) => `/v1/videos/${context.job}`,
      auth: 'bearer',
    },
    {
      section: '4.3',
      rule: 'cancels with DELETE on the job',
      send: async (gateway, context) => {
        const created = await gateway.createVideo({ model: 'orbit/motion-2', prompt: 'stop me' })
        context.toCancel = created.data.id
        return gateway.cancelVideo(created.data.id)
      },
      method: 'DELETE',
      path: (context) => `/v1/videos/${context.toCancel}`,
      auth: 'bearer',
    },
  ],
})

walk('Document 2 §6: webhooks', calling, {
  service: [
    {
      section: '6',
      rule: 'a job with a callback_url is delivered once it completes',
      ...webhookCreate('a kite over the sea'),
      check: async (reply, context) => {
        context.hooked = reply.body.id
        await delivered(reply.body.id, 2)
      },
    },
    {
      section: '6',
      rule: 'headers: JSON, X-Svc-Idempotency-Key <id>-<status>, X-Svc-Signature over the raw body',
      path: (c) => `/v1/videos/${c.hooked}`,
      auth: 'bearer',
      status: 200,
      check: (reply) => {
        const [first] = deliveriesOf(reply.body.id)
        expect(first?.headers['content-type']).toMatch(/^application\/json/)
        expect(first?.headers['x-svc-idempotency-key']).toBe(`${reply.body.id}-completed`)
        const mac = createHmac('sha256', 'whsec-conformance')
          .update(first?.body ?? '')
          .digest('base64url')
        expect(first?.headers['x-svc-signature']).toBe(mac)
      },
    },
    {
      section: '6',
      rule: 'the envelope: event, id, created_at, and data identical to the status body',
      path: (c) => `/v1/videos/${c.hooked}`,
      auth: 'bearer',
      status: 200,
      check: (reply) => {
        const body = JSON.parse(deliveriesOf(reply.body.id)[0]?.body ?? '')
        expect(Envelope.parse(body).event).toBe('video.generation.completed')
        expect(body.data).toEqual(reply.body)
      },
    },
    {
      section: '6',
      rule: 'rule 2 and 3: a non-2xx answer is retried with the same idempotency key',
      path: (c) => `/v1/videos/${c.hooked}`,
      auth: 'bearer',
      status: 200,
      check: (reply) => {
        const keysSeen = deliveriesOf(reply.body.id).map(
          (delivery) => delivery.headers['x-svc-idempotency-key'],
        )
        expect(keysSeen).toEqual([`${reply.body.id}-completed`, `${reply.body.id}-completed`])
      },
    },
    {
      section: '6',
      rule: 'a failed job is delivered as video.generation.failed',
      ...webhookCreate('please fail'),
      check: async (reply) => {
        const [delivery] = await delivered(reply.body.id, 1)
        const envelope = Envelope.parse(JSON.parse(delivery?.body ?? ''))
        expect([envelope.event, envelope.data.status]).toEqual(['video.generation.failed', 'failed'])
        expect(delivery?.headers['x-svc-idempotency-key']).toBe(`${reply.body.id}-failed`)
      },
    },
  ],
})
