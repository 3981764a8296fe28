// A run read at another threshold than its baseline was run at says so: the baseline is read here at this run's.
// What changed since is said in the scores' own figures: shares of rows as percentages.
import { afterEach, describe, expect, it } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import type { BatchSummary } from '#shared/ipc/routes/batches'
import { yesOrNo } from '#shared/testing/questionnaires'
import { renderInPage } from '../../test-page.tsx'
import { BaselinePanel, thresholdsApart } from './BaselinePanel.tsx'

afterEach(() => {
  document.body.innerHTML = ''
})

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

describe('the scores that left the baseline’s interval', () => {
  it('say a share of rows as a percentage and another score as a number', async () => {
    const summary = {
      id: 'base',
      model: 'sysone/judge-1',
      createdAt: Date.UTC(2026, 10, 30),
    } as unknown as BatchSummary
    const { container } = await renderInPage(
      <BaselinePanel
        batch={{ id: 'this' } as unknown as BatchSummary}
        baselineId="base"
        summary={summary}
        unlike={0}
        since={{
          changes: [
            {
              model: 'this run',
              question: 'urgent',
              metric: 'accuracy',
              before: { value: 0.592, low: 0.502, high: 0.675 },
              after: 0.683,
              worse: false,
            },
            {
              model: 'this run',
              question: 'urgent',
              metric: 'brier',
              before: { value: 0.21, low: 0.19, high: 0.23 },
              after: 0.25,
              worse: true,
            },
          ],
          flips: [],
          flipped: 0,
          rows: 0,
          byQuestion: [],
        }}
        apart={[]}
        inputs={new Map()}
        busy={false}
        error={null}
        onRetry={() => {}}
      />,
      { invoke: async () => ({ ok: true, data: null }), on: () => () => {} } as unknown as Bridge,
    )
    const said = [...container.querySelectorAll('li')].map((item) => item.textContent)
    expect(said).toEqual([
      'Better urgent · accuracy: 68.3% here, the baseline 59.2% (50.2%–67.5%)',
      'Worse urgent · Brier score: 0.250 here, the baseline 0.210 (0.190–0.230)',
    ])
  })
})
