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

/** Types `text` into `input` as a person would: React hears the input event. */
function typeInto(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

describe('a yes-or-no question’s threshold', () => {
  it('is taken once the person leaves the field, refused with a reason when not a probability, and follows a change elsewhere', async () => {
    start()
    const host = document.body.appendChild(document.createElement('div'))
    const root = createRoot(host)
    await act(async () => root.render(<FirstQuestion />))
    const field = [...host.querySelectorAll('label')].find((label) =>
      label.textContent?.startsWith('Yes from'),
    )
    const input = field?.querySelector('input') as HTMLInputElement
    const threshold = () => useQuestionnaire.getState().questionnaire.questions[0]?.threshold
    const alert = () => field?.querySelector('[role="alert"]')?.textContent ?? null
    /** Types `text` and leaves the field, as a person tabbing on would. */
    const enter = async (text: string) => {
      await act(async () => input.focus())
      await act(async () => typeInto(input, text))
      await act(async () => input.blur())
    }
    expect([input.value, input.placeholder, threshold()]).toEqual(['', '0.5', undefined])
    // The field's words are read with it, by a screen reader too.
    const described = () => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent
    expect(described()).toBe('The probability of yes from which the answer reads as yes.')
    // Half typed, nothing is taken: "0" on the way to "0.7" never reads every answer as yes.
    await act(async () => input.focus())
    await act(async () => typeInto(input, '0'))
    expect(threshold()).toBeUndefined()
    await act(async () => input.blur())
    await enter('0.7')
    expect([input.value, threshold(), alert()]).toEqual(['0.7', 0.7, null])
    await enter('0,65')
    expect(threshold()).toBe(0.65)
    for (const wrong of ['1.5', '0x1', '.', '-0.2']) {
      await enter(wrong)
      expect(described()).toBe(alert())
      expect([threshold(), alert()]).toEqual([
        0.65,
        `“${wrong}” is not a probability: write one from 0 to 1, such as 0.7. The answers read yes from 0.65 meanwhile.`,
      ])
    }
    // Chosen in a batch's scores, the threshold replaces what the field held.
    const id = useQuestionnaire.getState().questionnaire.questions[0]?.id ?? ''
    await act(async () =>
      useQuestionnaire.getState().change((q) => ({
        ...q,
        questions: q.questions.map((one) => (one.id === id ? { ...one, threshold: 0.517 } : one)),
      })),
    )
    expect([input.value, alert()]).toEqual(['0.517', null])
    await enter('')
    expect(threshold()).toBeUndefined()
    await act(async () => root.unmount())
  })
})
