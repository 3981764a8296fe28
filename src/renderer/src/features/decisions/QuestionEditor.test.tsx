import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { builderProblems } from '#shared/domain/questionnaire-checks'
import { QuestionEditor } from './QuestionEditor.tsx'
import { blankQuestion, useQuestionnaire } from './store.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function FirstQuestion() {
  const questionnaire = useQuestionnaire((state) => state.questionnaire)
  const question = questionnaire.questions[0]
  const problems = builderProblems(questionnaire).filter((problem) => problem.path[1] === 0)
  return question ? (
    <QuestionEditor question={question} index={0} count={1} problems={problems} jsonFields={[]} />
  ) : null
}

const start = () =>
  useQuestionnaire.setState({
    questionnaire: { id: 'q', name: 'Test', questions: [blankQuestion('predicate')] },
    past: [],
    future: [],
    typing: null,
  })

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

  it('are not red while the question is new and untouched; they are once the person leaves it', async () => {
    start()
    const host = document.body.appendChild(document.createElement('div'))
    const outside = document.body.appendChild(document.createElement('button'))
    const root = createRoot(host)
    await act(async () => root.render(<FirstQuestion />))
    expect(host.querySelectorAll('.field-error')).toHaveLength(0)
    expect(host.querySelector('[aria-invalid="true"]')).toBeNull()
    // Moving within the question is not leaving it.
    const [first, second] = host.querySelectorAll<HTMLElement>('input, textarea')
    await act(async () => first?.focus())
    await act(async () => second?.focus())
    expect(host.querySelectorAll('.field-error')).toHaveLength(0)
    await act(async () => outside.focus())
    expect(host.querySelectorAll('.field-error').length).toBeGreaterThan(0)
    await act(async () => root.unmount())
    outside.remove()
  })
})
