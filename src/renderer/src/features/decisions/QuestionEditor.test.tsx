import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { QuestionEditor } from './QuestionEditor.tsx'
import { blankQuestion, useQuestionnaire } from './store.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function FirstQuestion() {
  const question = useQuestionnaire((state) => state.questionnaire.questions[0])
  return question ? (
    <QuestionEditor question={question} index={0} count={1} problems={[]} jsonFields={[]} />
  ) : null
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('a question’s instructions', () => {
  it('have a label of their own, and a click on it leaves "as a JSON object" as it was', async () => {
    useQuestionnaire.setState({
      questionnaire: { id: 'q', name: 'Test', questions: [blankQuestion('predicate')] },
      past: [],
      future: [],
      typing: null,
    })
    const host = document.body.appendChild(document.createElement('div'))
    const root = createRoot(host)
    await act(async () => root.render(<FirstQuestion />))
    const label = [...host.querySelectorAll('label')].find(
      (element) => element.textContent === 'Instructions',
    )
    const json = host.querySelector<HTMLInputElement>('input[type="checkbox"]')
    const text = host.querySelector('textarea')
    // The label names the text (a click focuses it in a browser), and holds no other control.
    expect(label?.htmlFor).toBe(text?.id)
    expect(label?.querySelector('input')).toBeNull()
    await act(async () => label?.click())
    expect(json?.checked).toBe(false)
    expect(useQuestionnaire.getState().questionnaire.questions[0]?.instructionsAsJson).toBe(false)
    // The checkbox has its own label.
    const jsonLabel = json?.closest('label')
    expect(jsonLabel?.textContent).toContain('as a JSON object')
    await act(async () => root.unmount())
  })
})
