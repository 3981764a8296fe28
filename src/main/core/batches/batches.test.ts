// Batches through the contract against the embedded sandbox: limits, cancel and resume, restart, spend cap,
// failures and retry, export.
import { mkdtemp, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { batchLimits, parseCsv } from '#shared/domain/batch-inputs'
import { parseAmount } from '#shared/domain/money'
import { createBatch, inputs, questionnaire, template } from '../../testing/batches.ts'
import { startCore, until } from '../../testing/core.ts'
import { unlimitedBudgets } from '../../testing/holds.ts'
import { createDecisionCaller } from '../decisions/decision-caller.ts'
import { openHistory } from '../history/history.ts'
import { createBatchRunner } from './runner.ts'

let env: Awaited<ReturnType<typeof startCore>>
beforeAll(async () => {
  env = await startCore()
})
afterAll(() => env.core.close())

const settled = (id: string) =>
  until(async () => {
    const { batch } = await env.call('batches.get', { id })
    return batch.status !== 'running' && batch
  })

describe('decision batches', () => {
  it('runs every input, keeps the answers and exports them as CSV and JSON', async () => {
    const started = await env.call('batches.start', {
      questionnaire,
      template,
      inputs: inputs(12),
      concurrency: 4,
      spendCap: null,
    })
    const batch = await settled(started.id)
    expect(batch).toMatchObject({ status: 'done', counts: { total: 12, done: 12, failed: 0, pending: 0 } })
    // The person is told, and the notification opens the batch.
    expect(
      await until(() => env.platform.notifications.find((one) => one.path?.endsWith(`batch=${started.id}`))),
    ).toMatchObject({
      title: 'Batch done',
      body: 'Triage',
      path: `/decisions?view=batch&batch=${started.id}`,
    })
    const { items } = await env.call('batches.rows', { id: started.id, from: 0, limit: 400 })
    expect(items.every((item) => item.response && item.cost)).toBe(true)
    // The head is the batch without its rows; they are read a range at a time, in the data worker: the same
    // rows, in order, none twice.
    expect(await env.call('batches.get', { id: started.id })).not.toHaveProperty('items')
    const ranges = await Promise.all(
      [0, 5, 10].map((from) => env.call('batches.rows', { id: started.id, from, limit: 5 })),
    )
    expect(ranges.map((range) => range.items.length)).toEqual([5, 5, 2])
    expect(ranges.flatMap((range) => range.items)).toEqual(items)
    expect((await env.call('batches.rows', { id: started.id, from: 12, limit: 5 })).items).toEqual([])
    await expect(
      env.call('batches.rows', { id: started.id, from: 0, limit: batchLimits.rowsPerRead + 1 }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
    })
    await expect(env.call('batches.rows', { id: 'no-such-batch', from: 0, limit: 5 })).rejects.toMatchObject({
      code: 'not_found',
    })
    expect(parseAmount(batch.spent)).toBe(
      items.reduce((sum, item) => sum + parseAmount(item.cost ?? '0'), 0n),
    )

    const csvPath = join(env.userData, 'out.csv')
    env.platform.dialogAnswers.push(csvPath)
    expect(await env.call('batches.export', { id: started.id, format: 'csv' })).toEqual({ savedTo: csvPath })
    const rows = parseCsv(await readFile(csvPath, 'utf8'))
    // Two columns per question, value and number apart; the status in the screen's words.
    expect(rows[0]).toEqual([
      'row',
      'line',
      'input',
      'status',
      'refund',
      'refund: probability of yes',
      'cost_usd',
      'cost_estimated',
      'error',
    ])
    expect(rows).toHaveLength(13)
    expect(rows[1]?.[3]).toBe('answered')
    expect(rows[1]?.[4]).toMatch(/^(yes|no)$/)
    expect(Number(rows[1]?.[5])).toBeGreaterThanOrEqual(0)
    expect(Number(rows[1]?.[5])).toBeLessThanOrEqual(1)
    const jsonPath = join(env.userData, 'out.json')
    env.platform.dialogAnswers.push(jsonPath)
    await env.call('batches.export', { id: started.id, format: 'json' })
    const json = JSON.parse(await readFile(jsonPath, 'utf8'))
    expect(json.items).toHaveLength(12)
    expect(json.items[0].answers[0].probability).toBeTypeOf('number')
  })

  it('cancels, keeps unfinished rows pending, and resumes them without running a row twice', async () => {
    const started = await env.call('batches.start', {
      questionnaire,
      template,
      inputs: inputs(60),
      concurrency: 1,
      spendCap: null,
    })
    await until(async () => (await env.call('batches.get', { id: started.id })).batch.counts.done >= 3)
    const cancelled = await env.call('batches.cancel', { id: started.id })
    expect(cancelled.status).toBe('cancelled')
    expect(cancelled.counts.pending).toBeGreaterThan(0)
    const resumed = await env.call('batches.resume', { id: started.id })
    expect(resumed.status).toBe('running')
    const batch = await settled(started.id)
    expect(batch.counts).toEqual({ total: 60, done: 60, failed: 0, pending: 0 })
  })

  it('stops at the spend cap and goes on when the cap is raised', async () => {
    const started = await env.call('batches.start', {
      questionnaire,
      template,
      inputs: inputs(20),
      concurrency: 2,
      spendCap: '0.00001',
    })
    const capped = await settled(started.id)
    expect(capped.status).toBe('capped')
    // Said alone, or with a batch that ended just before it (one notification for what ends together).
    expect(
      await until(() =>
        env.platform.notifications.find((one) => /stopped at (its spend cap|the cap)/.test(one.title)),
      ),
    ).toBeTruthy()
    expect(parseAmount(capped.spent) <= parseAmount('0.00001')).toBe(true)
    expect(capped.counts.pending).toBeGreaterThan(0)
    // A cap the next row cannot fit under would stop it again before any row: that is said, and nothing runs.
    for (const spendCap of [capped.spent, '0'])
      await expect(env.call('batches.resume', { id: started.id, spendCap })).rejects.toMatchObject({
        code: 'validation_failed',
        message: expect.stringContaining('stops it before any of the'),
      })
    expect((await env.call('batches.get', { id: started.id })).batch.counts.done).toBe(capped.counts.done)
    await env.call('batches.resume', { id: started.id, spendCap: null })
    expect((await settled(started.id)).counts.done).toBe(20)
  }, 20_000)

  it('marks rows the service refuses as failed, with the reason, and retries one row', async () => {
    const image = [
      { role: 'user' as const, content: [{ type: 'input_image' as const, image_url: 'https://x/y.png' }] },
    ]
    const started = await env.call('batches.start', {
      questionnaire,
      template,
      inputs: ['refund please', image, 'all good'],
      concurrency: 2,
      spendCap: null,
    })
    const batch = await settled(started.id)
    expect(batch.counts).toMatchObject({ done: 2, failed: 1 })
    const failed = (await env.call('batches.rows', { id: started.id, from: 0, limit: 400 })).items.find(
      (i) => i.status === 'failed',
    )
    expect(failed?.index).toBe(1)
    expect(failed?.error?.message).toContain('cannot read')
    await env.call('batches.retry', { id: started.id, index: 1 })
    expect((await settled(started.id)).counts.failed).toBe(1)
    await expect(env.call('batches.retry', { id: started.id, index: 0 })).rejects.toMatchObject({
      message: 'There is no failed row to retry.',
    })
  })

  it('refuses a range holding a row whose kept response is not one, and reads the others', async () => {
    const started = await env.call('batches.start', {
      questionnaire,
      template,
      inputs: inputs(8),
      concurrency: 4,
      spendCap: null,
    })
    await settled(started.id)
    const { items } = await env.call('batches.rows', { id: started.id, from: 0, limit: 8 })
    // The rows are checked against the route where they are made, in the data worker: a response kept in the
    // history that is not one never reaches the window.
    const db = new DatabaseSync(join(env.userData, 'history.db'))
    db.prepare('UPDATE decision_batch_items SET response_json = ? WHERE batch_id = ? AND idx = 2').run(
      JSON.stringify({ answers: 'not a list' }),
      started.id,
    )
    db.close()
    await expect(env.call('batches.rows', { id: started.id, from: 0, limit: 4 })).rejects.toMatchObject({
      code: 'internal_error',
    })
    expect((await env.call('batches.rows', { id: started.id, from: 3, limit: 5 })).items).toEqual(
      items.slice(3),
    )
  })

  it('never has more requests in flight than the limit, and reaches it', async () => {
    const history = openHistory(await mkdtemp(join(env.userData, 'runner-')))
    const caller = createDecisionCaller({
      gateway: env.core.scopes.scopeFor('sandbox').gateway,
      catalog: env.core.scopes.scopeFor('sandbox').catalog,
    })
    let most = 0
    const runner = createBatchRunner({
      history,
      callerFor: () => caller,
      emit: () => {},
      budgets: unlimitedBudgets(history),
      onInFlight: (_, count) => {
        most = Math.max(most, count)
      },
    })
    createBatch(history, { id: 'b1', concurrency: 5, status: 'interrupted' }, 80)
    await runner.start('b1')
    await until(() => history.decisionBatches.get('b1')?.status === 'done')
    expect(most).toBe(5)
    expect(history.decisionBatches.counts('b1').done).toBe(80)
    history.close()
  })
})

describe('a batch across a restart', () => {
  it('reads as interrupted after the app stopped mid-batch, and resumes the rows left', async () => {
    const first = await startCore()
    const started = await first.call('batches.start', {
      questionnaire,
      template,
      inputs: inputs(80),
      concurrency: 1,
      spendCap: null,
    })
    await until(async () => (await first.call('batches.get', { id: started.id })).batch.counts.done >= 2)
    await first.core.close()
    const second = await startCore({ userData: first.userData })
    try {
      const { batch } = await second.call('batches.get', { id: started.id })
      expect(batch.status).toBe('interrupted')
      expect(batch.counts.pending).toBeGreaterThan(0)
      await second.call('batches.resume', { id: started.id })
      const done = await until(async () => {
        const { batch } = await second.call('batches.get', { id: started.id })
        return batch.status === 'done' && batch
      }, 20_000)
      expect(done.counts).toEqual({ total: 80, done: 80, failed: 0, pending: 0 })
    } finally {
      await second.core.close()
    }
  })

  it('keeps a CSV source’s columns with each row, and exports them in the file’s order', async () => {
    const rows = [
      ['T-1', 'refund please, charged twice', 'gold'],
      ['T-2', 'where is my parcel', 'basic'],
    ]
    const started = await env.call('batches.start', {
      questionnaire,
      template,
      inputs: rows.map((row) => row[1] ?? ''),
      concurrency: 2,
      spendCap: null,
      source: { columns: ['ticket', 'message', 'plan'], rows },
      // An empty line between them in the file.
      lines: [2, 4],
    })
    await settled(started.id)
    const { batch } = await env.call('batches.get', { id: started.id })
    const { items } = await env.call('batches.rows', { id: started.id, from: 0, limit: 400 })
    expect(batch.sourceColumns).toEqual(['ticket', 'message', 'plan'])
    expect(items.map((item) => item.source)).toEqual(rows)
    const csvPath = join(env.userData, 'source.csv')
    env.platform.dialogAnswers.push(csvPath)
    await env.call('batches.export', { id: started.id, format: 'csv' })
    const exported = parseCsv(await readFile(csvPath, 'utf8'))
    expect(exported[0]?.slice(0, 6)).toEqual(['row', 'line', 'ticket', 'message', 'plan', 'status'])
    expect(exported[1]?.slice(0, 6)).toEqual([
      '1',
      '2',
      'T-1',
      'refund please, charged twice',
      'gold',
      'answered',
    ])
    expect(exported[2]?.slice(0, 2)).toEqual(['2', '4'])
    await expect(
      env.call('batches.start', {
        questionnaire,
        template,
        inputs: ['one'],
        concurrency: 1,
        spendCap: null,
        source: { columns: ['a'], rows: [] },
      }),
    ).rejects.toMatchObject({ code: 'validation_failed' })
  })
})
