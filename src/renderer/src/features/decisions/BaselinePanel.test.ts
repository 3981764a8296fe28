// A run read at another threshold than its baseline was run at says so: the baseline is read here at this run's.
import { describe, expect, it } from 'vitest'
import { yesOrNo } from '../../testing/questionnaires.ts'
import { thresholdsApart } from './BaselinePanel.tsx'

describe('the thresholds a run and its baseline are read at', () => {
  const questionnaire = {
    id: 'triage',
    name: 'Triage',
    questions: [yesOrNo('urgent', { threshold: 0.4 }), yesOrNo('spam')],
  }
  const run: [number, number][] = [
    [0, 0.5],
    [1, 0.5],
  ]

  it('names each scored yes or no read at another threshold, with both', () => {
    expect(thresholdsApart(questionnaire, [], run, [0, 1])).toEqual(['urgent: yes from 0.4 here, run at 0.5'])
    // Not scored, it has no row to flip.
    expect(thresholdsApart(questionnaire, [], run, [1])).toEqual([])
  })

  it('reads a threshold chosen in the scores in place of the questionnaire’s', () => {
    const chosen: [number, number][] = [
      [0, 0.5],
      [1, 0.7],
    ]
    expect(thresholdsApart(questionnaire, chosen, run, [0, 1])).toEqual([
      'spam: yes from 0.7 here, run at 0.5',
    ])
    const asRun: [number, number][] = [
      [0, 0.4],
      [1, 0.5],
    ]
    expect(thresholdsApart(questionnaire, [], asRun, [0, 1])).toEqual([])
  })
})
