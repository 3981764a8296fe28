// A batch read as an evaluation set: expected columns found by name, cells read by each question's kind, and the
// scores over the rows that have both an answer and an expected one.

import { Buffer } from 'node:buffer'
import { describe, expect, it } from 'vitest'
import type { BatchItem } from '../ipc/routes/batches.ts'
import { answerFigures } from './answer-figures.ts'
import { answerTable, answerWords, joinedTables, tableToJson, unpackedTable } from './answer-table.ts'
import { intervalsOf } from './baseline.ts'
import { batchAnswers, scoringSetOf } from './batch-answers.ts'
import {
  evaluate,
  evaluateTable,
  expectedColumns,
  expectedOf,
  metricOf,
  perRightAnswer,
} from './evaluation-set.ts'
import { nativeIdOf, type QuestionDraft, type Questionnaire } from './questionnaire.ts'

const base = {
  instructions: 'x',
  instructionsAsJson: false,
  criteriaTrue: '',
  criteriaFalse: '',
  choices: [],
  levels: [],
}
const urgent: QuestionDraft = { ...base, id: 'q1', kind: 'predicate', name: 'Urgent' }
const team: QuestionDraft = {
  ...base,
  id: 'q2',
  kind: 'choice',
  name: 'Team',
  choices: ['billing', 'shipping'].map((value) => ({ id: value, value, description: '' })),
}
const tone: QuestionDraft = {
  ...base,
  id: 'q3',
  kind: 'score',
  name: 'Tone',
  levels: ['calm', 'upset', 'furious'].map((label) => ({ id: label, label, description: '' })),
}
const questionnaire: Questionnaire = { id: 'qn', name: 'Triage', questions: [urgent, team, tone] }

function item(
  index: number,
  source: string[],
  yes: number,
  billing: number,
  score: number,
  status: BatchItem['status'] = 'done',
): BatchItem {
  return {
    index,
    input: source[0] ?? '',
    status,
    response:
      status === 'done'
        ? {
            model: 'm',
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
            answers: [
              { type: 'predicate', probability: yes },
              {
                type: 'choice',
                choice: billing >= 0.5 ? 'billing' : 'shipping',
                confidence: 0.5,
                probabilities: [
                  { value: 'billing', probability: billing },
                  { value: 'shipping', probability: 1 - billing },
                ],
              },
              {
                type: 'score',
                score,
                confidence: 0.5,
                legend: {},
                probabilities: [0, 1, 2].map((value) => ({
                  value,
                  label: tone.levels[value]?.label ?? '',
                  probability: value === Math.round(score) ? 0.8 : 0.1,
                })),
              },
            ],
          }
        : null,
    error: null,
    cost: '0.001',
    costEstimated: false,
    durationMs: 10,
    finishedAt: 1,
    source,
    line: index + 2,
    labels: null,
  }
}

describe('an evaluation set', () => {
  const columns = ['text', 'urgent', 'expected team', 'tone_label']

  it('finds each question’s column by the name given, the question’s name or “expected …”', () => {
    expect(expectedColumns(questionnaire, columns, { Tone: 'tone_label' })).toEqual({
      columns: new Map([
        [2, 3],
        [0, 1],
        [1, 2],
      ]),
      problems: [],
    })
    expect(expectedColumns(questionnaire, columns, { Mood: 'x', Tone: 'nope' }).problems).toEqual([
      'No question is called “Mood” (the questions: Urgent, Team, Tone).',
      'No column is called “nope” (the columns: text, urgent, expected team, tone_label).',
    ])
  })

  it('reads a cell by the question’s kind, and names what it cannot read', () => {
    expect(expectedOf(urgent, ' Yes ')).toEqual({ value: true })
    expect(expectedOf(urgent, '0')).toEqual({ value: false })
    expect(expectedOf(urgent, 'maybe')).toEqual({ problem: '“maybe” is not yes or no' })
    expect(expectedOf(team, 'SHIPPING')).toEqual({ value: 'shipping' })
    expect(expectedOf(tone, 'furious')).toEqual({ value: 2 })
    expect(expectedOf(tone, '1')).toEqual({ value: 1 })
    expect(expectedOf(tone, '3')).toEqual({ problem: '“3” is none of the levels' })
    expect(expectedOf(tone, '  ')).toBeNull()
  })

  it('scores the rows with both answers, counting the rest apart', () => {
    const items = [
      item(0, ['a', 'yes', 'billing', 'calm'], 0.9, 0.8, 0.2),
      item(1, ['b', 'no', 'shipping', 'upset'], 0.3, 0.7, 1.1),
      item(2, ['c', 'yes', 'billing', 'furious'], 0.4, 0.6, 0.9),
      item(3, ['d', '', 'bogus', '2'], 0.6, 0.1, 2.0),
      item(4, ['e', 'yes', 'billing', 'calm'], 0, 0, 0, 'failed'),
    ]
    const { columns: found } = expectedColumns(questionnaire, columns, { Tone: 'tone_label' })
    const { questions, rows } = evaluate(questionnaire, items, columns, found, { resamples: 20 })
    const [u, t, s] = questions
    expect([u?.labeled, u?.unlabeled, u?.unreadable]).toEqual([3, 1, []])
    expect(metricOf(u!, 'accuracy')).toBeCloseTo(2 / 3, 12)
    // Its calibration: bins of 0.9 (yes), 0.3 (no) and 0.4 (yes), gaps 0.1, 0.3 and 0.6, a row each.
    expect(metricOf(u!, 'ece')).toBeCloseTo(1 / 3, 12)
    expect(intervalsOf(u!).ece?.value).toBeCloseTo(1 / 3, 12)
    expect(t?.unreadable).toEqual([{ line: 5, problem: '“bogus” is none of the options' }])
    // Row c: billing at 0.6, expected billing; row b: billing at 0.7, expected shipping.
    expect(metricOf(t!, 'accuracy')).toBeCloseTo(2 / 3, 12)
    expect(t?.choice?.confusion).toEqual([
      [2, 0],
      [1, 0],
    ])
    expect(metricOf(s!, 'exact')).toBeCloseTo(3 / 4, 12)
    expect(metricOf(s!, 'mae')).toBeCloseTo((0.2 + 0.1 + 1.1 + 0) / 4, 12)
    expect(metricOf(s!, 'logloss')).toBeUndefined()
    // The row where the model was least sure of its yes or no, first when sorted by the probability it gave.
    expect(rows[0]?.map((row) => [row.line, row.right, row.probability])).toEqual([
      [2, true, 0.9],
      [3, true, 0.7],
      [4, false, 0.6],
    ])
  })

  it('reads a yes or no at the question’s threshold: its words, its scores and its least sure rows', () => {
    const items = [
      item(0, ['a', 'yes', '', ''], 0.9, 0.8, 0.2),
      item(1, ['b', 'no', '', ''], 0.3, 0.7, 1.1),
      item(2, ['c', 'yes', '', ''], 0.4, 0.6, 0.9),
    ]
    const strict = { ...questionnaire, questions: [{ ...urgent, threshold: 0.35 }, team, tone] }
    const found = new Map([[0, 1]])
    const [atHalf] = evaluate(questionnaire, items, columns, found, { resamples: 0 }).questions
    const at035 = evaluate(strict, items, columns, found, { resamples: 0 })
    const [u] = at035.questions
    // At 0.5 row c's 0.4 is a wrong no; at 0.35 it is a right yes.
    expect(metricOf(atHalf!, 'accuracy')).toBeCloseTo(2 / 3, 12)
    expect(metricOf(u!, 'accuracy')).toBeCloseTo(1, 12)
    expect([u?.predicate?.threshold, u?.predicate?.recall.value]).toEqual([0.35, 1])
    expect(at035.rows[0]?.find((row) => row.line === 4)).toMatchObject({ answer: true, right: true })
    const table = answerTable(strict, items, columns)
    expect(answerWords(strict, table, 3)[0]).toEqual(['yes', 'no', 'yes'])
    expect(answerWords(questionnaire, table, 3)[0]).toEqual(['yes', 'no', 'no'])
  })

  it('scores a choice whatever its options are called, those of every object’s too', () => {
    const odd: QuestionDraft = {
      ...team,
      choices: ['__proto__', 'constructor'].map((value) => ({ id: value, value, description: '' })),
    }
    const named = { ...questionnaire, questions: [urgent, odd, tone] }
    const answered = (index: number, expected: string, proto: number) => {
      const one = item(index, ['x', '', expected, ''], 0.5, 0, 0)
      const answers = one.response?.answers
      if (!Array.isArray(answers)) throw new Error('the item is a unified response')
      answers[1] = {
        type: 'choice',
        choice: proto >= 0.5 ? '__proto__' : 'constructor',
        confidence: 0.5,
        // The second row gives `constructor` no probability at all.
        probabilities: [
          { value: '__proto__', probability: proto },
          ...(index === 1 ? [] : [{ value: 'constructor', probability: 1 - proto }]),
        ],
      }
      return one
    }
    const items = [
      answered(0, '__proto__', 0.9),
      answered(1, '__proto__', 0.6),
      answered(2, 'constructor', 0.2),
    ]
    const [choice] = evaluate(named, items, columns, new Map([[1, 2]]), { resamples: 0 }).questions
    expect(choice?.labeled).toBe(3)
    expect(metricOf(choice!, 'accuracy')).toBe(1)
    expect(choice?.choice?.confusion).toEqual([
      [2, 0],
      [0, 1],
    ])
    expect(metricOf(choice!, 'logloss')).toBeCloseTo(-(Math.log(0.9) + Math.log(1) + Math.log(0.8)) / 3, 12)
  })
})

describe('a batch’s answers as a table', () => {
  const columns = ['text', 'urgent', 'expected team', 'tone_label']
  const items = [
    item(0, ['a', 'yes', 'billing', 'calm'], 0.9, 0.8, 0.2),
    item(1, ['b', 'no', 'shipping', 'upset'], 0.3, 0.7, 1.1, 'failed'),
    item(2, ['c', 'yes', 'billing', 'furious'], 0.4, 0.6, 1.9),
  ]

  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

  it('crosses to a worker as main sends it and scores the same there', () => {
    // Main's answer as JSON carries it (its figures packed), then as the page copies it to its scoring worker.
    const packed = batchAnswers(questionnaire, items, columns, base64)
    expect(typeof packed.table.figures).toBe('string')
    const sent = structuredClone(JSON.parse(JSON.stringify(packed)))
    const crossed = scoringSetOf(questionnaire, sent).table
    expect({ ...crossed, cells: [] }).toEqual({ ...answerTable(questionnaire, items, []), cells: [] })
    const found = expectedColumns(questionnaire, columns, { Tone: 'tone_label' }).columns
    expect(evaluateTable(questionnaire, crossed, found, { resamples: 0 })).toEqual(
      evaluate(questionnaire, items, columns, found, { resamples: 0 }),
    )
  })

  it('refuses packed figures that are not as many as the table says, in words', () => {
    const { table } = batchAnswers(questionnaire, items, columns, base64)
    const short = base64(Buffer.from(table.figures, 'base64').subarray(8))
    expect(() => unpackedTable({ ...table, figures: short }, [])).toThrow(
      /came with \d+ bytes of figures where \d+ were due/,
    )
    expect(() => unpackedTable({ ...table, rows: table.rows + 1 }, [])).toThrow(/were due/)
  })

  it('keeps the cells of every row by its index, and only answered rows’ answers', () => {
    const table = answerTable(questionnaire, items, columns)
    expect([...table.index]).toEqual([0, 2])
    expect([...table.line]).toEqual([2, 4])
    expect(table.cells[1]).toEqual(['yes', 'no', 'yes'])
    expect([...(table.answers[0]?.probability ?? [])]).toEqual([0.9, 0.4])
    // A score's options are its levels by position: the probability of the nearest level is at its place.
    expect(table.answers[2]?.options).toEqual(['calm', 'upset', 'furious'])
    expect([...(table.answers[2]?.optionProbabilities ?? [])]).toEqual([0.8, 0.1, 0.1, 0.1, 0.1, 0.8])
  })

  it('reads a native response as its unified twin, and keeps an option the questionnaire does not name', () => {
    const native = items.map((one) => {
      const [yes, choice, score] = (one.response?.answers ?? []) as Extract<
        NonNullable<BatchItem['response']>['answers'],
        unknown[]
      >
      if (
        !yes ||
        !choice ||
        !score ||
        yes.type !== 'predicate' ||
        choice.type !== 'choice' ||
        score.type !== 'score'
      )
        return one
      const response = {
        model: 'm',
        usage: { input_tokens: 1, output_tokens: 1 },
        answers: {
          [nativeIdOf(urgent, 0)]: { noul: yes.probability },
          [nativeIdOf(team, 1)]: {
            choice: choice.choice,
            confidence: choice.confidence,
            probabilities: Object.fromEntries(choice.probabilities.map((p) => [p.value, p.probability])),
          },
          [nativeIdOf(tone, 2)]: {
            score: score.score,
            confidence: score.confidence,
            legend: {},
            probabilities: Object.fromEntries(
              score.probabilities.map((p) => [String(p.value), p.probability]),
            ),
          },
        },
      }
      return { ...one, response: response as BatchItem['response'] }
    })
    expect(answerTable(questionnaire, native, columns)).toEqual(answerTable(questionnaire, items, columns))
    const [first] = items
    const other = {
      ...first,
      response: {
        model: 'm',
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        answers: [
          { type: 'predicate', probability: 0.5 },
          {
            type: 'choice',
            choice: 'returns',
            confidence: 0.5,
            probabilities: [
              { value: 'billing', probability: 0.2 },
              { value: 'returns', probability: 0.8 },
            ],
          },
        ],
      },
    } as BatchItem
    const column = answerTable(questionnaire, [other], columns).answers[1]
    expect(column?.options).toEqual(['billing', 'shipping', 'returns'])
    expect([...(column?.optionProbabilities ?? [])]).toEqual([0.2, Number.NaN, 0.8])
  })

  it('reads the figures a row kept as it reads the response they came from', () => {
    const unknownOption = {
      type: 'choice',
      choice: 'returns',
      confidence: 0.5,
      probabilities: [{ value: 'returns', probability: 0.8 }],
    }
    const moreLevels = {
      type: 'score',
      score: 1,
      confidence: 0.5,
      legend: {},
      probabilities: [0, 1, 2, 3].map((value) => ({ value, probability: 0.25 })),
    }
    const rows: BatchItem[] = [
      item(0, ['a', 'yes', 'billing', 'calm'], 0.9, 0.8, 0.2),
      item(1, ['b', 'no', 'shipping', 'upset'], 0.3, 0.7, 1.1, 'failed'),
      item(2, ['c', 'yes', 'billing', 'furious'], 0.4, 0.6, 1.9),
      ...[unknownOption, moreLevels].map((odd, at) => {
        const one = item(3 + at, ['d', 'no', 'shipping', 'calm'], 0.2, 0.1, 0.4)
        const answers = [...((one.response?.answers ?? []) as object[])]
        answers[at + 1] = odd
        return { ...one, response: { ...one.response, answers } as BatchItem['response'] }
      }),
      // A row without an answer to its last question.
      (() => {
        const one = item(5, ['e', 'yes', 'billing', 'calm'], 0.6, 0.5, 0.7)
        const answers = ((one.response?.answers ?? []) as object[]).slice(0, 2)
        return { ...one, response: { ...one.response, answers } as BatchItem['response'] }
      })(),
    ]
    const figures = rows.map((row) => (row.response ? answerFigures(questionnaire, row.response) : null))
    // Answers naming what the questionnaire has not keep none: their responses are read.
    expect(figures.map((kept) => kept !== null)).toEqual([true, false, true, false, false, true])
    const fromFigures = rows.map((row, at) =>
      figures[at] ? { ...row, figures: figures[at], response: null } : row,
    )
    expect(answerTable(questionnaire, fromFigures, columns)).toEqual(
      answerTable(questionnaire, rows, columns),
    )
    // Figures that do not fit the questionnaire (a row of another's) are not read: the response is.
    const short = rows.map((row, at) => ({ ...row, figures: figures[at]?.subarray(8) ?? null }))
    expect(answerTable(questionnaire, short, columns)).toEqual(answerTable(questionnaire, rows, columns))
    // Two choices of one value: the answer's probability lands where the table places that value, the last.
    const twice: Questionnaire = {
      ...questionnaire,
      questions: [
        urgent,
        {
          ...team,
          choices: ['billing', 'billing', 'shipping'].map((value, at) => ({
            id: `${at}`,
            value,
            description: '',
          })),
        },
        tone,
      ],
    }
    const [first] = rows
    const kept = first?.response ? answerFigures(twice, first.response) : null
    expect(answerTable(twice, [{ ...first, figures: kept, response: null } as BatchItem], columns)).toEqual(
      answerTable(twice, rows.slice(0, 1), columns),
    )
  })

  it('goes through JSON in parts (the shards of a set) and joins back to itself, options and all', () => {
    const rows = [
      item(0, ['a', 'yes', 'billing', 'calm'], 0.9, 0.8, 0.2),
      item(1, ['b', 'no', 'shipping', 'upset'], 0.3, 0.7, 1.1),
      item(2, ['c', 'yes', 'billing', 'furious'], 0.4, 0.6, 1.9),
      item(3, ['d', 'no', 'shipping', 'calm'], 0.2, 0.1, 0.4),
    ]
    const whole = answerTable(questionnaire, rows, columns)
    // Rows 0 and 2 in one shard, 1 and 3 in the other, each numbered from 0 in its own batch.
    const part = (indexes: number[]) =>
      tableToJson(
        answerTable(
          questionnaire,
          indexes.map((index, at) => ({ ...(rows[index] as BatchItem), index: at })),
          [],
        ),
        (at) => indexes[at] ?? at,
      )
    const joined = joinedTables([part([1, 3]), part([0, 2])], whole.cells)
    expect(joined).toEqual(whole)
  })
})

describe('what a right answer costs', () => {
  it('is a row’s cost and time over the share answered right, however few rows were scored', () => {
    // 60 rows cost $0.006 and took 60 s; 5 of them labeled here, 1 answered right: 5 rows per right answer.
    const few = perRightAnswer('0.006', { rows: 60, ms: 60_000 }, 5, 1)
    expect(few?.cost).toBeCloseTo(0.0005, 12)
    expect(few?.ms).toBeCloseTo(5_000, 9)
    // Every row scored, 48 right: the batch's spending over its right answers.
    expect(perRightAnswer('0.006', { rows: 60, ms: 60_000 }, 60, 48)?.cost).toBeCloseTo(0.006 / 48, 12)
  })

  it('is not worked out without a right answer or a row that kept its time', () => {
    expect(perRightAnswer('0.006', { rows: 60, ms: 60_000 }, 5, 0)).toBeNull()
    expect(perRightAnswer('0.006', { rows: 0, ms: 0 }, 5, 1)).toBeNull()
  })
})
