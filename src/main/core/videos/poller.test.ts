// The poller against a real sandbox: one budget per profile that is never exceeded, exact back-off on 429,
// resumption after a restart, and no polls for a job a webhook already ended.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '#sandbox/server'
import { createGateway } from '../gateway/gateway.ts'
import { createTransport } from '../gateway/transport.ts'
import { pendingVideoJob } from '../history/video-jobs.ts'
import type { PollBudget } from './poller.ts'
import { createPoller } from './poller.ts'
import { startCore, until } from './testing.ts'

let service: Sandbox
let env: Awaited<ReturnType<typeof startCore>>
const keyA = 'sk-poll-a'
const keyB = 'sk-poll-b'

beforeAll(async () => {
  service = await startSandbox({ keys: [keyA, keyB], timeScale: 100, credits: 1000 })
  env = await startCore()
})
afterAll(async () => {
  await env.core.close()
  await service.close()
})

const gatewayWith = (key: string) =>
  createGateway(createTransport({ connection: async () => ({ baseUrl: service.url, apiKey: key }) }))

async function jobsOn(key: string, profileId: string, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const { data } = await gatewayWith(key).createVideo({ model: 'orbit/motion-2', prompt: `job ${i}` })
    env.core.history.videoJobs.insert(
      pendingVideoJob({ id: data.id, profileId, model: 'orbit/motion-2', prompt: `job ${i}` }),
    )
    ids.push(data.id)
  }
  return ids
}

function pollerFor(key: string, budget: PollBudget) {
  return createPoller({
    history: env.core.history,
    videos: env.core.videos.videos,
    gatewayFor: () => gatewayWith(key),
    budget: () => budget,
    log: env.core.log,
    onStateChange: () => {},
    minIntervalMs: 0,
    tickMs: 10,
  })
}

const pollTimes = (ids: string[]) =>
  ids
    .flatMap((id) => env.core.history.videoJobs.polls(id))
    .map((poll) => poll.at)
    .sort((a, b) => a - b)

describe('poller', () => {
  it('never sends more status reads than the budget allows in any window', async () => {
    const profile = `p-${randomUUID()}`
    const ids = await jobsOn(keyA, profile, 8)
    const poller = pollerFor(keyA, { requests: 5, windowSeconds: 1 })
    poller.start()
    // Past two full windows of reads: enough to see the budget hold across window boundaries.
    await until(() => pollTimes(ids).length >= 12, 20_000)
    poller.stop()
    const times = pollTimes(ids)
    for (const start of times)
      expect(times.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(5)
    // Every job got its turn: the least recently polled goes first.
    for (const id of ids) expect(env.core.history.videoJobs.polls(id).length).toBeGreaterThanOrEqual(1)
  })

  it('pauses exactly as long as Retry-After says, then resumes', async () => {
    await fetch(`${service.url}/__sandbox/keys/${keyB}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pollLimit: { requests: 2, windowSeconds: 2 } }),
    })
    const profile = `p-${randomUUID()}`
    const ids = await jobsOn(keyB, profile, 3)
    const poller = pollerFor(keyB, { requests: 50, windowSeconds: 1 })
    poller.start()
    const [pause] = await until(
      () => poller.state().pauses.filter((p) => p.profileId === profile).length > 0 && poller.state().pauses,
    )
    expect(pause!.until - pause!.from).toBe(2000)
    await until(() => pollTimes(ids).some((t) => t >= pause!.until), 6000).catch((e) => {
      console.log(
        pause,
        Date.now(),
        JSON.stringify(poller.state()),
        ids
          .flatMap((id) => env.core.history.videoJobs.polls(id))
          .map((p) => `${p.at - pause!.from} ${p.outcome}`),
      )
      throw e
    })
    poller.stop()
    for (const { from, until: end } of poller.state().pauses.filter((p) => p.profileId === profile)) {
      expect(pollTimes(ids).filter((t) => t >= from && t < end)).toEqual([])
    }
    expect(
      ids
        .flatMap((id) => env.core.history.videoJobs.polls(id))
        .some((poll) => poll.outcome === 'rate_limited'),
    ).toBe(true)
  }, 15_000)

  it('resumes the pending jobs of the history after a restart, and skips one a webhook already ended', async () => {
    const profile = `p-${randomUUID()}`
    const [ended, open] = await jobsOn(keyA, profile, 2)
    env.core.history.database.db
      .prepare("UPDATE video_jobs SET status = 'completed' WHERE id = ?")
      .run(ended!)
    const poller = pollerFor(keyA, { requests: 20, windowSeconds: 1 })
    poller.start()
    await until(() => env.core.history.videoJobs.polls(open!).length > 0)
    poller.stop()
    expect(env.core.history.videoJobs.polls(ended!)).toEqual([])
  })
})
