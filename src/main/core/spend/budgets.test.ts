// Budgets per profile, checked before every request that costs money. A live profile points at a standalone
// sandbox whose key counts the requests it made, so "not sent" and "sent exactly once" are read from the
// service's side.
import { readFileSync, rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '#sandbox/server'
import { formatAmount, parseAmount } from '#shared/domain/money'
import { questionnaire, template } from '../../testing/batches.ts'
import { startCore, until } from '../../testing/core.ts'
import { createBudgets } from './budgets.ts'
import { closeHold } from './hold.ts'

const key = 'sk-budget-test-0001'
let service: Sandbox
let env: Awaited<ReturnType<typeof startCore>>
let profileId = ''

beforeAll(async () => {
  service = await startSandbox({ keys: [key], credits: 1000, timeScale: 0.002, allowPrivateAddresses: true })
  env = await startCore()
  await env.call('preferences.update', { downloadVideosOnCompletion: false })
  const profile = await env.call('profiles.save', { name: 'Paid', baseUrl: service.url })
  await env.call('profiles.setSecret', { profileId: profile.id, secret: 'apiKey', value: key })
  await env.call('profiles.activate', { id: profile.id })
  profileId = profile.id
})
afterAll(async () => {
  await env.core.close()
  await service.close()
  rmSync(env.userData, { recursive: true, force: true })
  rmSync(`${env.userData}.keychain`, { force: true })
})

const requestsMade = async () => {
  const response = await fetch(`${service.url}/__sandbox/keys/${key}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  return ((await response.json()) as { requests: number }).requests
}
const standing = async () => (await env.call('spend.budgets', {})).find((one) => one.profileId === profileId)!
const setMonthly = (monthly: string | null) =>
  env.call('spend.setBudget', { profileId, daily: null, monthly })
/** Budgets are written to the millionth of a dollar: an amount rounded up to one. */
const millionths = (amount: bigint) => {
  const step = parseAmount('0.000001')
  return formatAmount(((amount + step - 1n) / step) * step)
}
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error,
  )
const image = (extra: { overBudget?: true } = {}) =>
  env.call('images.generate', {
    model: 'lumen/image-1',
    prompt: 'a lighthouse at dusk',
    options: { n: 1, size: '256x256', quality: 'low' },
    provider: 'origin',
    ...extra,
  })
const batchOf = (rows: number) =>
  env.call('batches.start', {
    questionnaire,
    template,
    // The same input on every row: each costs the same, so the row the budget stops at is known.
    inputs: Array.from({ length: rows }, () => 'please refund my order'),
    concurrency: 1,
    spendCap: null,
  })
const batchSettled = (id: string) =>
  until(async () => {
    const { batch } = await env.call('batches.get', { id })
    return batch.status !== 'running' && batch
  }, 30_000)

describe('budgets', () => {
  it('stops the next image, video job and batch row past a monthly budget; an override sends exactly one', async () => {
    await image()
    const first = await batchOf(2)
    await batchSettled(first.id)
    const rowCost = parseAmount(
      (await env.call('batches.rows', { id: first.id, from: 0, limit: 400 })).items[0]?.cost ?? '0',
    )
    const spent = parseAmount((await standing()).spentThisMonth)
    expect(rowCost).toBeGreaterThan(0n)

    // Just above what was spent.
    const budget = millionths(spent + 1n)
    await setMonthly(budget)
    const before = await requestsMade()
    const refused = await refusal(image())
    expect(refused).toMatchObject({ code: 'over_budget' })
    expect((refused as Error).message).toMatch(
      /^This image would cost about \$[\d.]+, and \$0\.0+\d+ is left of this month’s budget of \$[\d.]+ for Paid\.$/,
    )
    expect(
      await refusal(env.call('videos.create', { request: { model: 'orbit/motion-2', prompt: 'a kite' } })),
    ).toMatchObject({
      code: 'over_budget',
      message: expect.stringMatching(/^This video job would cost about \$/),
    })
    expect(await requestsMade()).toBe(before)

    // Send anyway: exactly one request goes, and the override is in the log.
    const forced = await image({ overBudget: true })
    expect(forced.images).toHaveLength(1)
    expect(await requestsMade()).toBe(before + 1)
    expect(readFileSync(env.core.log.file, 'utf8')).toMatch(/budget override: image on lumen\/image-1/)

    // A batch stops at the row the budget cannot hold, and goes on by itself once the budget is raised.
    const now = parseAmount((await standing()).spentThisMonth)
    await setMonthly(millionths(now + (rowCost * 5n) / 2n))
    const second = await batchOf(6)
    const stopped = await batchSettled(second.id)
    expect(stopped).toMatchObject({ status: 'over_budget', counts: { done: 2, pending: 4 } })
    expect(await refusal(env.call('batches.resume', { id: second.id }))).toMatchObject({
      code: 'over_budget',
    })
    await setMonthly(null)
    await until(
      async () => (await env.call('batches.get', { id: second.id })).batch.status === 'done',
      30_000,
    )
    expect((await env.call('batches.get', { id: second.id })).batch.counts.done).toBe(6)
  })

  it('says when a profile passes 80% of a budget, and shows it in the status figures', async () => {
    const cost = parseAmount((await image()).images[0]?.cost ?? '0')
    const spent = parseAmount((await standing()).spentThisMonth)
    const told = () => env.platform.notifications.filter((one) => /budget/.test(one.title))
    const earlier = told().length
    // After one more image of the same cost, the profile has spent 85% of its budget.
    await setMonthly(millionths(((spent + cost) * 100n) / 85n))
    await image()
    // Said by a notification that opens the spending (the words are the rule's, below).
    await until(() => told().length > earlier)
    expect(told().at(-1)).toMatchObject({ path: '/settings?section=spend' })
    const today = await env.call('spend.today', {})
    expect(today.nearBudget).toMatchObject({ period: 'month' })
    expect(today.nearBudget?.share).toBeGreaterThanOrEqual(0.8)
    await setMonthly(null)
  })

  it('never limits the built-in sandbox, and keeps a refused video from holding anything', async () => {
    expect(
      await refusal(env.call('spend.setBudget', { profileId: 'sandbox', daily: '0', monthly: null })),
    ).toMatchObject({
      code: 'validation_failed',
    })
    const sandbox = (await env.call('spend.budgets', {})).find((one) => one.profileId === 'sandbox')
    expect(sandbox).toMatchObject({ limited: false, use: [] })
    // A daily budget of nothing refuses the paid profile's next request, whatever it costs.
    await env.call('spend.setBudget', { profileId, daily: '0', monthly: null })
    expect(await refusal(image())).toMatchObject({ code: 'over_budget' })
    await env.call('profiles.activate', { id: 'sandbox' })
    expect((await image()).images).toHaveLength(1)
    await env.call('profiles.activate', { id: profileId })
    await env.call('spend.setBudget', { profileId, daily: null, monthly: null })
  })
})

describe('the budget rule', () => {
  const at = new Date(2026, 10, 26, 15, 0).getTime()
  function rule(spentNow: { value: bigint }, clock: { now: number }) {
    let preferences = { budgets: {} as Record<string, { daily: string | null; monthly: string | null }> }
    const near: string[] = []
    // The ledger's holds, as rows kept here: the rule is what is under test.
    const holds = new Map<number, { at: number; estimate: bigint }>()
    let nextHold = 1
    const budgets = createBudgets({
      history: {
        spend: {
          spentSince: () => spentNow.value,
          pendingVideoEstimates: () => 0n,
          openHold: (hold: { at: number; estimate: bigint }) => {
            holds.set(nextHold, hold)
            return nextHold++
          },
          endHold: (id: number) => void holds.delete(id),
          heldSince: (_profile: string, from: number) =>
            [...holds.values()]
              .filter((hold) => hold.at >= from)
              .reduce((sum, hold) => sum + hold.estimate, 0n),
        } as never,
      },
      preferences: {
        get: () => preferences as never,
        update: async (change) => {
          preferences = { ...preferences, ...(change as typeof preferences) }
          return preferences as never
        },
      },
      profileName: () => 'Paid',
      near: (notice) => void near.push(notice.title),
      changed: () => {},
      log: { info: () => {} },
      now: () => clock.now,
    })
    return { budgets, near }
  }
  const usd = (text: string) => parseAmount(text)
  const request = (estimate: string, override?: true) => ({
    what: 'This turn',
    feature: 'playground' as const,
    model: 'm',
    estimate: usd(estimate),
    ...(override ? { override } : {}),
  })

  it('counts what is spent, what requests in flight hold and the estimate, and says 80% once a period', async () => {
    const spent = { value: usd('7') }
    const clock = { now: at }
    const { budgets, near } = rule(spent, clock)
    await budgets.set('p', { daily: null, monthly: '10' })
    const first = budgets.hold('p', request('1.5'))
    // 7 spent + 1.5 held + 2 asked passes 10.
    expect(() => budgets.hold('p', request('2'))).toThrow(
      /This turn would cost about \$2\.00, and \$1\.50 is left/,
    )
    spent.value = usd('8.5')
    closeHold(first)
    expect(near).toEqual(['Paid has used 85% of this month’s budget'])
    closeHold(budgets.hold('p', request('0.5')))
    expect(near).toHaveLength(1)
    expect(budgets.allows('p', usd('1.5'))).toBe(true)
    expect(budgets.allows('p', usd('1.6'))).toBe(false)
    // Sent anyway: held like any other.
    const forced = budgets.hold('p', request('3', true))
    expect(budgets.allows('p', usd('0'))).toBe(false)
    closeHold(forced)
    // A new month starts from nothing; past 80% of it, said again.
    clock.now = new Date(2026, 11, 1, 9, 0).getTime()
    spent.value = usd('9')
    closeHold(budgets.hold('p', request('0.1')))
    expect(near).toHaveLength(2)
  })

  it('never limits the built-in sandbox', async () => {
    const { budgets } = rule({ value: usd('1000') }, { now: at })
    expect(budgets.limited('sandbox')).toBe(false)
    await expect(budgets.set('sandbox', { daily: '1', monthly: null })).rejects.toThrow(/never limited/)
    expect(() => closeHold(budgets.hold('sandbox', request('50')))).not.toThrow()
    expect(budgets.use('sandbox')).toEqual([])
  })
})

describe('budget periods on the calendar', () => {
  it('start at local midnight and on the first of the month, in the time zone of the computer', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const { openHistory } = await import('../history/history.ts')
    const zone = process.env.TZ
    // Twelve or thirteen hours ahead of UTC: local midnight is far from UTC's, and the month turns at another time.
    process.env.TZ = 'Pacific/Auckland'
    const folder = await mkdtemp(join(tmpdir(), 'gd-periods-'))
    const history = openHistory(folder)
    try {
      const local = (month: number, day: number, hour: number, minute: number) =>
        new Date(2026, month, day, hour, minute).getTime()
      const enter = (at: number, cost: string, id: string) =>
        history.database.db
          .prepare(
            "INSERT INTO spend_entries (at, profile_id, feature, model, cost, item_id) VALUES (?, 'p', 'image', 'm', ?, ?)",
          )
          .run(at, cost, id)
      enter(local(10, 30, 23, 55), '4', 'before-midnight')
      enter(local(11, 1, 0, 2), '1', 'after-midnight')
      const clock = { now: local(11, 1, 0, 5) }
      let preferences = {
        budgets: { p: { daily: '2' as string | null, monthly: null as string | null } },
      }
      const budgets = createBudgets({
        history,
        preferences: {
          get: () => preferences as never,
          update: async (change) => {
            preferences = { ...preferences, ...(change as typeof preferences) }
            return preferences as never
          },
        },
        profileName: () => 'Paid',
        near: () => {},
        changed: () => {},
        log: { info: () => {} },
        now: () => clock.now,
      })
      // Five minutes past local midnight on the first: only the dollar spent since counts, for the day and the month.
      expect(budgets.allows('p', parseAmount('0.9'))).toBe(true)
      expect(budgets.allows('p', parseAmount('1.1'))).toBe(false)
      preferences = { budgets: { p: { daily: null, monthly: '2' } } }
      expect(budgets.allows('p', parseAmount('0.9'))).toBe(true)
      expect(budgets.allows('p', parseAmount('1.1'))).toBe(false)
      // Seen from two minutes before that midnight, the day (and November) holds the four dollars too.
      clock.now = local(10, 30, 23, 58)
      expect(budgets.allows('p', parseAmount('0.01'))).toBe(false)
      preferences = { budgets: { p: { daily: '10', monthly: null } } }
      expect(budgets.allows('p', parseAmount('4.9'))).toBe(true)
      expect(budgets.allows('p', parseAmount('5.1'))).toBe(false)
    } finally {
      history.close()
      await rm(folder, { recursive: true, force: true })
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })
})
