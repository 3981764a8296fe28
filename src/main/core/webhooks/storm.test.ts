// The reliability storm: 500 jobs whose webhooks arrive with duplicates, out of order, tampered and badly
// signed, while the app's process is killed with SIGKILL and started again. Afterwards every job equals the
// sandbox's truth, no event was applied twice, nothing tampered was applied, and every delivery that was
// answered 2xx is in the store.
import { type ChildProcess, spawn } from 'node:child_process'
import { createHmac, randomInt } from 'node:crypto'
import { mkdtemp, readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '#sandbox/server'
import { webhookBody } from '#shared/domain/webhook-events'
import { postWebhook, until } from '../../testing/core.ts'

const jobs = 500
const key = 'sk-storm'
const secret = 'whsec-storm-secret'
let sandbox: Sandbox
let app: ChildProcess | null = null

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const port = (probe.address() as { port: number }).port
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

function startApp(args: string[]): Promise<{ child: ChildProcess; callbackUrl: string }> {
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, '..', '..', 'testing', 'storm-app.ts'), ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk
      const match = /ready (\S+)/.exec(out)
      if (match?.[1]) resolve({ child, callbackUrl: match[1] })
    })
    child.once('exit', (code) => reject(new Error(`app exited with ${code}`)))
  })
}

afterAll(async () => {
  app?.kill('SIGKILL')
  await sandbox?.close()
})

describe('webhook storm with a killed receiver', () => {
  it('ends with every job equal to the truth, nothing applied twice, nothing tampered applied, no 2xx lost', async () => {
    sandbox = await startSandbox({
      keys: [key],
      webhookSecret: secret,
      timeScale: 0.15,
      credits: 100_000,
      allowPrivateAddresses: true,
    })
    const userData = await mkdtemp(join(tmpdir(), 'gd-storm-'))
    const port = await freePort()
    const args = [
      '--user-data',
      userData,
      '--service-url',
      sandbox.url,
      '--key',
      key,
      '--secret',
      secret,
      '--port',
      String(port),
    ]
    const first = await startApp([...args, '--create', String(jobs)])
    app = first.child
    const url = first.callbackUrl
    const ids = JSON.parse(await readFile(join(userData, 'storm-jobs.json'), 'utf8')) as string[]
    expect(ids).toHaveLength(jobs)

    // The injector: copies of real events (sent before and after the originals), tampered bodies, bad
    // signatures, in random order, while the sandbox delivers the real ones.
    const observed2xx = new Map<string, number>()
    const tamperedSent = new Set<string>()
    let injecting = true
    /** Signed copies answered 2xx once every job had ended: each one is a duplicate by then. */
    let settled = false
    let lateCopies = 0
    const inject = async () => {
      while (injecting) {
        const job = sandbox.videos.jobs.get(ids[randomInt(ids.length)]!)
        if (!job || job.task.status === 'pending') {
          await new Promise((resolve) => setTimeout(resolve, 5))
          continue
        }
        const body = webhookBody(job.task, Date.now())
        const idempotencyKey = `${job.task.id}-${job.task.status}`
        const kind = randomInt(4)
        const signed = createHmac('sha256', secret).update(body).digest('base64url')
        const send =
          kind === 0
            ? { body, signature: signed }
            : kind === 1
              ? { body: body.replace(/"video_cost":"[^"]*"/, '"video_cost":"999"'), signature: signed }
              : kind === 2
                ? { body, signature: createHmac('sha256', 'not-the-secret').update(body).digest('base64url') }
                : { body, signature: signed }
        if (kind === 1) tamperedSent.add(idempotencyKey)
        try {
          const answer = await postWebhook(url, send.body, {
            'x-svc-signature': send.signature,
            'x-svc-idempotency-key': idempotencyKey,
          })
          if (answer.status >= 200 && answer.status < 300) {
            observed2xx.set(idempotencyKey, (observed2xx.get(idempotencyKey) ?? 0) + 1)
            if (settled) lateCopies++
          }
          if (kind === 1 || kind === 2) expect(answer.status).toBe(401)
        } catch {
          // The app is down: a sender sees a failed delivery, as the service would.
        }
      }
    }
    const injectors = Array.from({ length: 4 }, inject)

    // Kill the app once a third of the jobs have ended, and start it again shortly after.
    await until(
      () => [...sandbox.videos.jobs.values()].filter((j) => j.task.status !== 'pending').length > jobs / 3,
      60_000,
    )
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))
    // Stay down until the service has seen a delivery fail against the dead receiver.
    const killedAt = Date.now()
    await until(
      () =>
        [...sandbox.videos.jobs.values()].some((j) =>
          j.webhook?.attempts.some((a) => a.status === null && a.at >= killedAt),
        ),
      30_000,
    )
    const second = await startApp(args)
    app = second.child

    // Wait for the service's side to finish: every job terminal and its webhook acknowledged.
    await until(
      () =>
        [...sandbox.videos.jobs.values()].every((j) => j.task.status !== 'pending' && j.webhook?.delivered),
      120_000,
    )
    // Enough copies of events already applied, however slowly the machine runs.
    settled = true
    await until(() => lateCopies > jobs / 4, 120_000)
    injecting = false
    await Promise.all(injectors)
    second.child.kill('SIGTERM')
    await new Promise((resolve) => second.child.once('exit', resolve))
    app = null

    const db = new DatabaseSync(join(userData, 'history.db'), { readOnly: true })
    const stored = new Map(
      (
        db.prepare('SELECT id, status, video_cost AS cost FROM video_jobs').all() as {
          id: string
          status: string
          cost: string | null
        }[]
      ).map((row) => [row.id, row]),
    )
    for (const id of ids) {
      const truth = sandbox.videos.jobs.get(id)!.task
      expect(stored.get(id)?.status, id).toBe(truth.status)
      expect(stored.get(id)?.cost, id).toBe(truth.usage?.video_cost ?? null)
    }
    const applied = db
      .prepare(
        'SELECT idempotency_key AS key, COUNT(*) AS n FROM webhook_deliveries WHERE verified = 1 AND duplicate = 0 AND answered BETWEEN 200 AND 299 GROUP BY idempotency_key',
      )
      .all() as { key: string; n: number }[]
    expect(applied.filter((row) => row.n > 1)).toEqual([])
    const tamperedApplied = db
      .prepare(
        'SELECT COUNT(*) AS n FROM webhook_deliveries WHERE verified = 1 AND body LIKE \'%"video_cost":"999"%\'',
      )
      .get() as { n: number }
    expect(tamperedApplied.n).toBe(0)
    expect(tamperedSent.size).toBeGreaterThan(10)

    // Every 2xx anyone saw (the sandbox's attempts and the injector's) has its row, answered 2xx.
    for (const job of sandbox.videos.jobs.values()) {
      const keyOf = `${job.task.id}-${job.task.status}`
      const sandbox2xx =
        job.webhook?.attempts.filter((a) => a.status !== null && a.status >= 200 && a.status < 300).length ??
        0
      observed2xx.set(keyOf, (observed2xx.get(keyOf) ?? 0) + sandbox2xx)
    }
    const stored2xx = new Map(
      (
        db
          .prepare(
            // A verified delivery that came again is counted on the applied one, not stored again.
            'SELECT idempotency_key AS key, SUM(1 + repeats) AS n FROM webhook_deliveries WHERE answered BETWEEN 200 AND 299 GROUP BY idempotency_key',
          )
          .all() as { key: string; n: number }[]
      ).map((row) => [row.key, row.n]),
    )
    for (const [idempotencyKey, seen] of observed2xx)
      expect(stored2xx.get(idempotencyKey) ?? 0, idempotencyKey).toBeGreaterThanOrEqual(seen)
    // The kill really cut deliveries off: some of the service's attempts failed and were retried.
    const failedAttempts = [...sandbox.videos.jobs.values()]
      .flatMap((job) => job.webhook?.attempts ?? [])
      .filter((a) => a.status === null)
    expect(failedAttempts.length).toBeGreaterThan(0)
    const duplicates = db.prepare('SELECT SUM(repeats) AS n FROM webhook_deliveries').get() as { n: number }
    expect(duplicates.n).toBeGreaterThan(jobs / 4)
    db.close()
  }, 240_000)
})
