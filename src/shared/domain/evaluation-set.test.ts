// A batch read as an evaluation set: expected columns found by name, cells read by each question's kind, and the
// scores over the rows that have both an answer and an expected one.
import { describe, expect, it } from 'vitest'
import type { BatchItem } from '../ipc/routes/batches.ts'
import { evaluate, expectedColumns, expectedOf, metricOf } from './evaluation-set.ts'
import type { QuestionDraft, Questionnaire } from './questionnaire.ts'

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
})
