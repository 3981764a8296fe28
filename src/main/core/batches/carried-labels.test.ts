import { describe, expect, it } from 'vitest'
import type { Questionnaire } from '#shared/domain/questionnaire'
import { carriedLabels } from './carried-labels.ts'

const question = {
  id: 'q1',
  kind: 'predicate' as const,
  name: 'refund',
  instructions: 'Asks for a refund?',
  instructionsAsJson: false,
  criteriaTrue: '',
  criteriaFalse: '',
  choices: [],
  levels: [],
}
const set: Questionnaire = { id: 'triage', name: 'Triage', questions: [question] }

describe('labels carried to a new run', () => {
  it('takes each input’s first labels that read, and leaves out the rows whose labels do not', () => {
    const labeled = [
      { inputJson: '"a"', labelsJson: 'not json' },
      { inputJson: '"b"', labelsJson: '{"0":"Y"}' },
      { inputJson: '"b"', labelsJson: '{"0":"no"}' },
      { inputJson: '"c"', labelsJson: '{"0":"maybe"}' },
      { inputJson: '"d"', labelsJson: '{"0":5}' },
    ]
    expect([...carriedLabels(set, set, labeled, ['"a"', '"b"', '"c"', '"d"', '"e"'])]).toEqual([
      [1, '{"0":"yes"}'],
    ])
  })

  it('carries none when no question is the same one', () => {
    const other = { ...set, questions: [{ ...question, id: 'q9' }] }
    expect(carriedLabels(set, other, [{ inputJson: '"a"', labelsJson: '{"0":"yes"}' }], ['"a"']).size).toBe(0)
  })
})
