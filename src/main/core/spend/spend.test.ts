// One ledger for every billed outcome: a decision, a batch's rows, an image, a video and a playground turn on the
// sandbox each make their entries with the service's cost, in the outcome's own transaction; the totals are exact sums.
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatAmount, parseAmount } from '#shared/domain/money'
import { questionnaire, template } from '../../testing/batches.ts'
import { startCore, until } from '../../testing/core.ts'
import type { SpendRow } from '../history/spend.ts'
import { pathOfEntry, summarize } from './service.ts'

let env: Awaited<ReturnType<typeof startCore>>
beforeAll(async () => {
  env = await startCore({ sandboxTimeScale: 0.002 })
  await env.call('preferences.update', { downloadVideosOnCompletion: false })
})
afterAll(async () => {
  await env.core.close()
  rmSync(env.userData, { recursive: true, force: true })
  rmSync(`${env.userData}.keychain`, { force: true })
})

const day = { from: 0, to: Date.now() + 24 * 60 * 60 * 1000 }
const entries = () => env.core.history.spend.between(day.from, day.to, null)

describe('the spend ledger', () => {
  it('records each billed outcome once, with the cost the service reported', async () => {
    const run = await env.call('decisions.run', {
      run: {
        endpoint: 'unified',
        body: {
          model: 'sysone/judge-1',
          input: 'please refund me',
          questions: [{ type: 'predicate', name: 'refund', instructions: 'Asks for a refund?' }],
        },
      },
    })
    const batch = await env.call('batches.start', {
      questionnaire,
      template,
      inputs: ['one', 'two', 'three'],
      concurrency: 2,
      spendCap: null,
    })
    await until(
      async () => (await env.call('batches.list', {})).find((one) => one.id === batch.id)?.status === 'done',
    )
    const { images } = await env.call('images.generate', {
      model: 'lumen/image-1',
      prompt: 'a lighthouse at dusk',
      options: { n: 2, size: '256x256', quality: 'low' },
      provider: 'origin',
    })
    const job = await env.call('videos.create', {
      request: { model: 'orbit/motion-2', prompt: 'a kite', duration: 3 },
    })
    const done = await until(async () => {
      const detail = await env.call('videos.detail', { id: job.id })
      return detail.job.status === 'completed' ? detail.job : false
    })

    const turn = await env.call('playground.messages', {
      conversationId: 'talk-1',
      body: { model: 'nimbus/chat-4', max_tokens: 200, messages: [{ role: 'user', content: 'Hello there' }] },
    })
    await env.call('streams.messages', {
      requestId: 'streamed-turn',
      conversationId: 'talk-1',
      body: { model: 'nimbus/chat-4', max_tokens: 200, messages: [{ role: 'user', content: 'And again' }] },
    })
    await until(() => entries().filter((entry) => entry.feature === 'playground').length === 2)

    const ledger = entries()
    const of = (feature: SpendRow['feature']) => ledger.filter((entry) => entry.feature === feature)
    // A turn is priced from the usage the service reported, at the model's catalog prices.
    const chat = (await env.call('catalog.model', { id: 'nimbus/chat-4', refresh: false })).model.prices
    const priced = (usage: { input_tokens: number; output_tokens: number }) =>
      formatAmount(
        parseAmount(chat.prompt ?? '0') * BigInt(usage.input_tokens) +
          parseAmount(chat.completion ?? '0') * BigInt(usage.output_tokens),
      )
    expect(of('playground')[0]).toMatchObject({ model: 'nimbus/chat-4', cost: priced(turn.response.usage) })
    // Keyed by main, never by the window's request id.
    expect(of('playground')[1]?.itemId).toMatch(/^talk-1:[0-9a-f-]{36}$/)
    // Its link opens the conversation.
    expect(pathOfEntry(of('playground')[1]!)).toBe('/playground?conversation=talk-1')
    expect(of('decision')).toMatchObject([
      { itemId: run.runId, cost: run.cost, model: 'sysone/judge-1', profileId: 'sandbox' },
    ])
    // Each entry says what was billed: tokens of a decision and a batch row, seconds of a video.
    expect(JSON.parse(of('decision')[0]?.unitsJson ?? '{}')).toMatchObject({
      prompt_tokens: expect.any(Number),
    })
    expect(JSON.parse(of('batch')[0]?.unitsJson ?? '{}')).toMatchObject({ prompt_tokens: expect.any(Number) })
    expect(JSON.parse(of('video')[0]?.unitsJson ?? '{}')).toEqual({ seconds: 3 })
    expect(JSON.parse(of('playground')[0]?.unitsJson ?? '{}')).toMatchObject({
      input_tokens: expect.any(Number),
    })
    const { items } = await env.call('batches.rows', { id: batch.id, from: 0, limit: 400 })
    expect(
      of('batch')
        .map((entry) => entry.cost)
        .sort(),
    ).toEqual(items.map((item) => item.cost).sort())
    expect(of('batch')).toHaveLength(3)
    expect(
      of('image')
        .map((entry) => entry.itemId)
        .sort(),
    ).toEqual(images.map((image) => image.id).sort())
    expect(of('video')).toMatchObject([{ itemId: job.id, cost: done.videoCost }])

    // A duplicate webhook, a restart's poll: the job does not move, and no second entry is made.
    expect(entries()).toHaveLength(ledger.length)
    // Deleting what was bought keeps what it cost.
    await env.call('videos.delete', { id: job.id })
    expect(entries()).toHaveLength(ledger.length)

    const summary = await env.call('spend.summary', { ...day, scope: 'active' })
    const sum = ledger.reduce((total, entry) => total + parseAmount(entry.cost), 0n)
    expect(summary.total).toEqual({ cost: formatAmount(sum), count: ledger.length })
    expect((await env.call('spend.today', {})).cost).toBe(formatAmount(sum))
    expect(summary.top[0]?.path).toMatch(/^\/(videos|images|decisions)\?/)
  })

  it('enters a video the service reported no cost for at its estimate, marked as one', async () => {
    const db = env.core.history.database.db
    const at = Date.now()
    db.prepare(
      `INSERT INTO video_jobs (id, profile_id, model, prompt, mode, status, request_json, created_at, updated_at)
       VALUES ('job-unpriced', 'sandbox', 'orbit/motion-2', 'a kite', 'text2video', 'pending', '{}', ?, ?)`,
    ).run(at, at)
    env.core.history.spend.setVideoEstimate('job-unpriced', parseAmount('0.75'))
    db.prepare("UPDATE video_jobs SET status = 'completed', updated_at = ? WHERE id = 'job-unpriced'").run(
      at + 1,
    )
    expect(entries().filter((entry) => entry.itemId === 'job-unpriced')).toMatchObject([
      { feature: 'video', cost: '0.75', estimated: 1 },
    ])
    const summary = await env.call('spend.summary', { ...day, scope: 'active' })
    expect(summary.estimated).toBe(1)
  })

  it('adds up to the cent whatever the entries: by feature, model and day equal the total', () => {
    const features = ['decision', 'batch', 'image', 'video', 'cache'] as const
    for (let trial = 0; trial < 200; trial++) {
      const rows: SpendRow[] = Array.from({ length: (trial % 37) + 1 }, (_, n) => ({
        at: 1_790_000_000_000 + ((n * 7919 + trial * 104729) % (30 * 86_400_000)),
        profileId: n % 4 === 3 ? null : `p${n % 3}`,
        feature: features[(n + trial) % features.length]!,
        model: `m${(n * trial) % 5}`,
        cost: formatAmount(BigInt((n + 1) * (trial + 3) * 1_234_567) % 10_000_000_000n),
        estimated: 0,
        itemId: `i${n}`,
        unitsJson: '{}',
      }))
      const summary = summarize(rows, 0, 2_000_000_000_000, 'p')
      const total = parseAmount(summary.total.cost)
      expect(total).toBe(rows.reduce((sum, row) => sum + parseAmount(row.cost), 0n))
      for (const parts of [summary.byFeature, summary.byModel, summary.byDay, summary.byProfile])
        expect(parts.reduce((sum, part) => sum + parseAmount(part.cost), 0n)).toBe(total)
    }
  })

  it('draws a day’s range by hour, and a longer one by day', () => {
    const midnight = new Date(2026, 10, 28).getTime()
    const entry = (hour: number): SpendRow => ({
      at: midnight + hour * 3_600_000 + 60_000,
      profileId: 'p',
      feature: 'image',
      model: 'm',
      cost: '0.01',
      estimated: 0,
      itemId: `i${hour}`,
      unitsJson: '{}',
    })
    const rows = [entry(9), entry(9), entry(14)]
    const today = summarize(rows, midnight, midnight + 86_400_000, 'p')
    expect(today.byDay.map((bar) => [bar.day, bar.cost])).toEqual([
      ['2026-11-28 09:00', '0.02'],
      ['2026-11-28 14:00', '0.01'],
    ])
    const week = summarize(rows, midnight - 6 * 86_400_000, midnight + 86_400_000, 'p')
    expect(week.byDay.map((bar) => bar.day)).toEqual(['2026-11-28'])
  })
})
