// A run read at another threshold than its baseline says so: rows between the two flip whatever the model did.
import { describe, expect, it } from 'vitest'
import { thresholdsApart } from './BaselinePanel.tsx'

const predicate = (name: string, threshold?: number) => ({
  id: name,
  kind: 'predicate' as const,
  name,
  instructions: 'x',
  instructionsAsJson: false,
  criteriaTrue: '',
  criteriaFalse: '',
  choices: [],
  levels: [],
  threshold,
})

describe('the thresholds a run and its baseline are read at', () => {
  const questionnaire = {
    id: 'triage',
    name: 'Triage',
    questions: [predicate('urgent', 0.4), predicate('spam')],
  }

  it('names each yes or no read at another threshold, with both', () => {
    expect(
      thresholdsApart(
        questionnaire,
        [],
        [
          [0, 0.5],
          [1, 0.5],
        ],
      ),
    ).toEqual(['urgent: yes from 0.4 here, 0.5 in the baseline'])
  })

  it('reads a threshold chosen in the scores in place of the questionnaire’s', () => {
    expect(
      thresholdsApart(
        questionnaire,
        [
          [0, 0.5],
          [1, 0.7],
        ],
        [
          [0, 0.5],
          [1, 0.5],
        ],
      ),
    ).toEqual(['spam: yes from 0.7 here, 0.5 in the baseline'])
    expect(
      thresholdsApart(
        questionnaire,
        [],
        [
          [0, 0.4],
          [1, 0.5],
        ],
      ),
    ).toEqual([])
  })
})
