// Every playground turn the service billed is entered once: a streamed turn whose connection breaks after the
// answer began (its input at least, marked as cut, counted against the budget), and two turns the window sent
// under one request id.
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '#sandbox/server'
import { formatAmount, parseAmount } from '#shared/domain/money'
import { startCore } from '../../testing/core.ts'

const key = 'sk-cut-stream-test-01'
let service: Sandbox
let env: Awaited<ReturnType<typeof startCore>>
let profileId = ''
const ended = new Map<string, string>()

beforeAll(async () => {
  service = await startSandbox({ keys: [key], credits: 1000, timeScale: 0.002, allowPrivateAddresses: true })
  env = await startCore()
  const profile = await env.call('profiles.save', { name: 'Paid', baseUrl: service.url })
  await env.call('profiles.setSecret', { profileId: profile.id, secret: 'apiKey', value: key })
  await env.call('profiles.activate', { id: profile.id })
  profileId = profile.id
  env.core.events.subscribe((name, payload) => {
    if (name === 'stream.end') {
      const end = payload as { requestId: string; outcome: string }
      ended.set(end.requestId, end.outcome)
    }
  })
})
afterAll(async () => {
  await env.core.close()
  await service.close()
  rmSync(env.userData, { recursive: true, force: true })
  rmSync(`${env.userData}.keychain`, { force: true })
})

const cutNext = (count: number) =>
  fetch(`${service.url}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cutStreams: count }),
  })
const requestsMade = async () => {
  const response = await fetch(`${service.url}/__sandbox/keys/${key}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  return ((await response.json()) as { requests: number }).requests
}
const body = {
  model: 'nimbus/chat-4',
  max_tokens: 400,
  messages: [
    { role: 'user' as const, content: 'Tell me a long story about a lighthouse keeper and the sea.' },
  ],
}
/** Streams one turn to its end; its outcome, or the code of the refusal that kept it from starting. */
async function turn(requestId: string): Promise<string> {
  try {
    await env.call('streams.messages', { requestId, body })
  } catch (error) {
    return (error as { code: string }).code
  }
  for (;;) {
    const outcome = ended.get(requestId)
    if (outcome) return outcome
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
const spentToday = async () =>
  parseAmount(
    (await env.call('spend.budgets', {})).find((one) => one.profileId === profileId)?.spentToday ?? '0',
  )

describe('a stream cut midway', () => {
  it('is entered at what it was billed, marked as cut, and keeps to the budget', async () => {
    await cutNext(1)
    const before = await spentToday()
    expect(await turn('cut-1')).toBe('failed')
    const oneCut = (await spentToday()) - before
    expect(oneCut).toBeGreaterThan(0n)
    const summary = await env.call('spend.summary', { from: 0, to: Date.now() + 1000, scope: 'active' })
    expect(summary.byFeature.find((one) => one.feature === 'playground')).toBeDefined()
    const row = env.core.history.database.db
      .prepare(
        "SELECT units_json AS units FROM spend_entries WHERE feature = 'playground' ORDER BY at DESC LIMIT 1",
      )
      .get() as { units: string }
    expect(JSON.parse(row.units)).toMatchObject({
      cut: true,
      estimated: true,
      input_tokens: expect.any(Number),
    })

    // Room for three more such turns: of fifteen cut turns, the fourth or fifth is refused before it is sent.
    const spent = await spentToday()
    await env.call('spend.setBudget', { profileId, daily: formatAmount(spent + oneCut * 3n), monthly: null })
    await cutNext(15)
    const requests = await requestsMade()
    const outcomes: string[] = []
    for (let at = 0; at < 15; at++) outcomes.push(await turn(`cut-${at + 2}`))
    const sent = outcomes.filter((outcome) => outcome !== 'over_budget').length
    expect(sent).toBeGreaterThanOrEqual(3)
    expect(sent).toBeLessThanOrEqual(4)
    expect(await requestsMade()).toBe(requests + sent)
    expect(outcomes.slice(sent).every((outcome) => outcome === 'over_budget')).toBe(true)
  })
})

describe('the ledger key of a turn', () => {
  it('is main’s own: the same request id sent twice is two turns, entered twice', async () => {
    await env.call('spend.setBudget', { profileId, daily: null, monthly: null })
    const entries = () =>
      (
        env.core.history.database.db
          .prepare("SELECT count(*) AS n FROM spend_entries WHERE feature = 'playground'")
          .get() as { n: number }
      ).n
    const before = entries()
    const requests = await requestsMade()
    for (let at = 0; at < 2; at++) await env.call('playground.messages', { requestId: 'same-id', body })
    expect(await requestsMade()).toBe(requests + 2)
    expect(entries()).toBe(before + 2)
  })
})
