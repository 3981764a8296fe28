// "Forward to" against a person's own server: the receiver the Get code panel gives (its TypeScript snippet,
// run as it is, with the profile's secret) accepts every forwarded and every test delivery; a send again is the
// stored delivery byte for byte; failures, redirects and long answers are shown as they are, never retried.
import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhookSnippets } from '#shared/domain/code-snippets'
import { terminalStatuses, testTask, webhookBody } from '#shared/domain/webhook-events'
import { postWebhook, sign, startCore, until } from '../../testing/core.ts'
import { keptSandboxSecret } from '../profiles/sandbox-secret.ts'

let env: Awaited<ReturnType<typeof startCore>>
let snippet: ChildProcess
let snippetUrl = ''
let snippetFile = ''

/** A server that keeps every request's bytes and headers, and answers as the test says. */
interface Received {
  headers: IncomingMessage['headers']
  body: Buffer
  url: string
}
async function recorder(answer: (res: import('node:http').ServerResponse) => void = (res) => res.end('ok')) {
  const received: Received[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks), url: req.url ?? '' })
      answer(res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

beforeAll(async () => {
  env = await startCore({ sandboxTimeScale: 0.002 })
  await env.call('preferences.update', { downloadVideosOnCompletion: false })
  const secret = (await env.core.profiles.webhookSecrets())[0] ?? ''
  const code = webhookSnippets.find((one) => one.language === 'TypeScript')?.code ?? ''
  snippetFile = `${env.userData}/receiver.ts`
  writeFileSync(snippetFile, code)
  const port = await freePort()
  snippet = spawn(process.execPath, [snippetFile], {
    env: { ...process.env, GATEWAY_WEBHOOK_SECRET: secret, PORT: String(port) },
    stdio: 'ignore',
  })
  snippetUrl = `http://127.0.0.1:${port}/webhooks`
  // Ready once it answers: an unsigned request is refused with 401.
  await until(async () => (await fetch(snippetUrl, { method: 'POST' }).catch(() => null))?.status === 401)
})
afterAll(async () => {
  snippet?.kill()
  await env.core.close()
  rmSync(env.userData, { recursive: true, force: true })
  rmSync(`${env.userData}.keychain`, { force: true })
})

describe('forwarding webhooks to the person’s own server', () => {
  it('passes on every verified delivery of real jobs, and the Get code receiver accepts each', async () => {
    expect((await env.call('forwarding.set', { address: snippetUrl })).address).toBe(snippetUrl)
    const jobs = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        env.call('videos.create', { request: { model: 'orbit/motion-2', prompt: `boat ${n}`, duration: 3 } }),
      ),
    )
    const forwarded = await until(async () => {
      const deliveries = await env.call('receiver.deliveries', { limit: 50 })
      const mine = deliveries.filter((one) => jobs.some((job) => job.id === one.jobId))
      return mine.length === jobs.length && mine.every((one) => one.forwarded) ? mine : false
    }, 15_000)
    expect(forwarded.map((one) => one.forwarded?.status)).toEqual([200, 200, 200, 200])
    expect(
      forwarded.every((one) => one.forwarded?.kind === 'forward' && one.forwarded.url === snippetUrl),
    ).toBe(true)
    const detail = await env.call('receiver.delivery', { id: forwarded[0]!.id })
    expect(detail.forwards).toHaveLength(1)
  })

  it('signs test deliveries of each terminal event as the service does', async () => {
    const [job] = (await env.call('videos.list', { limit: 1 })).jobs
    for (const status of terminalStatuses) {
      for (const jobId of [job!.id, undefined]) {
        const sent = await env.call('forwarding.test', { status, ...(jobId ? { jobId } : {}) })
        expect(sent).toMatchObject({
          kind: 'test',
          status: 200,
          event: `video.generation.${status}`,
          error: null,
        })
        if (jobId) expect(sent.jobId).toBe(jobId)
      }
    }
    const tests = await env.call('forwarding.tests', { limit: 50 })
    expect(tests).toHaveLength(terminalStatuses.length * 2)
    expect(tests.every((one) => one.status === 200)).toBe(true)
  })

  it('sends a stored delivery and a test delivery again, byte for byte', async () => {
    const server = await recorder()
    try {
      await env.call('forwarding.set', { address: server.url })
      const [delivery] = await env.call('receiver.deliveries', { limit: 1 })
      const stored = await env.call('receiver.delivery', { id: delivery!.id })
      const again = await env.call('forwarding.resend', { deliveryId: delivery!.id })
      expect(again).toMatchObject({ kind: 'resend', status: 200, answer: 'ok' })
      expect(server.received[0]!.body.toString('utf8')).toBe(stored.body)
      for (const name of ['x-svc-signature', 'x-svc-idempotency-key', 'content-type'])
        expect(server.received[0]!.headers[name]).toBe(stored.headers[name])

      const test = await env.call('forwarding.test', { status: 'failed' })
      await env.call('forwarding.resend', { testId: test.id })
      const [first, second] = server.received.slice(1)
      expect(second!.body.equals(first!.body)).toBe(true)
      expect(second!.headers['x-svc-signature']).toBe(first!.headers['x-svc-signature'])
      expect((await env.call('receiver.delivery', { id: delivery!.id })).forwards[0]?.kind).toBe('resend')
    } finally {
      await server.close()
    }
  })

  it('shows a server that is down once, and does not retry', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/hooks`
    await env.call('forwarding.set', { address: closed })
    const [delivery] = await env.call('receiver.deliveries', { limit: 1 })
    const sent = await env.call('forwarding.resend', { deliveryId: delivery!.id })
    expect(sent).toMatchObject({
      status: null,
      error: expect.stringMatching(/^Nothing is listening at 127\.0\.0\.1:\d+/),
    })
    await env.core.videos.webhooks.forwarding.settled()
    const forwards = (await env.call('receiver.delivery', { id: delivery!.id })).forwards
    expect(forwards.filter((one) => one.url === closed)).toHaveLength(1)
  })

  it('does not follow a redirect, and keeps only the start of a long answer', async () => {
    const elsewhere = await recorder()
    const redirecting = await recorder((res) => res.writeHead(307, { location: elsewhere.url }).end())
    const chatty = await recorder((res) => res.end('x'.repeat(100_000)))
    try {
      const [delivery] = await env.call('receiver.deliveries', { limit: 1 })
      await env.call('forwarding.set', { address: redirecting.url })
      const redirected = await env.call('forwarding.resend', { deliveryId: delivery!.id })
      expect(redirected.status).toBe(307)
      expect(redirected.answer).toContain('not followed')
      expect(elsewhere.received).toHaveLength(0)
      await env.call('forwarding.set', { address: chatty.url })
      const long = await env.call('forwarding.resend', { deliveryId: delivery!.id })
      expect(long.status).toBe(200)
      expect(long.answer!.length).toBeLessThanOrEqual(4097)
    } finally {
      await Promise.all([elsewhere.close(), redirecting.close(), chatty.close()])
    }
  })

  it('does not send round again a delivery it forwarded itself (an address that leads back here)', async () => {
    const server = await recorder()
    try {
      await env.call('forwarding.set', { address: server.url })
      const [job] = (await env.call('videos.list', { limit: 1 })).jobs
      const secret = (await env.core.profiles.webhookSecrets())[0] ?? ''
      const task = testTask(
        'failed',
        { id: job!.id, model: job!.model, prompt: job!.prompt, createdAt: job!.createdAt },
        Date.now(),
        () => 'x',
      )
      const body = webhookBody(task, Date.now())
      const { callbackUrl } = await env.call('receiver.state', {})
      const answered = await postWebhook(callbackUrl!, body, {
        'x-svc-signature': sign(secret, body),
        'x-svc-idempotency-key': `${task.id}-failed`,
        'user-agent': 'GatewayDesk-Forward/1',
      })
      expect(answered.status).toBe(200)
      await env.core.videos.webhooks.forwarding.settled()
      const [stored] = await env.call('receiver.deliveries', { limit: 1 })
      expect(stored).toMatchObject({ verified: true, forwarded: null })
      expect(server.received).toHaveLength(0)
    } finally {
      await server.close()
    }
  })

  it('refuses an address that is not http(s), and is off until one is set', async () => {
    for (const address of ['ftp://example.com/x', 'localhost:3000', 'http://user:pw@example.com/']) {
      expect(await env.call('forwarding.set', { address }).catch((error) => error)).toMatchObject({
        code: 'validation_failed',
      })
      // An address given for one send (the command line's --to) is checked the same way.
      expect(
        await env.call('forwarding.test', { status: 'completed', to: address }).catch((error) => error),
      ).toMatchObject({ code: 'validation_failed', path: ['to'] })
    }
    await env.call('forwarding.set', { address: null })
    expect(await env.call('forwarding.get', {})).toEqual({ address: null })
    expect(await env.call('forwarding.test', { status: 'completed' }).catch((error) => error)).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('Forward to'),
    })
  })
})

describe('the sandbox’s signing secret', () => {
  it('is put on the clipboard from main, and is the one deliveries are signed with', async () => {
    expect(await env.call('forwarding.copySecret', {})).toEqual({ copied: true })
    expect(env.platform.copiedTexts.at(-1)).toBe((await env.core.profiles.webhookSecrets())[0])
  })

  it('stays the same from run to run, and a damaged copy is replaced', () => {
    const first = keptSandboxSecret(env.userData)
    expect(keptSandboxSecret(env.userData)).toBe(first)
    expect(first).toBe(env.platform.copiedTexts.at(-1))
    writeFileSync(`${env.userData}/sandbox-webhook-secret`, 'not a secret')
    const replaced = keptSandboxSecret(env.userData)
    expect(replaced).toMatch(/^whsec-[A-Za-z0-9_-]{24,}$/)
    expect(replaced).not.toBe(first)
  })
})
