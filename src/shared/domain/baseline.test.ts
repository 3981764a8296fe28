// What changed since a baseline: a score reads as better or worse only beyond the baseline's interval, never
// from an interval of no width or a figure of no rows; and each row whose answer flipped is listed.
import { describe, expect, it } from 'vitest'
import { type BaselineFigures, changesSince } from './baseline.ts'
import type { Evaluation } from './evaluation-set.ts'

const estimate = (value: number, low: number, high: number) => ({ value, low, high })

/** An evaluation of one choice question as `changesSince` reads it: its accuracy and log loss, and its rows. */
function evaluation(
  accuracy: { value: number; low: number; high: number },
  logLoss: { value: number; low: number; high: number },
  answers: string[],
): Evaluation {
  return {
    questions: [{ title: 'team', choice: { accuracy, logLoss, calibrationError: null } }],
    rows: [
      answers.map((answer, index) => ({
        index,
        line: index + 2,
        answer,
        expected: 'billing',
        right: answer === 'billing',
      })),
    ],
  } as unknown as Evaluation
}

const baseline: BaselineFigures = {
  models: [
    {
      model: 'judge',
      questions: [
        {
          question: 'team',
          intervals: { accuracy: estimate(0.608, 0.519, 0.691), logloss: estimate(0.9, 0.8, 1.0) },
          rows: ['billing', 'shipping', 'billing'].map((answer, index) => ({
            index,
            line: index + 2,
            answer,
            expected: 'billing',
          })),
        },
      ],
    },
  ],
}

describe('what changed since the baseline', () => {
  it('reads a score beyond the baseline’s interval as better or worse, and one within it as unchanged', () => {
    const { changes } = changesSince(baseline, [
      {
        model: 'judge',
        evaluation: evaluation(estimate(0.7, 0.61, 0.77), estimate(1.2, 1.1, 1.3), ['billing']),
      },
    ])
    expect(changes.map(({ metric, worse, after }) => ({ metric, worse, after }))).toEqual([
      { metric: 'accuracy', worse: false, after: 0.7 },
      { metric: 'logloss', worse: true, after: 1.2 },
    ])
    const within = changesSince(baseline, [
      { model: 'judge', evaluation: evaluation(estimate(0.65, 0.56, 0.73), estimate(0.95, 0.85, 1.05), []) },
    ])
    expect(within.changes).toEqual([])
  })

  it('reads no change from a figure of no rows, nor against an interval of no width', () => {
    const none = changesSince(baseline, [
      {
        model: 'judge',
        evaluation: evaluation(
          estimate(Number.NaN, Number.NaN, Number.NaN),
          estimate(Number.NaN, Number.NaN, Number.NaN),
          [],
        ),
      },
    ])
    expect(none.changes).toEqual([])
    const flat: BaselineFigures = {
      models: [
        {
          model: 'judge',
          questions: [{ question: 'team', intervals: { accuracy: estimate(1, 1, 1) }, rows: [] }],
        },
      ],
    }
    expect(
      changesSince(flat, [
        { model: 'judge', evaluation: evaluation(estimate(0.5, 0.4, 0.6), estimate(1, 0.9, 1.1), []) },
      ]).changes,
    ).toEqual([])
  })

  it('lists each row whose answer flipped, and whether it is right now', () => {
    const { flips } = changesSince(baseline, [
      {
        model: 'judge',
        evaluation: evaluation(estimate(0.65, 0.56, 0.73), estimate(0.95, 0.85, 1.05), [
          'billing',
          'billing',
          'account',
        ]),
      },
    ])
    expect(flips.map(({ index, before, after, nowRight }) => ({ index, before, after, nowRight }))).toEqual([
      { index: 1, before: 'shipping', after: 'billing', nowRight: true },
      { index: 2, before: 'billing', after: 'account', nowRight: false },
    ])
  })
})
