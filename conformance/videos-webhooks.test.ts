// Document 2 §6, webhooks: a sandbox that may call this computer delivers to a receiver the test runs, and
// every delivery is checked as the document describes it.
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, expect } from 'vitest'
import { z } from 'zod'
import { type ReceivedWebhook, startReceiver, until } from '#sandbox/testing/receiver'
import { walk } from './rows.ts'
import { standaloneSandbox } from './standalone.ts'
import { Task, unixSeconds } from './videos.fixtures.ts'

const calling = standaloneSandbox(['--allow-private-addresses', '--webhook-secret', 'whsec-conformance'])

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
