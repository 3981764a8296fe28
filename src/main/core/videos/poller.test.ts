// The poller against a real sandbox, on fake time: one budget per profile that is never exceeded, exact back-off
// on 429, resumption after a restart, and no polls for a job a webhook already ended. Time moves only when the
// test moves it, and only once every status read in flight has its answer, so each figure below is exact.
import { randomUUID } from 'node:crypto'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Sandbox, startSandbox } from '#sandbox/server'
import { startCore } from '../../testing/core.ts'
import { testHold } from '../../testing/holds.ts'
import { createGateway } from '../gateway/gateway.ts'
import { createTransport } from '../gateway/transport.ts'
import { pendingVideoJob } from '../history/video-jobs.ts'
import type { PollBudget } from './poller.ts'
import { createPoller } from './poller.ts'

let service: Sandbox
let env: Awaited<ReturnType<typeof startCore>>
const keyA = 'sk-poll-a'
const keyB = 'sk-poll-b'
const tickMs = 10

beforeAll(async () => {
  // Real service time: no job finishes within the few seconds of fake time a test moves.
  service = await startSandbox({ keys: [keyA, keyB], timeScale: 1, credits: 1000 })
  env = await startCore()
  // The pollers here are the tests' own: the core's, on real timers, would poll the same jobs at other times.
  env.core.videos.videos.stopPolling()
})
afterAll(async () => {
  await env.core.close()
  await service.close()
})
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
})
afterEach(() => {
  vi.useRealTimers()
  // Each test starts with no pending job: the jobs of one test are not polled in the next.
  env.core.history.database.db
    .prepare("UPDATE video_jobs SET status = 'completed' WHERE status = 'pending'")
    .run()
})

const gatewayWith = (key: string) =>
  createGateway(createTransport({ connection: async () => ({ baseUrl: service.url, apiKey: key }) }))

async function jobsOn(key: string, profileId: string, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const { data } = await gatewayWith(key).createVideo(
      { model: 'orbit/motion-2', prompt: `job ${i}` },
      { hold: testHold('video') },
    )
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
    apply: env.core.videos.videos.applyTask,
    applied: env.core.videos.videos.afterChange,
    gatewayFor: () => gatewayWith(key),
    budget: () => budget,
    log: env.core.log,
    onStateChange: () => {},
    minIntervalMs: 0,
    tickMs,
  })
}

/** Moves fake time on by `ms`, one tick at a time, letting every read a tick sends get its answer first. */
async function advance(poller: ReturnType<typeof pollerFor>, ms: number): Promise<void> {
  for (let moved = 0; moved < ms; moved += tickMs) {
    await vi.advanceTimersByTimeAsync(tickMs)
    while (poller.state().inFlight > 0) await nextTurn()
  }
}

const pollsOf = (ids: string[]) =>
  ids.flatMap((id) => env.core.history.videoJobs.polls(id)).sort((a, b) => a.at - b.at)

describe('poller', () => {
  it('uses the whole budget and never more, in every window', async () => {
    const profile = `p-${randomUUID()}`
    const ids = await jobsOn(keyA, profile, 8)
    const poller = pollerFor(keyA, { requests: 5, windowSeconds: 1 })
    const started = Date.now()
    poller.start()
    await advance(poller, 2500)
    poller.stop()
    const polls = pollsOf(ids)
    const times = polls.map((poll) => poll.at - started)
    // Three windows began in 2.5 s, and each allowed five reads: two at a time, as answers came back.
    expect(times).toEqual([10, 10, 20, 20, 30, 1010, 1010, 1020, 1020, 1030, 2010, 2010, 2020, 2020, 2030])
    expect(polls.every((poll) => poll.outcome === 'pending')).toBe(true)
    // Every job got its turn: the least recently polled goes first.
    for (const id of ids) expect(env.core.history.videoJobs.polls(id).length).toBeGreaterThanOrEqual(1)
  })

  it('pauses exactly as long as Retry-After says, then resumes', async () => {
    vi.useRealTimers()
    await fetch(`${service.url}/__sandbox/keys/${keyB}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pollLimit: { requests: 2, windowSeconds: 2 } }),
    })
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    const profile = `p-${randomUUID()}`
    const ids = await jobsOn(keyB, profile, 3)
    const poller = pollerFor(keyB, { requests: 50, windowSeconds: 1 })
    const started = Date.now()
    poller.start()
    await advance(poller, 2500)
    poller.stop()
    const pauses = poller.state().pauses.filter((pause) => pause.profileId === profile)
    // The service allows two reads per 2 s: the next two are refused with Retry-After: 2, and the poller sends
    // nothing until the pause ends; then two more pass and the next two are refused again.
    expect(pauses.map((pause) => [pause.from - started, pause.until - started])).toEqual([
      [20, 2020],
      [20, 2020],
      [2030, 4030],
      [2030, 4030],
    ])
    expect(pollsOf(ids).map((poll) => [poll.at - started, poll.outcome])).toEqual([
      [10, 'pending'],
      [10, 'pending'],
      [20, 'rate_limited'],
      [20, 'rate_limited'],
      [2020, 'pending'],
      [2020, 'pending'],
      [2030, 'rate_limited'],
      [2030, 'rate_limited'],
    ])
  })

  it('resumes the pending jobs of the history after a restart, and skips one a webhook already ended', async () => {
    const profile = `p-${randomUUID()}`
    const [ended, open] = await jobsOn(keyA, profile, 2)
    env.core.history.database.db
      .prepare("UPDATE video_jobs SET status = 'completed' WHERE id = ?")
      .run(ended!)
    const poller = pollerFor(keyA, { requests: 20, windowSeconds: 1 })
    poller.start()
    await advance(poller, 100)
    poller.stop()
    expect(env.core.history.videoJobs.polls(open!).length).toBeGreaterThan(0)
    expect(env.core.history.videoJobs.polls(ended!)).toEqual([])
  })
})
