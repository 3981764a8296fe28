// Money is structural: no billed request leaves without a hold the budget check made; a hold is a ledger row
// while its request is out; what the service billed is in the ledger even when the app could not price or store
// the outcome; and an estimate never waits on the network.
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '#sandbox/server'
import { parseAmount } from '#shared/domain/money'
import { createBatch } from '../../testing/batches.ts'
import { startCore, until } from '../../testing/core.ts'
import { testHold, unlimitedBudgets } from '../../testing/holds.ts'
import { passThrough } from '../../testing/pass-through.ts'
import { createBatchRunner } from '../batches/runner.ts'
import { createDecisionCaller } from '../decisions/decision-caller.ts'
import { createGateway, type Gateway } from '../gateway/gateway.ts'
import { createTransport } from '../gateway/transport.ts'

const key = 'sk-holds-test-0001'
let service: Sandbox
/** What reached the live profile's service, through a pass-through in front of the sandbox. */
let seen: string[] = []
let front: Awaited<ReturnType<typeof passThrough>>
let frontUrl = ''
let env: Awaited<ReturnType<typeof startCore>>
let profileId = ''

beforeAll(async () => {
  service = await startSandbox({ keys: [key], credits: 1000, timeScale: 0.002, allowPrivateAddresses: true })
  front = await passThrough(service.url)
  seen = front.seen
  frontUrl = front.url
  env = await startCore()
  await env.call('preferences.update', { downloadVideosOnCompletion: false })
  const profile = await env.call('profiles.save', { name: 'Paid', baseUrl: frontUrl })
  await env.call('profiles.setSecret', { profileId: profile.id, secret: 'apiKey', value: key })
  await env.call('profiles.activate', { id: profile.id })
  profileId = profile.id
})
afterAll(async () => {
  await env.core.close()
  await front.close()
  await service.close()
  rmSync(env.userData, { recursive: true, force: true })
  rmSync(`${env.userData}.keychain`, { force: true })
})

/** The gateway's methods that send a request the service bills. */
const billed = [
  'decide',
  'decideNative',
  'generateImage',
  'editImage',
  'createVideo',
  'generateContent',
  'streamGenerateContent',
  'createCache',
  'sendMessage',
  'streamMessage',
] as const
/** Those that cost nothing: reads, a cancel, a delete. */
const free = ['getVideo', 'cancelVideo', 'getCache', 'deleteCache', 'listings']

const faults = (body: object) =>
  fetch(`${service.url}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
const ledger = () =>
  env.core.history.database.db
    .prepare('SELECT feature, cost, estimated, item_id AS itemId FROM spend_entries ORDER BY id')
    .all() as { feature: string; cost: string; estimated: number; itemId: string }[]
const openHolds = () =>
  (env.core.history.database.db.prepare('SELECT count(*) AS n FROM spend_holds').get() as { n: number }).n

describe('an estimate', () => {
  // First in this file: the profile has no catalog kept yet, so an estimate that read one would fetch it.
  it('reads no catalog over the network, with a budget or without', async () => {
    for (const daily of ['100', null]) {
      await env.call('spend.setBudget', { profileId, daily, monthly: null })
      const before = seen.length
      await env.call('videos.create', { request: { model: 'orbit/motion-2', prompt: 'a kite' } })
      expect(seen.slice(before)).toEqual(['POST /v1/videos'])
    }
  })
})

describe('a billed request', () => {
  it('is one of a known list: every method of the gateway is billed or free', () => {
    const gateway = createGateway(
      createTransport({ connection: async () => ({ baseUrl: frontUrl, apiKey: key }) }),
    )
    expect(Object.keys(gateway).sort()).toEqual([...billed, ...free].sort())
  })

  it('is not sent without a hold the budget check made, nor with one already ended', async () => {
    const gateway = createGateway(
      createTransport({ connection: async () => ({ baseUrl: frontUrl, apiKey: key }) }),
    )
    const before = seen.length
    const body = {
      model: 'sysone/judge-1',
      input: 'x',
      questions: [{ type: 'predicate', instructions: 'p' }],
    }
    const made = { profileId: 'p', feature: 'decision', model: 'm', estimate: 0n } as const
    for (const hold of [undefined, made, { ...testHold() }]) {
      await expect(
        gateway.decide(body as never, null, 'unified', { hold: hold as never }),
        String(hold),
      ).rejects.toMatchObject({
        code: 'internal_error',
        message: expect.stringMatching(/without a budget check/),
      })
    }
    // Each billed method with a request it would send, and no hold.
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa65f9f0000000049454e44ae426082',
      'hex',
    )
    const message = {
      model: 'nimbus/chat-4',
      max_tokens: 10,
      messages: [{ role: 'user' as const, content: 'hi' }],
    }
    const content = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }
    const noHold = {} as never
    const calls: Record<(typeof billed)[number], () => Promise<unknown>> = {
      decide: () => gateway.decide(body as never, null, 'unified', noHold),
      decideNative: () =>
        gateway.decideNative(
          { questions: { q: { type: 'predicate', instructions: 'p' } }, state: 'x' } as never,
          null,
          noHold,
        ),
      generateImage: () =>
        gateway.generateImage({ model: 'lumen/image-1', prompt: 'p' }, null, undefined, noHold),
      editImage: () =>
        gateway.editImage(
          { model: 'lumen/image-1-edit', image: png, fileName: 'a.png', prompt: 'p' },
          noHold,
        ),
      createVideo: () => gateway.createVideo({ model: 'orbit/motion-2', prompt: 'p' }, noHold),
      generateContent: () => gateway.generateContent('aurora/flash-2', content as never, noHold),
      streamGenerateContent: () => gateway.streamGenerateContent('aurora/flash-2', content as never, noHold),
      createCache: () =>
        gateway.createCache({ model: 'aurora/flash-2', ttl: '900s', ...content } as never, noHold),
      sendMessage: () => gateway.sendMessage(message, noHold),
      streamMessage: () => gateway.streamMessage(message, noHold),
    }
    for (const method of billed)
      await expect(calls[method](), method).rejects.toMatchObject({ code: 'internal_error' })
    expect(seen.slice(before)).toEqual([])
  })

  it('gets its hold from the budget check alone', () => {
    const root = join(import.meta.dirname, '..', '..', '..')
    const makers = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('testing'))
      .filter((file) => readFileSync(join(root, file), 'utf8').includes('issueHold('))
    expect(makers.sort()).toEqual([
      join('main', 'core', 'spend', 'budgets.ts'),
      join('main', 'core', 'spend', 'hold.ts'),
    ])
  })

  it('does not compile without a hold', () => {
    // Each call below must fail the type check (`tsc -b` runs over the tests): a costly call without a hold.
    const typeOnly = (gateway: Gateway) => {
      // @ts-expect-error: a decision without a hold
      void gateway.decide({ model: 'm', input: 'x', questions: [] }, null, 'unified')
      // @ts-expect-error: an image without a hold
      void gateway.generateImage({ model: 'm', prompt: 'p' }, null, undefined, {})
      // @ts-expect-error: a video without a hold
      void gateway.createVideo({ model: 'm', prompt: 'p' })
      // @ts-expect-error: a turn without a hold
      void gateway.sendMessage({ model: 'm', max_tokens: 1, messages: [] }, { signal: AbortSignal.abort() })
      // @ts-expect-error: a stream without a hold
      void gateway.streamGenerateContent('m', { contents: [] })
      // @ts-expect-error: a cache without a hold
      void gateway.createCache({ model: 'm' })
    }
    expect(typeOnly).toBeTypeOf('function')
  })

  it('holds its estimate in the ledger while it is out, and its entry settles it', async () => {
    await env.call('spend.setBudget', { profileId, daily: '100', monthly: null })
    await faults({ latencyMs: 300 })
    const entries = ledger().length
    const running = env.call('images.generate', {
      model: 'lumen/image-1',
      prompt: 'a lighthouse',
      options: { n: 1, size: '256x256', quality: 'low' },
      provider: 'origin',
    })
    await until(() => openHolds() === 1)
    await running
    await faults({})
    expect(openHolds()).toBe(0)
    expect(ledger().slice(entries)).toEqual([expect.objectContaining({ feature: 'image', estimated: 0 })])
  })
})

describe('what the service billed', () => {
  it('is pending, not nothing, when the process that sent it stopped before its outcome', async () => {
    await env.call('spend.setBudget', { profileId, daily: '1', monthly: null })
    const before = (await env.call('spend.budgets', {})).find((one) => one.profileId === profileId)?.use[0]
      ?.share
    // The row a hold leaves when the app is killed with its request out.
    env.core.history.spend.openHold({
      at: Date.now(),
      profileId,
      feature: 'image',
      model: 'lumen/image-1',
      estimate: parseAmount('0.5'),
    })
    const summary = await env.call('spend.summary', { from: 0, to: Date.now() + 1000, scope: 'active' })
    expect(summary.pending).toEqual({ cost: '0.5', count: 1 })
    const after = (await env.call('spend.budgets', {})).find((one) => one.profileId === profileId)?.use[0]
      ?.share
    expect((after ?? 0) - (before ?? 0)).toBeCloseTo(0.5)
    env.core.history.database.db.exec('DELETE FROM spend_holds')
    await env.call('spend.setBudget', { profileId, daily: null, monthly: null })
  })

  it('is entered at the estimate when the outcome could not be stored', async () => {
    await env.call('spend.setBudget', { profileId, daily: '100', monthly: null })
    const runs = env.core.history.decisionRuns
    const insert = runs.insert
    runs.insert = () => {
      throw new Error('the disk is full')
    }
    const entries = ledger().length
    try {
      await expect(
        env.call('decisions.run', {
          requestId: 'store-fails',
          run: {
            endpoint: 'unified',
            body: {
              model: 'sysone/judge-1',
              input: 'x',
              questions: [{ type: 'predicate', instructions: 'p' }],
            },
          },
        }),
      ).rejects.toMatchObject({ code: 'internal_error' })
    } finally {
      runs.insert = insert
    }
    const [entry] = ledger().slice(entries)
    expect(entry).toMatchObject({
      feature: 'decision',
      estimated: 1,
      itemId: expect.stringMatching(/^hold:/),
    })
    expect(parseAmount(entry?.cost ?? '0')).toBeGreaterThan(0n)
    expect(openHolds()).toBe(0)
  })

  it('enters a batch row the catalog cannot price at its estimate, marked so, and counts it against the cap', async () => {
    const sandbox = env.core.scopes.scopeFor('sandbox')
    // The catalog knows no model: every row is answered and none can be priced.
    const caller = createDecisionCaller({
      gateway: sandbox.gateway,
      catalog: { picks: sandbox.catalog.picks, named: async () => [] },
    })
    const history = env.core.history
    // Rows of a priced batch on the same model: what such rows cost lately, the estimate's ground.
    createBatch(history, { id: 'priced', concurrency: 1, status: 'interrupted' }, 2)
    const priced = createBatchRunner({
      history,
      callerFor: () => env.core.scopes.scopeFor('sandbox').caller,
      emit: () => {},
      budgets: unlimitedBudgets(history),
    })
    await priced.start('priced')
    await until(() => history.decisionBatches.get('priced')?.status === 'done')
    createBatch(history, { id: 'unpriced', concurrency: 1, status: 'interrupted' }, 6)
    const runner = createBatchRunner({
      history,
      callerFor: () => caller,
      emit: () => {},
      budgets: unlimitedBudgets(history),
    })
    await runner.start('unpriced')
    await until(() => history.decisionBatches.get('unpriced')?.status === 'done')
    const items = history.decisionBatches.items('unpriced')
    expect(items.every((item) => item.cost !== null && item.costEstimated === 1)).toBe(true)
    const entries = ledger().filter((entry) => entry.itemId.startsWith('unpriced:'))
    expect(entries).toHaveLength(6)
    expect(entries.every((entry) => entry.estimated === 1 && parseAmount(entry.cost) > 0n)).toBe(true)
  })
})
