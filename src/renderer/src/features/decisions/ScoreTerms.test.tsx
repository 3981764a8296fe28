import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import type { QuestionKind } from '#shared/domain/questionnaire'
import { ScoreTerms } from './ScoreTerms.tsx'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root | null = null
afterEach(() => {
  act(() => root?.unmount())
  document.body.innerHTML = ''
})

async function termsFor(kinds: QuestionKind[]) {
  const container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  await act(async () => root?.render(<ScoreTerms kinds={kinds} />))
  return [...container.querySelectorAll('dt')].map((term) => term.textContent)
}

describe('the words of the scores', () => {
  it('explains the scores the questionnaire’s kinds of question show, and none other', async () => {
    const yesOrNo = await termsFor(['predicate'])
    expect(yesOrNo).toContain('ROC AUC')
    expect(yesOrNo).toContain('Best threshold')
    expect(yesOrNo).toContain('Calibration error (ECE)')
    expect(yesOrNo).not.toContain('Nearest level · within one · mean distance')
    expect(await termsFor(['score'])).not.toContain('Calibration error (ECE)')
    const others = await termsFor(['choice', 'score'])
    expect(others).toContain('Calibration error (ECE)')
    expect(others).toContain('Nearest level · within one · mean distance')
    expect(others).not.toContain('ROC AUC')
    // What every question's scores say.
    for (const terms of [yesOrNo, others]) expect(terms).toContain('Accuracy')
  })
})
