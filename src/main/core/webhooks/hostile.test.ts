// The receiver under abuse: it closes the connection rather than read a body it will refuse, keeps only a
// quota of bodies it cannot verify, answers a delivery for a deleted profile with a 4xx it records, records
// a status that goes backwards as ignored, accepts one spelling of the signature and one content type, and
// stays up through malformed request lines.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { VideoTask } from '#shared/api/videos'
import { exchange, linesNotRefused } from '../../../../scripts/testing/hostile-http.ts'
import { postWebhook, sign, startCore } from '../../testing/core.ts'
import { deliverSigned, envelopeOf, videoTask } from '../../testing/webhooks.ts'
import { pendingVideoJob } from '../history/video-jobs.ts'
import { maxWebhookBytes, unverifiedQuota } from './receiver.ts'

let env: Awaited<ReturnType<typeof startCore>>
let url = ''
let path = ''
let port = 0
let secret = ''

const task = videoTask
const envelope = envelopeOf
const deliver = (body: string, headers: Record<string, string> = {}) =>
  deliverSigned(url, secret, body, headers)
function job(profileId = 'sandbox', status: VideoTask['status'] = 'pending'): string {
  const id = randomUUID()
  env.core.history.videoJobs.insert({
    ...pendingVideoJob({ id, profileId, model: 'orbit/motion-2', prompt: 'p' }),
    status,
  })
  return id
}
const tls = () => ({ port, tls: true })

beforeAll(async () => {
  env = await startCore()
  await env.call('preferences.update', { downloadVideosOnCompletion: false })
  url = (await env.call('receiver.state', {})).callbackUrl ?? ''
  path = new URL(url).pathname
  port = Number(new URL(url).port)
  secret = (await env.core.profiles.webhookSecrets())[0] ?? ''
})
afterAll(() => env.core.close())

describe('the receiver under abuse', () => {
  it.each([
    ['a body past the limit', () => `POST ${path} HTTP/1.1`, 413],
    ['a body to an unknown path', () => 'POST /webhooks/not-the-token HTTP/1.1', 404],
    ['a body with the wrong method', () => `PUT ${path} HTTP/1.1`, 405],
  ])('answers %s and closes the connection instead of reading on', async (_, line, status) => {
    const flood = 256 * 1024 * 1024
    const answer = await exchange(
      tls(),
      `${line()}\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${flood}`,
      flood,
    )
    expect(answer.status).toBe(status)
    expect(answer.closedEarly).toBe(true)
    expect(answer.bodyBytesSent).toBeLessThan(maxWebhookBytes + 32 * 1024 * 1024)
  })

  it('keeps no more unverified bodies than its quota, while recording every delivery', async () => {
    const before = env.core.history.webhookDeliveries.latest(5000).length
    const body = JSON.stringify({ junk: 'x'.repeat(900 * 1024) })
    const floods = Math.ceil((2 * unverifiedQuota.bytes) / body.length)
    for (let index = 0; index < floods; index++)
      expect((await postWebhook(url, body, { 'x-svc-signature': 'forged' })).status).toBe(401)
    const rows = env.core.history.webhookDeliveries.latest(5000)
    expect(rows.length - before).toBe(floods)
    const kept = rows
      .slice(0, floods)
      .map((row) => env.core.history.webhookDeliveries.get(row.id ?? 0)?.body.byteLength ?? 0)
      .reduce((sum, bytes) => sum + bytes, 0)
    expect(kept).toBeLessThanOrEqual(unverifiedQuota.bytes)
    expect(rows[0]?.reason).toMatch(/body not kept: over the quota/)
  })

  it('answers a delivery for a job of a deleted profile with a 4xx, and records it', async () => {
    const id = job('a-profile-deleted-since')
    const answer = await deliver(envelope(task(id, 'completed')))
    expect(answer.status).toBe(410)
    const [row] = env.core.history.webhookDeliveries.forJob(id)
    expect(row).toMatchObject({
      answered: 410,
      verified: false,
      // The earlier flood spent the quota for unverified deliveries, so this one's body is not kept either.
      reason: expect.stringMatching(/^no secret can verify it: That profile no longer exists\./),
    })
  })

  it('records a status that goes backwards as ignored, not applied', async () => {
    const id = job('sandbox', 'completed')
    expect((await deliver(envelope(task(id, 'failed')))).status).toBe(200)
    expect(env.core.history.webhookDeliveries.forJob(id)[0]?.reason).toBe(
      'ignored: the job is already completed',
    )
    expect(env.core.history.videoJobs.get(id)?.status).toBe('completed')
  })

  it('accepts only the one spelling of the signature and only application/json', async () => {
    const id = job()
    const body = envelope(task(id, 'failed'))
    const signature = sign(secret, body)
    const otherLast = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A')
    for (const spelling of [
      `${signature}=`,
      otherLast,
      `${signature.slice(0, -1)}${signature.at(-1)?.toLowerCase() === signature.at(-1) ? 'Q' : 'w'}`,
    ])
      expect((await deliver(body, { 'x-svc-signature': spelling })).status).toBe(401)
    expect((await deliver(body, { 'content-type': 'application/jsonp' })).status).toBe(415)
    expect((await deliver(body, { 'content-type': 'application/json; charset=utf-8' })).status).toBe(200)
  })

  it('answers malformed request lines with a 4xx and stays up', async () => {
    expect(await linesNotRefused(tls())).toEqual([])
    const id = job()
    expect((await deliver(envelope(task(id, 'completed')))).status).toBe(200)
  })
})
