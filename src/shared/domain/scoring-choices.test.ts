// A choice made in a questionnaire's scores, merged into what is kept: one question's value set or taken out, a
// questionnaire with none left out, the questionnaires changed longest ago dropped past the limit.
import { describe, expect, it } from 'vitest'
import { scoringKept, withScoringChoice } from './scoring-choices.ts'

const costs = { falseYes: 5, falseNo: 1 }

describe('a choice made in the scores, kept', () => {
  it('sets and takes out one question’s value, leaving the others and other questionnaires', () => {
    let kept = withScoringChoice({}, { questionnaire: 'q1', question: 'urgent', kind: 'costs', value: costs })
    kept = withScoringChoice(kept, {
      questionnaire: 'q1',
      question: 'urgent',
      kind: 'thresholds',
      value: 0.42,
    })
    kept = withScoringChoice(kept, { questionnaire: 'q2', question: 'spam', kind: 'thresholds', value: 0.7 })
    expect(kept).toEqual({
      q1: { costs: { urgent: costs }, thresholds: { urgent: 0.42 } },
      q2: { costs: {}, thresholds: { spam: 0.7 } },
    })
    kept = withScoringChoice(kept, { questionnaire: 'q1', question: 'urgent', kind: 'costs', value: null })
    expect(kept.q1).toEqual({ costs: {}, thresholds: { urgent: 0.42 } })
    // A questionnaire left with no choice is not kept at all.
    kept = withScoringChoice(kept, {
      questionnaire: 'q1',
      question: 'urgent',
      kind: 'thresholds',
      value: null,
    })
    expect(Object.keys(kept)).toEqual(['q2'])
  })

  it('drops the questionnaires changed longest ago past the limit, and takes any name as a name', () => {
    let kept = {}
    for (let at = 0; at <= scoringKept; at++)
      kept = withScoringChoice(kept, {
        questionnaire: `q${at}-x`,
        question: 'a',
        kind: 'thresholds',
        value: 0.5,
      })
    // The first one changed again is kept; the second one, now the oldest, goes.
    kept = withScoringChoice(kept, { questionnaire: 'q0-x', question: 'a', kind: 'thresholds', value: 0.6 })
    const names = Object.keys(kept)
    expect(names).toHaveLength(scoringKept)
    expect(names).not.toContain('q1-x')
    expect(names.at(-1)).toBe('q0-x')
    const odd = withScoringChoice(
      {},
      { questionnaire: '__proto__', question: 'constructor', kind: 'costs', value: costs },
    )
    expect(Object.hasOwn(odd, '__proto__')).toBe(true)
    expect(JSON.parse(JSON.stringify(odd))).toEqual(
      JSON.parse('{"__proto__":{"costs":{"constructor":{"falseYes":5,"falseNo":1}},"thresholds":{}}}'),
    )
    expect(({} as Record<string, unknown>).costs).toBeUndefined()
  })
})
