// Contract tests of document 2 §5 and §6 (webhooks): signed deliveries of one event per terminal task to an
// HTTPS receiver, retries on failure with the §6 schedule (scaled), and a stop after ten retries.
import { createHmac } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { VideoTask, WebhookEnvelope } from '#shared/api/videos'
import { type Sandbox, startSandbox } from './server.ts'
import { bearer, call, demoKey, postJson } from './testing/client.ts'
import { startReceiver, until } from './testing/receiver.ts'
import { retryDelaySeconds } from './videos/webhooks.ts'

const secret = 'whsec-test-secret'
let sandbox: Sandbox | undefined
let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined
afterEach(async () => {
  await sandbox?.close()
  await receiver?.close()
})

async function setup(timeScale: number, answer?: (count: number) => number) {
  receiver = await startReceiver(answer)
  sandbox = await startSandbox({
    keys: [demoKey],
    webhookSecret: secret,
    timeScale,
    allowPrivateAddresses: true,
  })
  return { receiver, sandbox }
}

const createJob = async (base: string, callback: string, prompt = 'waves') =>
  (
    (await postJson(`${base}/v1/videos`, { model: 'orbit/motion-2', prompt, callback_url: callback }))
      .body as { id: string }
  ).id

describe('§6 webhook delivery', () => {
  it('posts one signed event per terminal task, with the documented headers and envelope', async () => {
    const { receiver, sandbox } = await setup(0.001)
    const id = await createJob(sandbox.url, receiver.url)
    const [delivery] = await until(() => receiver.received.length === 1 && receiver.received)
    expect(delivery!.headers['content-type']).toBe('application/json')
    expect(delivery!.headers['x-svc-idempotency-key']).toBe(`${id}-completed`)
    const expected = createHmac('sha256', secret).update(delivery!.body).digest('base64url')
    expect(delivery!.headers['x-svc-signature']).toBe(expected)
    const envelope = WebhookEnvelope.parse(JSON.parse(delivery!.body))
    expect(envelope).toMatchObject({
      event: 'video.generation.completed',
      id,
      data: { id, status: 'completed' },
    })
    const status = VideoTask.parse((await call(`${sandbox.url}/v1/videos/${id}`, { headers: bearer() })).body)
    expect(envelope.data).toEqual(status)
    // Acknowledged at the first attempt: nothing more is scheduled.
    const webhook = await until(
      () => sandbox.videos.jobs.get(id)?.webhook?.delivered && sandbox.videos.jobs.get(id)?.webhook,
    )
    expect(webhook.attempts).toHaveLength(1)
    expect(webhook.attempts[0]!.retryInMs).toBeUndefined()
    expect(receiver.received).toHaveLength(1)
  })

  it.each(['failed', 'cancelled', 'expired'] as const)(
    'sends video.generation.%s for that terminal status',
    async (status) => {
      const { receiver, sandbox } = await setup(10)
      const id = await createJob(sandbox.url, receiver.url)
      await postJson(
        `${sandbox.url}/__sandbox/videos/${id}/outcome`,
        { status },
        { 'content-type': 'application/json' },
      )
      const [delivery] = await until(() => receiver.received.length === 1 && receiver.received)
      expect(JSON.parse(delivery!.body)).toMatchObject({
        event: `video.generation.${status}`,
        data: { status },
      })
      expect(delivery!.headers['x-svc-idempotency-key']).toBe(`${id}-${status}`)
    },
  )

  it('retries after non-2xx answers with growing, scaled delays, then stops once acknowledged', async () => {
    const scale = 0.002
    const { receiver, sandbox } = await setup(scale, (count) => (count < 4 ? 503 : 204))
    const id = await createJob(sandbox.url, receiver.url)
    const delivery = await until(() => {
      const webhook = sandbox.videos.jobs.get(id)?.webhook
      return webhook?.delivered && webhook
    }, 15_000)
    // Each failure scheduled the next try at the documented delay, scaled, plus at most 10 % jitter;
    // a timer never fires early, so each gap is at least what was scheduled.
    const scheduled = delivery.attempts.slice(0, 3).map((attempt) => attempt.retryInMs ?? -1)
    scheduled.forEach((wait, i) => {
      const planned = retryDelaySeconds(i + 1) * 1000 * scale
      expect(wait).toBeGreaterThanOrEqual(planned)
      expect(wait).toBeLessThanOrEqual(planned * 1.1 + 1)
    })
    const gaps = receiver.received.slice(1).map((received, i) => received.at - receiver.received[i]!.at)
    for (const [i, gap] of gaps.entries()) expect(gap).toBeGreaterThanOrEqual(scheduled[i]! - 2)
    expect(new Set(receiver.received.map((d) => d.body)).size).toBe(1)
    // Acknowledged: the last attempt schedules nothing more.
    expect(delivery.attempts.map((a) => a.status)).toEqual([503, 503, 503, 204])
    expect(delivery.attempts[3]!.retryInMs).toBeUndefined()
    expect(receiver.received).toHaveLength(4)
  })

  it('gives up after ten retries, and the result stays readable', async () => {
    const { receiver, sandbox } = await setup(0.0002, () => 500)
    const id = await createJob(sandbox.url, receiver.url)
    await until(() => sandbox.videos.jobs.get(id)?.webhook?.abandoned, 10_000)
    expect(receiver.received).toHaveLength(11)
    const job = sandbox.videos.jobs.get(id)!
    expect(job.webhook?.attempts.map((a) => a.status)).toEqual(Array(11).fill(500))
    expect(
      VideoTask.parse((await call(`${sandbox.url}/v1/videos/${id}`, { headers: bearer() })).body).status,
    ).toBe('completed')
  })

  it('retries a delivery the dropWebhooks fault swallowed', async () => {
    const { receiver, sandbox } = await setup(0.001)
    await postJson(
      `${sandbox.url}/__sandbox/faults`,
      { dropWebhooks: 1 },
      { 'content-type': 'application/json' },
    )
    const id = await createJob(sandbox.url, receiver.url)
    await until(() => (sandbox.videos.jobs.get(id)?.webhook?.attempts.length ?? 0) >= 2)
    expect(receiver.received).toHaveLength(0)
    await postJson(`${sandbox.url}/__sandbox/faults`, {}, { 'content-type': 'application/json' })
    await until(() => receiver.received.length === 1, 8000)
  })

  it('signs with the secret a key was given through the control API', async () => {
    const { receiver, sandbox } = await setup(0.001)
    await postJson(
      `${sandbox.url}/__sandbox/keys/${demoKey}`,
      { webhookSecret: 'rotated' },
      { 'content-type': 'application/json' },
    )
    await createJob(sandbox.url, receiver.url)
    const [delivery] = await until(() => receiver.received.length === 1 && receiver.received)
    expect(delivery!.headers['x-svc-signature']).toBe(
      createHmac('sha256', 'rotated').update(delivery!.body).digest('base64url'),
    )
  })
})

describe('§4.1 rule 4 without private callbacks', () => {
  it('refuses a loopback receiver unless the sandbox allows private callbacks', async () => {
    receiver = await startReceiver()
    sandbox = await startSandbox({ keys: [demoKey] })
    const reply = await postJson(`${sandbox.url}/v1/videos`, {
      model: 'orbit/motion-2',
      prompt: 'p',
      callback_url: receiver.url,
    })
    expect((reply.body as { error: { code: string } }).error.code).toBe('invalid_callback_url')
  })
})

describe('§4.1 rule 4 with host names', () => {
  it('resolves a host name before the check and refuses it when it points at this machine', async () => {
    const { hostname } = await import('node:os')
    const { lookup } = await import('node:dns/promises')
    const { isForbiddenAddress } = await import('#shared/domain/network-address')
    const addresses = await lookup(hostname(), { all: true })
    // This machine's own name resolves to a loopback or private address (from /etc/hosts).
    expect(addresses.every((entry) => isForbiddenAddress(entry.address))).toBe(true)
    sandbox = await startSandbox({ keys: [demoKey] })
    const reply = await postJson(`${sandbox.url}/v1/videos`, {
      model: 'orbit/motion-2',
      prompt: 'p',
      callback_url: `https://${hostname()}/h`,
    })
    expect((reply.body as { error: { code: string } }).error.code).toBe('invalid_callback_url')
    const unresolvable = await postJson(`${sandbox.url}/v1/videos`, {
      model: 'orbit/motion-2',
      prompt: 'p',
      callback_url: 'https://no-such-host.invalid/h',
    })
    expect((unresolvable.body as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'invalid_callback_url',
    })
  })
})
