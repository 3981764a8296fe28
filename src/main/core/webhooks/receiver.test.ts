// The receiver over real HTTPS: what it accepts, what it refuses and why, duplicates, forward-only status,
// rotation to a previous secret, and re-applying a stored delivery.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postWebhook, sign, startCore } from '../../testing/core.ts'
import { deliverSigned, envelopeOf, videoTask } from '../../testing/webhooks.ts'
import { pendingVideoJob } from '../history/video-jobs.ts'
import { maxWaitingForwards } from './forwarding.ts'

let env: Awaited<ReturnType<typeof startCore>>
let url = ''
let secret = ''

const task = videoTask
const envelope = envelopeOf
const deliver = (body: string, headers: Record<string, string> = {}, key?: string) =>
  deliverSigned(url, secret, body, headers, key)

/** A job the history knows, still pending, that no sandbox will ever finish. */
function pendingJob(): string {
  const id = randomUUID()
  env.core.history.videoJobs.insert(
    pendingVideoJob({ id, profileId: 'sandbox', model: 'orbit/motion-2', prompt: 'p' }),
  )
  return id
}

beforeAll(async () => {
  env = await startCore()
  await env.call('preferences.update', { downloadVideosOnCompletion: false })
  const state = await env.call('receiver.state', {})
  url = state.callbackUrl!
  secret = (await env.core.profiles.webhookSecrets())[0]!
})
afterAll(() => env.core.close())

describe('webhook receiver', () => {
  it('applies a verified event once; a duplicate answers 2xx and changes nothing', async () => {
    const id = pendingJob()
    const body = envelope(task(id, 'completed'))
    expect(await deliver(body)).toMatchObject({ status: 200, body: '{"received":true,"duplicate":false}' })
    expect(env.core.history.videoJobs.get(id)).toMatchObject({
      status: 'completed',
      videoSeconds: 4,
      videoCost: '0.2',
    })
    expect(await deliver(body)).toMatchObject({ status: 200, body: '{"received":true,"duplicate":true}' })
    const stored = env.core.history.webhookDeliveries.forJob(id)
    expect(stored.map((d) => [d.verified, d.duplicate, d.answered, d.repeats])).toEqual([
      [true, false, 200, 1],
    ])
    expect(Buffer.from(stored[0]!.body).toString()).toBe(body)
  })

  it('answers a replayed delivery 200 every time, counting it without storing or forwarding it again', async () => {
    const forwarded: string[] = []
    const server = (await import('node:http')).createServer((req, res) => {
      forwarded.push(req.headers['x-svc-idempotency-key'] as string)
      req.resume()
      req.on('end', () => res.writeHead(200).end('ok'))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as import('node:net').AddressInfo).port
    await env.call('preferences.update', { forwardTo: { sandbox: `http://127.0.0.1:${port}/hook` } })
    try {
      const id = pendingJob()
      const body = envelope(task(id, 'completed'))
      const file = env.core.history.database.db
      const rowsBefore = (file.prepare('SELECT count(*) AS n FROM webhook_deliveries').get() as { n: number })
        .n
      for (let replay = 0; replay < 300; replay++) expect((await deliver(body)).status).toBe(200)
      const stored = env.core.history.webhookDeliveries.forJob(id)
      expect(stored.map((d) => [d.duplicate, d.repeats])).toEqual([[false, 299]])
      const rowsAfter = (file.prepare('SELECT count(*) AS n FROM webhook_deliveries').get() as { n: number })
        .n
      expect(rowsAfter - rowsBefore).toBe(1)
      await env.core.videos.webhooks.forwarding.settled()
      expect(forwarded.filter((key) => key === `${id}-completed`)).toHaveLength(1)
    } finally {
      await env.call('preferences.update', { forwardTo: {} })
      server.close()
    }
  })

  it('keeps at most a bounded number of deliveries waiting for a forward address that never answers', async () => {
    const held: import('node:http').ServerResponse[] = []
    const server = (await import('node:http')).createServer((_req, res) => void held.push(res))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as import('node:net').AddressInfo).port
    await env.call('preferences.update', { forwardTo: { sandbox: `http://127.0.0.1:${port}/slow` } })
    try {
      for (let at = 0; at < maxWaitingForwards + 5; at++)
        expect((await deliver(envelope(task(pendingJob(), 'completed')))).status).toBe(200)
      await expect
        .poll(() => readFileSync(env.core.log.file, 'utf8'))
        .toMatch(new RegExp(`forwarding: ${maxWaitingForwards} deliveries are waiting to be passed on`))
    } finally {
      await env.call('preferences.update', { forwardTo: {} })
      for (const res of held) res.destroy()
      server.closeAllConnections()
      server.close()
    }
  }, 120_000)

  it('never moves a terminal job back, whatever arrives later', async () => {
    const id = pendingJob()
    await deliver(envelope(task(id, 'completed')))
    expect((await deliver(envelope(task(id, 'failed')))).status).toBe(200)
    expect(
      (
        await deliver(
          envelope(task(id, 'pending')).replace('video.generation.pending', 'video.generation.completed'),
        )
      ).status,
    ).toBe(400)
    expect(env.core.history.videoJobs.get(id)?.status).toBe('completed')
  })

  it.each([
    [
      'a bad signature',
      (body: string) => ({ 'x-svc-signature': sign('wrong-secret', body) }),
      401,
      'signature does not match',
    ],
    [
      'a signature of the wrong length',
      () => ({ 'x-svc-signature': 'AAAA' }),
      401,
      'signature does not match',
    ],
    ['no signature', () => ({ 'x-svc-signature': '' }), 401, 'missing X-Svc-Signature'],
    [
      'a mismatched idempotency key',
      () => ({ 'x-svc-idempotency-key': `${randomUUID()}-completed` }),
      400,
      'does not match the body',
    ],
    ['a wrong content type', () => ({ 'content-type': 'text/plain' }), 415, 'content type'],
  ])('refuses %s, records it, and changes nothing', async (_name, headers, status, reason) => {
    const id = pendingJob()
    const body = envelope(task(id, 'completed'))
    const answer = await deliver(body, headers(body))
    expect(answer.status).toBe(status)
    expect(env.core.history.videoJobs.get(id)?.status).toBe('pending')
    const [stored] = await env.call('receiver.deliveries', { limit: 1 })
    expect(stored).toMatchObject({
      verified: false,
      answered: status,
      reason: expect.stringContaining(reason),
    })
  })

  it('refuses a tampered body, malformed JSON, an unknown job and an oversize body', async () => {
    const id = pendingJob()
    const body = envelope(task(id, 'completed'))
    const tampered = body.replace('"video_cost":"0.2"', '"video_cost":"0.0"')
    expect(
      (
        await postWebhook(url, tampered, {
          'x-svc-signature': sign(secret, body),
          'x-svc-idempotency-key': `${id}-completed`,
        })
      ).status,
    ).toBe(401)
    const broken = '{"event": "video.generation.completed",'
    expect(
      (
        await postWebhook(url, broken, {
          'x-svc-signature': sign(secret, broken),
          'x-svc-idempotency-key': `${id}-completed`,
        })
      ).status,
    ).toBe(400)
    const strangerId = randomUUID()
    const stranger = envelope(task(strangerId, 'completed'))
    expect(await deliver(stranger)).toMatchObject({ status: 404 })
    // The same delivery for a job the history does not know, again and again: kept once, counted after.
    for (let replay = 0; replay < 20; replay++) expect((await deliver(stranger)).status).toBe(404)
    expect(env.core.history.webhookDeliveries.forJob(strangerId).map((d) => [d.answered, d.repeats])).toEqual(
      [[404, 20]],
    )
    expect(
      (
        await postWebhook(url, Buffer.alloc(1024 * 1024 + 10, 32), {
          'x-svc-idempotency-key': `${id}-completed`,
        })
      ).status,
    ).toBe(413)
    expect(env.core.history.videoJobs.get(id)?.status).toBe('pending')
  })

  it('answers 404 off the token path', async () => {
    const wrongPath = url.replace(/webhooks\/[^/]+$/, 'webhooks/guess')
    expect((await postWebhook(wrongPath, '{}', {})).status).toBe(404)
  })

  it('accepts the previous secret during rotation, on a live profile', async () => {
    const profile = await env.call('profiles.save', { name: 'Live', baseUrl: 'https://gateway.example.com' })
    await env.call('profiles.setSecret', {
      profileId: profile.id,
      secret: 'webhookSecret',
      value: 'whsec-new-one',
    })
    await env.call('profiles.setSecret', {
      profileId: profile.id,
      secret: 'webhookSecretPrevious',
      value: 'whsec-old-one',
    })
    const id = pendingJob()
    env.core.history.database.db
      .prepare('UPDATE video_jobs SET profile_id = ? WHERE id = ?')
      .run(profile.id, id)
    const body = envelope(task(id, 'expired'))
    const oldSigned = await postWebhook(url, body, {
      'x-svc-signature': sign('whsec-old-one', body),
      'x-svc-idempotency-key': `${id}-expired`,
    })
    expect(oldSigned.status).toBe(200)
    expect(env.core.history.videoJobs.get(id)?.status).toBe('expired')
  })

  it('re-applies a stored delivery from the inspector: one that came before its job was known', async () => {
    const early = randomUUID()
    const body = envelope(task(early, 'cancelled'))
    expect((await deliver(body)).status).toBe(404)
    const [first] = env.core.history.webhookDeliveries.forJob(early)
    env.core.history.videoJobs.insert({ ...env.core.history.videoJobs.get(pendingJob())!, id: early })
    const again = await env.call('receiver.reapply', { id: first!.id! })
    expect(again).toMatchObject({ verified: true, duplicate: false, answered: 200 })
    expect(env.core.history.videoJobs.get(early)?.status).toBe('cancelled')
    const detail = await env.call('receiver.delivery', { id: first!.id! })
    expect(detail.body).toBe(body)
    expect(detail.headers['x-svc-idempotency-key']).toBe(`${early}-cancelled`)
  })
})
