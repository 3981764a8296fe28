// What a batch's scores read of it, through the contract against the embedded sandbox: the labels a person gives
// its rows, its answers in numbers (from each row's kept figures, or its response), and the questionnaire's
// baseline.
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unpackedTable } from '#shared/domain/answer-table'
import { type Questionnaire, toNativeRequest, toUnifiedRequest } from '#shared/domain/questionnaire'
import type { RouteOutput } from '#shared/ipc/routes/index'
import { inputs, questionnaire, template } from '../../testing/batches.ts'
import { startCore, until } from '../../testing/core.ts'

let env: Awaited<ReturnType<typeof startCore>>
beforeAll(async () => {
  env = await startCore()
})
afterAll(() => env.core.close())

/** A batch's answers as the page's scoring worker reads them. */
const tableOf = (answers: RouteOutput<'batches.answers'>) => unpackedTable(answers.table, answers.cells)

/** A finished batch of `asked` over `rows`: its id. */
const run = async (asked: Questionnaire, rows: string[]) => {
  const { id } = await env.call('batches.start', {
    questionnaire: asked,
    template,
    inputs: rows,
    concurrency: 2,
    spendCap: null,
  })
  await settled(id)
  return id
}

/** Each of a batch's rows' labels, as kept. */
const labelsOf = async (id: string) =>
  (await env.call('batches.rows', { id, from: 0, limit: 400 })).items.map((item) => item.labels)

const settled = (id: string) =>
  until(async () => {
    const { batch } = await env.call('batches.get', { id })
    return batch.status !== 'running' && batch
  })

describe('labels', () => {
  it('keeps each row’s labels as given, refuses what the question cannot take, and takes a label back', async () => {
    const started = await env.call('batches.start', {
      questionnaire,
      template,
      inputs: inputs(3),
      concurrency: 2,
      spendCap: null,
    })
    await settled(started.id)
    expect(await env.call('batches.label', { id: started.id, index: 1, question: 0, value: 'Y' })).toEqual({
      labels: { '0': 'yes' },
    })
    const label = (index: number, question: number, value: string) =>
      env.call('batches.label', { id: started.id, index, question, value })
    await expect(label(1, 0, 'maybe')).rejects.toMatchObject({
      code: 'validation_failed',
      message: '“maybe” is not yes or no for this question.',
    })
    await expect(label(9, 0, 'no')).rejects.toMatchObject({ code: 'not_found' })
    await expect(label(1, 4, 'no')).rejects.toMatchObject({ code: 'validation_failed' })
    const { items } = await env.call('batches.rows', { id: started.id, from: 0, limit: 400 })
    expect(items.map((item) => item.labels)).toEqual([null, { '0': 'yes' }, null])
    // The scores read the answers and the labels as numbers and cells, worked out in the data worker.
    const answers = await env.call('batches.answers', { id: started.id })
    const table = tableOf(answers)
    expect([...table.index]).toEqual([0, 1, 2])
    expect([...(table.answers[0]?.probability ?? [])]).toEqual(
      items.map((item) => {
        const [first] = (item.response?.answers ?? []) as { probability?: number }[]
        return first?.probability ?? Number.NaN
      }),
    )
    expect(answers.cells).toEqual([['', 'yes', '']])
    expect(answers).toMatchObject({ labeled: 1, labeledQuestions: [0], timing: { rows: 3 } })
    // Each answered row kept its figures, and they read as its response does.
    const db = new DatabaseSync(join(env.userData, 'history.db'))
    const kept = 'SELECT count(*) AS kept FROM decision_batch_figures WHERE batch_id = ?'
    expect(db.prepare(kept).get(started.id)).toEqual({ kept: 3 })
    db.prepare('DELETE FROM decision_batch_figures WHERE batch_id = ?').run(started.id)
    db.close()
    expect(await env.call('batches.answers', { id: started.id })).toEqual(answers)
    await env.call('batches.label', { id: started.id, index: 1, question: 0, value: null })
    expect(
      (await env.call('batches.rows', { id: started.id, from: 0, limit: 400 })).items[1]?.labels,
    ).toBeNull()
    expect(await env.call('batches.answers', { id: started.id })).toMatchObject({
      labeled: 0,
      cells: [['', '', '']],
    })
    await expect(env.call('batches.answers', { id: 'no-such-batch' })).rejects.toMatchObject({
      code: 'not_found',
    })
  })

  it('starts a new run of a questionnaire with the labels given on its latest run, row by row and question by question', async () => {
    const refund = questionnaire.questions[0] as (typeof questionnaire.questions)[number]
    const choice = {
      ...refund,
      id: 'q2',
      kind: 'choice' as const,
      name: 'team',
      choices: [
        { id: 'c1', value: 'billing', description: '' },
        { id: 'c2', value: 'shipping', description: '' },
      ],
    }
    const set = { ...questionnaire, id: 'carried', questions: [refund, choice] }
    const first = await run(set, ['a', 'b', 'c'])
    await env.call('batches.label', { id: first, index: 0, question: 0, value: 'yes' })
    await env.call('batches.label', { id: first, index: 0, question: 1, value: 'shipping' })
    await env.call('batches.label', { id: first, index: 2, question: 1, value: 'billing' })
    // The same inputs in another order, one new: each labeled input keeps its labels wherever it now stands.
    expect(await labelsOf(await run(set, ['c', 'new', 'a']))).toEqual([
      { '1': 'billing' },
      null,
      { '0': 'yes', '1': 'shipping' },
    ])
    // The questions moved and one's options changed: labels follow each question by its id, and a label that is
    // none of its options now is left behind.
    const edited = {
      ...set,
      questions: [{ ...choice, choices: [{ id: 'c1', value: 'billing', description: '' }] }, refund],
    }
    expect(await labelsOf(await run(edited, ['a', 'c']))).toEqual([{ '1': 'yes' }, { '0': 'billing' }])
    // Another questionnaire's runs give none.
    expect(await labelsOf(await run({ ...set, id: 'other' }, ['a']))).toEqual([null])
  })

  it('gives a label to every run of the questionnaire with the same input at the same row', async () => {
    const [refund] = questionnaire.questions
    const set = { ...questionnaire, id: 'shared' }
    const first = await run(set, ['a', 'b'])
    const second = await run(set, ['a', 'b'])
    const shuffled = await run(set, ['b', 'a'])
    await env.call('batches.label', { id: second, index: 0, question: 0, value: 'yes' })
    await env.call('batches.label', { id: first, index: 1, question: 0, value: 'no' })
    expect(await labelsOf(first)).toEqual([{ '0': 'yes' }, { '0': 'no' }])
    expect(await labelsOf(second)).toEqual([{ '0': 'yes' }, { '0': 'no' }])
    // Another input at that row: not the same row of the set.
    expect(await labelsOf(shuffled)).toEqual([null, null])
    // Taken back on one run, it is taken back on the others.
    await env.call('batches.label', { id: first, index: 0, question: 0, value: null })
    expect((await labelsOf(second))[0]).toBeNull()
    // A run whose question no longer takes the label keeps its own answer; the label given stands where it reads.
    const edited = await run(set, ['a', 'b'])
    const db = new DatabaseSync(join(env.userData, 'history.db'))
    db.prepare('UPDATE decision_batches SET questionnaire_json = ? WHERE id = ?').run(
      JSON.stringify({
        ...set,
        questions: [{ ...refund, kind: 'choice', choices: [{ id: 'c', value: 'x' }] }],
      }),
      edited,
    )
    db.close()
    await env.call('batches.label', { id: first, index: 1, question: 0, value: 'yes' })
    expect(await labelsOf(first)).toEqual([null, { '0': 'yes' }])
    expect((await labelsOf(edited))[1]).toEqual({ '0': 'no' })
  })

  it('refuses answers holding a kept label that is not one', async () => {
    const started = await env.call('batches.start', {
      questionnaire,
      template,
      inputs: inputs(2),
      concurrency: 2,
      spendCap: null,
    })
    await settled(started.id)
    await env.call('batches.label', { id: started.id, index: 0, question: 0, value: 'yes' })
    expect((await env.call('batches.answers', { id: started.id })).cells[0]).toEqual(['yes', ''])
    // The answers are checked against the route where they are made, in the data worker.
    const db = new DatabaseSync(join(env.userData, 'history.db'))
    db.prepare('UPDATE decision_batch_items SET labels_json = ? WHERE batch_id = ? AND idx = 1').run(
      JSON.stringify({ '0': 5 }),
      started.id,
    )
    db.close()
    await expect(env.call('batches.answers', { id: started.id })).rejects.toMatchObject({
      code: 'internal_error',
    })
  })

  it('says a row of the history is damaged when a column holds what it cannot', async () => {
    const started = { id: await run(questionnaire, inputs(2)) }
    const db = new DatabaseSync(join(env.userData, 'history.db'))
    const damage = (sql: string) => db.prepare(sql).run(started.id)
    damage(`UPDATE decision_batch_items SET duration_ms = 'slow' WHERE batch_id = ? AND idx = 1`)
    await expect(env.call('batches.answers', { id: started.id })).rejects.toMatchObject({
      code: 'history_damaged',
      message: expect.stringContaining('(durationMs: not integer or null)'),
    })
    // A whole number past the safe integers is stored as a real: not an integer either.
    damage(`UPDATE decision_batch_items SET duration_ms = 1e20 WHERE batch_id = ? AND idx = 1`)
    await expect(env.call('batches.answers', { id: started.id })).rejects.toMatchObject({
      code: 'history_damaged',
      message: expect.stringContaining('(durationMs: not integer or null)'),
    })
    damage(`UPDATE decision_batch_items SET duration_ms = 5, status = 'maybe' WHERE batch_id = ? AND idx = 1`)
    await expect(env.call('batches.answers', { id: started.id })).rejects.toMatchObject({
      code: 'history_damaged',
      message: expect.stringContaining('(status: not pending, done, failed)'),
    })
    damage(`UPDATE decision_batch_items SET status = 'done' WHERE batch_id = ? AND idx = 1`)
    db.close()
    expect((await env.call('batches.answers', { id: started.id })).timing.rows).toBe(2)
  })
})

describe('runs compared row by row', () => {
  it('counts the rows whose input is not the other run’s at the same place', async () => {
    const rows = ['Where is my parcel?', 'Refund me', 'My login fails']
    const first = await run(questionnaire, rows)
    const again = await run(questionnaire, rows)
    const reversed = await run(questionnaire, [...rows].reverse())
    const shorter = await run(questionnaire, rows.slice(0, 2))
    const differ = (id: string, against: string) => env.call('batches.rowsDiffer', { id, against })
    expect(await differ(again, first)).toEqual({ rows: 0 })
    // The middle row is the same input in both orders.
    expect(await differ(reversed, first)).toEqual({ rows: 2 })
    // A row with none at its place in the other run differs too.
    expect(await differ(first, shorter)).toEqual({ rows: 1 })
    expect(await differ(shorter, first)).toEqual({ rows: 0 })
    await expect(differ(first, 'no-such-batch')).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('a batch’s answer figures', () => {
  it('keeps each answered row’s figures, unified or native, and they read as its response', async () => {
    const draft = { instructionsAsJson: false, criteriaTrue: '', criteriaFalse: '', choices: [], levels: [] }
    const three: Questionnaire = {
      id: 'three',
      name: 'Three',
      questions: [
        { ...draft, id: 'p', kind: 'predicate', name: 'refund', instructions: 'Asks for a refund?' },
        {
          ...draft,
          id: 'c',
          kind: 'choice',
          name: 'team',
          instructions: 'Which team?',
          choices: ['billing', 'shipping'].map((value) => ({ id: value, value, description: '' })),
        },
        {
          ...draft,
          id: 's',
          kind: 'score',
          name: 'urgency',
          instructions: 'How urgent?',
          levels: ['low', 'medium', 'high'].map((label) => ({ id: label, label, description: '' })),
        },
      ],
    }
    const db = new DatabaseSync(join(env.userData, 'history.db'))
    const figures = db.prepare('SELECT figures FROM decision_batch_figures WHERE batch_id = ?')
    for (const call of [
      { endpoint: 'unified', body: toUnifiedRequest(three, '', 'sysone/judge-1') },
      { endpoint: 'native', body: toNativeRequest(three, '', 'sysone/judge-1') },
    ] as const) {
      const started = await env.call('batches.start', {
        questionnaire: three,
        template: call,
        inputs: inputs(6),
        concurrency: 3,
        spendCap: null,
      })
      expect(await settled(started.id)).toMatchObject({ status: 'done', counts: { done: 6 } })
      const answers = await env.call('batches.answers', { id: started.id })
      expect(answers.table.options).toEqual([[], ['billing', 'shipping'], ['low', 'medium', 'high']])
      // Every row kept figures of the questionnaire's size: 2 + 4 + 5 numbers.
      expect(figures.all(started.id).map((row) => (row.figures as Uint8Array).byteLength)).toEqual(
        Array(6).fill(11 * 8),
      )
      // Figures of another size are not read, and neither are none: each row's response is, to the same answer.
      db.prepare('UPDATE decision_batch_figures SET figures = substr(figures, 9) WHERE batch_id = ?').run(
        started.id,
      )
      expect(tableOf(await env.call('batches.answers', { id: started.id }))).toEqual(tableOf(answers))
      db.prepare('DELETE FROM decision_batch_figures WHERE batch_id = ?').run(started.id)
      expect(tableOf(await env.call('batches.answers', { id: started.id }))).toEqual(tableOf(answers))
    }
    db.close()
  })
})

describe('a questionnaire’s baseline', () => {
  it('is one run at a time, replaced by the next one kept, and goes with its batch', async () => {
    const run = async (from = questionnaire) => {
      const started = await env.call('batches.start', {
        questionnaire: from,
        template,
        inputs: inputs(2),
        concurrency: 2,
        spendCap: null,
      })
      await settled(started.id)
      return started.id
    }
    const [first, second] = [await run(), await run()]
    const other = await run({ ...questionnaire, id: 'another-questionnaire' })
    const baselineOf = async (id: string) => (await env.call('batches.get', { id })).baselineId
    expect(await baselineOf(first)).toBeNull()
    expect(await env.call('batches.setBaseline', { id: first, kept: true })).toEqual({ baselineId: first })
    expect([await baselineOf(first), await baselineOf(second), await baselineOf(other)]).toEqual([
      first,
      first,
      null,
    ])
    // Keeping another run replaces it; stopping a run that is not the baseline leaves the baseline as it is.
    await env.call('batches.setBaseline', { id: second, kept: true })
    expect(await env.call('batches.setBaseline', { id: first, kept: false })).toEqual({ baselineId: second })
    await env.call('batches.delete', { id: second })
    expect(await baselineOf(first)).toBeNull()
    // Its rows' figures go with it; the others' stay.
    const db = new DatabaseSync(join(env.userData, 'history.db'), { readOnly: true })
    const kept = db.prepare('SELECT count(*) AS kept FROM decision_batch_figures WHERE batch_id = ?')
    expect([kept.get(first), kept.get(second)]).toEqual([{ kept: 2 }, { kept: 0 }])
    db.close()
    await expect(env.call('batches.setBaseline', { id: second, kept: true })).rejects.toMatchObject({
      code: 'not_found',
    })
  })
})
