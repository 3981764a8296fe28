// What comes back to the page of a question's labeled rows: the count of right ones, the ten least sure, and each
// confusion cell's count with its least sure rows, at most a hundred, so a cell of thousands never crosses whole;
// and other runs of the set read against this batch's expected answers.

import { Buffer } from 'node:buffer'
import { describe, expect, it } from 'vitest'
import { answerTable } from '#shared/domain/answer-table'
import { batchAnswers, scoringSet } from '#shared/domain/batch-answers'
import type { LabeledRow } from '#shared/domain/evaluation-set'
import type { BatchItem } from '#shared/ipc/routes/batches'
import {
  cellKey,
  cellRowsShown,
  compareModels,
  figuresOf,
  type ModelToCompare,
  readableRuns,
  readSet,
  type Scored,
  type ScoringCosts,
  type ScoringThresholds,
  scoreInTurn,
  shownRows,
  withThresholds,
} from './batch-scoring.ts'
import { keyOf, type RunsRead, runsBeside, workedFigures } from './batch-scoring-kept.ts'

const row = (index: number, expected: string, answer: string, probability: number): LabeledRow => ({
  index,
  line: index + 2,
  expected,
  answer,
  probability,
  sureness: probability,
  right: expected === answer,
})

describe('the rows shown of a question', () => {
  it('counts each cell whole and keeps its least sure rows, the least sure first', () => {
    const rows = [
      ...Array.from({ length: 250 }, (_, at) => row(at, 'billing', 'billing', 0.5 + (at % 50) / 100)),
      ...Array.from({ length: 30 }, (_, at) => row(250 + at, 'shipping', 'billing', 0.4 + at / 100)),
    ]
    const shown = shownRows(rows)
    expect(shown.right).toBe(250)
    const hit = shown.cells[cellKey('billing', 'billing')]
    expect(hit?.count).toBe(250)
    expect(hit?.rows).toHaveLength(cellRowsShown)
    expect(
      hit?.rows.every((one, at, all) => at === 0 || (all[at - 1]?.probability ?? 0) <= one.probability),
    ).toBe(true)
    // They are its least sure: none left out is less sure than one kept.
    const keptMost = Math.max(...(hit?.rows ?? []).map((one) => one.sureness))
    const leftOut = rows.slice(0, 250).filter((one) => !hit?.rows.includes(one))
    expect(leftOut.every((one) => one.sureness >= keptMost)).toBe(true)
    expect(shown.cells[cellKey('shipping', 'billing')]?.rows).toHaveLength(30)
    expect(shown.leastSure.map((one) => one.index)).toEqual([
      250, 251, 252, 253, 254, 255, 256, 257, 258, 259,
    ])
  })
})

describe('models compared over one set', () => {
  const question = {
    id: 'q1',
    kind: 'predicate' as const,
    name: 'Urgent',
    instructions: 'x',
    instructionsAsJson: false,
    criteriaTrue: '',
    criteriaFalse: '',
    choices: [],
    levels: [],
  }
  const questionnaire = { id: 'qn', name: 'Triage', questions: [question] }
  const items = (yes: number[], expected: string[]): BatchItem[] =>
    yes.map((probability, index) => ({
      index,
      input: `ticket ${index}`,
      status: 'done',
      response: {
        id: 'm',
        model: 'm',
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        answers: [{ type: 'predicate', probability }],
      },
      error: null,
      cost: '0.001',
      costEstimated: false,
      durationMs: 10,
      finishedAt: 1,
      source: [expected[index] ?? ''],
      line: index + 2,
      labels: null,
    }))

  it('reads each run against this batch’s expected answers and names the rows where they differ', () => {
    const here = items([0.9, 0.2, 0.8, 0.1], ['yes', 'no', 'no', 'no'])
    // The other run's own cells are ignored: this batch's expected answers are the set's.
    const other = items([0.9, 0.7, 0.3, 0.1], ['no', 'no', 'no', 'no'])
    const set = scoringSet(questionnaire, here, ['urgent'])
    const [compared] = compareModels(
      set,
      [
        { id: 'cheap', model: 'cheap', spent: '0.004', done: 4, table: null },
        { id: 'dear', model: 'dear', spent: '0.04', done: 4, table: answerTable(questionnaire, other, []) },
      ],
      [[0, 0]],
    )
    expect(compared?.models.map((one) => [one.model, one.accuracy, one.frontier])).toEqual([
      ['cheap', 0.75, true],
      ['dear', 0.75, false],
    ])
    expect(compared?.agreement.kind).toBe('cohen')
    expect(compared?.agreement.differ).toBe(2)
    expect(compared?.agreement.lines).toEqual([3, 4])
  })

  it('keeps what it worked out only for the same choices, and reads a run again once its answers change', () => {
    const set = scoringSet(questionnaire, items([0.9, 0.2, 0.8, 0.1], ['yes', 'no', 'no', 'no']), ['urgent'])
    const packed = (yes: number[]) =>
      batchAnswers(questionnaire, items(yes, ['', '', '', '']), [], (bytes) =>
        Buffer.from(bytes).toString('base64'),
      ).table
    const chosen = (yes: number[]): ModelToCompare[] => [
      { id: 'here', model: 'cheap', spent: '0.004', done: 4, table: null },
      { id: 'there', model: 'dear', spent: '0.04', done: 4, table: packed(yes) },
    ]
    const worked = workedFigures()
    const read: RunsRead = new Map()
    const costly: ScoringCosts = [[0, { falseYes: 50, falseNo: 1 }]]
    const fresh = (yes: number[], costs: ScoringCosts, thresholds: ScoringThresholds = []) =>
      figuresOf(withThresholds(set, thresholds), [[0, 0]], readableRuns(chosen(yes)), costs).scored
    const asked = (yes: number[], costs: ScoringCosts, thresholds: ScoringThresholds = []) =>
      figuresOf(withThresholds(set, thresholds), [[0, 0]], runsBeside(chosen(yes), read, worked), costs, {
        key: keyOf([[0, 0]], costs, thresholds),
        worked,
      }).scored
    const first = [0.9, 0.7, 0.3, 0.1]
    expect(asked(first, [])).toEqual(fresh(first, []))
    // Other costs of errors: other best thresholds, for this batch and the run beside it.
    expect(asked(first, costly)).toEqual(fresh(first, costly))
    expect(asked(first, costly)).not.toEqual(fresh(first, []))
    // Another threshold: other answers, for both.
    expect(asked(first, costly, [[0, 0.85]])).toEqual(fresh(first, costly, [[0, 0.85]]))
    expect(asked(first, costly, [[0, 0.85]])).not.toEqual(fresh(first, costly))
    // The run beside it answered otherwise (a row retried): read again, not as it was.
    const again = asked([0.1, 0.9, 0.9, 0.9], costly)
    expect(again).toEqual(fresh([0.1, 0.9, 0.9, 0.9], costly))
    expect(again.compared?.[0]?.models[1]?.accuracy).toBe(0)
    // Let go, it is kept as read and worked out; chosen again, it is read as it answered last.
    const kept = read.get('there')
    runsBeside(chosen(first).slice(0, 1), read, worked)
    expect(read.get('there')).toBe(kept)
    expect(worked.runs.has('there')).toBe(true)
    expect(asked([0.1, 0.9, 0.9, 0.9], costly)).toEqual(again)
  })

  it('compares this batch by its own figures, as if worked out again, and gives each model its best threshold', () => {
    const set = scoringSet(questionnaire, items([0.9, 0.2, 0.8, 0.1], ['yes', 'no', 'no', 'no']), ['urgent'])
    const models = [
      { id: 'cheap', model: 'cheap', spent: '0.004', done: 4, table: null },
      {
        id: 'dear',
        model: 'dear',
        spent: '0.04',
        done: 4,
        table: answerTable(questionnaire, items([0.9, 0.7, 0.3, 0.1], ['no', 'no', 'no', 'no']), []),
      },
    ]
    const costly: ScoringCosts = [[0, { falseYes: 50, falseNo: 1 }]]
    const { scored } = figuresOf(set, [[0, 0]], models, costly)
    expect(scored.compared).toEqual(compareModels(set, models, [[0, 0]], undefined, costly))
    const [urgent] = scored.compared ?? []
    expect(urgent?.models.map((one) => one.accuracy)).toEqual([0.75, 0.75])
    // Each model's best threshold is its own, of least cost: above every no it gave, so no wrong yes.
    const [cheap, dear] = urgent?.models ?? []
    expect(cheap?.best).toMatchObject({ accuracy: 1, cost: 0 })
    expect(cheap?.best?.threshold).toBeGreaterThan(0.8)
    expect(dear?.best).toMatchObject({ accuracy: 1, cost: 0 })
    expect(dear?.best?.threshold).toBeGreaterThan(0.7)
    // Without costs it is the threshold of the best F1, and says no cost.
    const [byF1] = compareModels(set, models, [[0, 0]])
    expect(byF1?.models.map((one) => one.best?.cost)).toEqual([null, null])
  })

  it('ranks a yes or no by its distance from the question’s threshold, least sure first', async () => {
    const strict = { ...questionnaire, questions: [{ ...question, threshold: 0.7 }] }
    const told: Scored[] = []
    await scoreInTurn(
      scoringSet(strict, items([0.72, 0.3, 0.95, 0.05], ['yes', 'no', 'yes', 'no']), ['urgent']),
      [[0, 0]],
      (scored) => told.push(scored),
      () => false,
      [],
    )
    // A yes at 0.72 is just past the threshold; a no at 0.3, though the model gave it 70%, is far below it.
    expect(told[0]?.rows[0]?.leastSure.map((one) => [one.line, one.answer])).toEqual([
      [2, true],
      [3, false],
      [4, true],
      [5, false],
    ])
  })

  it('says what changed since the baseline: a score out of its interval, and the rows answered otherwise', async () => {
    const expected = Array.from({ length: 8 }, () => 'yes')
    const baseline = items(
      Array.from({ length: 8 }, () => 0.9),
      expected,
    )
    const here = items([0.9, 0.9, 0.9, 0.9, 0.1, 0.1, 0.1, 0.1], expected)
    const told: Scored[] = []
    await scoreInTurn(
      scoringSet(questionnaire, here, ['urgent']),
      [[0, 0]],
      (scored) => told.push(scored),
      () => false,
      [],
      { id: 'base', model: 'base', spent: '0.008', done: 8, table: answerTable(questionnaire, baseline, []) },
    )
    const since = told.at(-1)?.since
    expect(since).toMatchObject({ flipped: 4, rows: 4, byQuestion: [['Urgent', 4]] })
    expect(since?.flips.map((flip) => [flip.line, flip.before, flip.after, flip.nowRight])).toEqual([
      [6, 'yes', 'no', false],
      [7, 'yes', 'no', false],
      [8, 'yes', 'no', false],
      [9, 'yes', 'no', false],
    ])
    const accuracy = since?.changes.find((change) => change.metric === 'accuracy')
    expect(accuracy).toMatchObject({ question: 'Urgent', after: 0.5, worse: true })
    expect(accuracy?.before.value).toBe(1)
    // The figures came first, without it; it came last.
    expect(told[0]?.since).toBeNull()
  })

  it('reads the baseline at this run’s threshold, not the one it was run at', async () => {
    const expected = ['yes', 'yes', 'no', 'no']
    // This run read from 0.425; the baseline was run at the questionnaire's 0.5. Read at 0.425 too, the baseline
    // said yes to the third row and this run no; read at its own 0.5 it would have said no to the second.
    const lowered = { ...questionnaire, questions: [{ ...question, threshold: 0.425 }] }
    const told: Scored[] = []
    await scoreInTurn(
      scoringSet(lowered, items([0.9, 0.45, 0.42, 0.1], expected), ['urgent']),
      [[0, 0]],
      (scored) => told.push(scored),
      () => false,
      [],
      {
        id: 'base',
        model: 'base',
        spent: '0.004',
        done: 4,
        table: answerTable(questionnaire, items([0.9, 0.43, 0.44, 0.1], expected), []),
      },
    )
    expect(
      told.at(-1)?.since?.flips.map((flip) => [flip.line, flip.before, flip.after, flip.nowRight]),
    ).toEqual([[4, 'yes', 'no', true]])
  })

  it('reads no change against a baseline figure of no width (one labeled row)', async () => {
    const expected = ['yes', '', '', '']
    const told: Scored[] = []
    await scoreInTurn(
      scoringSet(questionnaire, items([0.1, 0.5, 0.5, 0.5], expected), ['urgent']),
      [[0, 0]],
      (scored) => told.push(scored),
      () => false,
      [],
      {
        id: 'base',
        model: 'base',
        spent: '0',
        done: 4,
        table: answerTable(questionnaire, items([0.9, 0.5, 0.5, 0.5], expected), []),
      },
    )
    const metrics = told.at(-1)?.since?.changes.map((change) => change.metric)
    // A proportion's interval (Wilson's) is wide even of one row; a bootstrap of one row has no width.
    expect(metrics).toContain('accuracy')
    expect(metrics).not.toContain('brier')
  })

  it('picks the threshold of least cost when a wrong yes and a wrong no are given a cost, else by F1', () => {
    const expected = ['yes', 'no', 'yes', 'no', 'yes', 'no', 'no', 'no']
    const set = scoringSet(questionnaire, items([0.9, 0.8, 0.7, 0.6, 0.4, 0.3, 0.2, 0.1], expected), [
      'urgent',
    ])
    const best = (costs: [number, { falseYes: number; falseNo: number }][]) =>
      figuresOf(set, [[0, 0]], [], costs).scored.questions[0]?.predicate?.best
    // By F1: yes from 0.4 (precision 3/5, recall 1). A wrong yes ten times a wrong no: yes only at 0.9.
    expect(best([])).toMatchObject({ threshold: 0.4, cost: null })
    expect(best([[0, { falseYes: 10, falseNo: 1 }]])).toMatchObject({
      threshold: 0.9,
      cost: 2,
      falsePositives: 0,
      falseNegatives: 2,
    })
  })

  it('says why answers that do not add up cannot be read, and leaves out only the run they are of', () => {
    const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
    const answers = batchAnswers(questionnaire, items([0.9, 0.2], ['yes', 'no']), ['urgent'], base64)
    const cut = { ...answers, table: { ...answers.table, rows: answers.table.rows + 1 } }
    expect(readSet({ questionnaire, answers })).toMatchObject({ unreadable: null })
    expect(readSet({ questionnaire, answers: cut })).toEqual({
      set: null,
      unreadable: expect.stringMatching(/bytes of figures where \d+ were due/),
    })
    const runs = readableRuns([
      { id: 'whole', model: 'whole', spent: '0.002', done: 2, table: answers.table },
      { id: 'cut', model: 'cut', spent: '0.002', done: 2, table: cut.table },
      { id: 'this one', model: 'this one', spent: '0.002', done: 2, table: null },
    ])
    expect(runs.map((one) => one.model)).toEqual(['whole', 'this one'])
  })
})
