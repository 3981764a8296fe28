// A batch read as an evaluation set: expected columns found by name, cells read by each question's kind, and the
// scores over the rows that have both an answer and an expected one.

import { describe, expect, it } from 'vitest'
import { item, questionnaire, team, tone, urgent } from '../testing/triage-batch.ts'
import { answerTable, answerWords } from './answer-table.ts'
import { intervalsOf } from './baseline.ts'
import { evaluate, expectedColumns, expectedOf, metricOf, perRightAnswer } from './evaluation-set.ts'
import type { QuestionDraft } from './questionnaire.ts'

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
