// A batch belongs to the profile it was started with: switching profiles midway, or resuming after a restart
// with another profile active, never sends one of its rows with another account's key. Two live profiles point
// at one standalone sandbox with two keys, and the sandbox counts the requests each key made.
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '#sandbox/server'
import { questionnaire, template } from '../../testing/batches.ts'
import { startCore, until } from '../../testing/core.ts'

const keyA = 'sk-profile-a-0001'
const keyB = 'sk-profile-b-0002'
let service: Sandbox

beforeAll(async () => {
  service = await startSandbox({ keys: [keyA, keyB], credits: 1000 })
})
afterAll(() => service.close())

const control = async (path: string, body: unknown) => {
  const response = await fetch(`${service.url}/__sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await response.json()) as { credits: string; requests: number }
}
const requestsWith = async (key: string) => (await control(`/keys/${key}`, {})).requests

describe('a batch and its profile', () => {
  it('sends every row with the key of the profile it started with, across a switch and a restart', async () => {
    // Slow answers, so the switch and the restart both happen with rows still to send.
    await control('/faults', { latencyMs: 40 })
    let env = await startCore()
    const { userData } = env
    try {
      const profileFor = async (name: string, key: string) => {
        const profile = await env.call('profiles.save', { name, baseUrl: service.url })
        await env.call('profiles.setSecret', { profileId: profile.id, secret: 'apiKey', value: key })
        return profile
      }
      const first = await profileFor('Team A', keyA)
      const second = await profileFor('Team B', keyB)
      await env.call('profiles.activate', { id: first.id })
      const before = { a: await requestsWith(keyA), b: await requestsWith(keyB) }

      const started = await env.call('batches.start', {
        questionnaire,
        template,
        inputs: Array.from({ length: 40 }, (_, i) => `message ${i}: refund please`),
        concurrency: 2,
        spendCap: null,
      })
      expect(started).toMatchObject({ profileId: first.id, profileName: 'Team A' })
      const doneAtLeast = (count: number) =>
        until(async () => {
          const { batch } = await env.call('batches.get', { id: started.id })
          return batch.counts.done >= count && batch
        }, 30_000)

      await doneAtLeast(5)
      await env.call('profiles.activate', { id: second.id })
      await doneAtLeast(12)
      // Quit midway; the next start has Team B active.
      await env.core.close()
      env = await startCore({ userData })
      const interrupted = (await env.call('batches.get', { id: started.id })).batch
      expect(interrupted.status).toBe('interrupted')
      expect(interrupted.counts.pending).toBeGreaterThan(0)
      expect((await env.call('profiles.list', {})).find((profile) => profile.active)?.id).toBe(second.id)

      const resumed = await env.call('batches.resume', { id: started.id })
      expect(resumed).toMatchObject({ profileId: first.id, profileName: 'Team A' })
      const finished = await until(async () => {
        const { batch } = await env.call('batches.get', { id: started.id })
        return batch.status === 'done' && batch
      }, 30_000)
      expect(finished.counts).toMatchObject({ total: 40, done: 40, failed: 0 })
      // At the service: Team B's key sent nothing, Team A's sent every row (rows cut off by the quit were
      // sent again after the restart, so at least one request per row).
      expect((await requestsWith(keyB)) - before.b).toBe(0)
      expect((await requestsWith(keyA)) - before.a).toBeGreaterThanOrEqual(40)
    } finally {
      await control('/faults', {})
      await env.core.close()
      await rm(userData, { recursive: true, force: true })
      await rm(`${userData}.keychain`, { force: true })
    }
  }, 90_000)
})
