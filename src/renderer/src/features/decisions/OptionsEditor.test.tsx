import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { ChoicesEditor } from './OptionsEditor.tsx'
import { blankQuestion, edits, useQuestionnaire } from './store.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** The first question of the questionnaire being built, as the builder draws it. */
function FirstQuestion() {
  const question = useQuestionnaire((state) => state.questionnaire.questions[0])
  return question ? <ChoicesEditor question={question} problems={[]} /> : null
}

/** Types `text` into a field as React sees a keystroke: the value set, then an input event. */
function typeInto(field: HTMLInputElement, text: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  setValue?.call(field, text)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}

/** The builder with one choice question of `choices`, drawn into the page. */
async function buildWithChoices(choices: { id: string; value: string; description: string }[]) {
  useQuestionnaire.setState({
    questionnaire: { id: 'q', name: 'Test', questions: [{ ...blankQuestion('choice'), choices }] },
    past: [],
    future: [],
    typing: null,
  })
  const host = document.body.appendChild(document.createElement('div'))
  const root = createRoot(host)
  await act(async () => root.render(<FirstQuestion />))
  return { host, root }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the choices of a question', () => {
  it('keeps every row’s edits, row after row, and removes the row asked for', async () => {
    const { host, root } = await buildWithChoices(
      ['a', 'b', 'c'].map((value) => ({ id: `choice-${value}`, value, description: '' })),
    )
    const field = (label: string) => host.querySelector(`input[aria-label="${label}"]`) as HTMLInputElement
    const choices = () => useQuestionnaire.getState().questionnaire.questions[0]?.choices

    await act(async () => typeInto(field('Choice 2 value'), 'billing'))
    await act(async () => typeInto(field('Choice 1 description'), 'refunds and invoices'))
    await act(async () => typeInto(field('Choice 3 value'), 'shipping'))
    expect(choices()).toEqual([
      { id: 'choice-a', value: 'a', description: 'refunds and invoices' },
      { id: 'choice-b', value: 'billing', description: '' },
      { id: 'choice-c', value: 'shipping', description: '' },
    ])
    expect(field('Choice 2 value').value).toBe('billing')

    // A row removed after edits elsewhere: the others keep theirs, and are numbered again.
    await act(async () => (host.querySelector('[aria-label="Remove choice 1"]') as HTMLButtonElement).click())
    expect(choices()?.map((choice) => choice.value)).toEqual(['billing', 'shipping'])
    expect(field('Choice 1 value').value).toBe('billing')
    expect(field('Choice 2 value').value).toBe('shipping')

    // Undone, it is back where it was with its description.
    await act(async () => useQuestionnaire.getState().undo())
    expect(choices()?.[0]).toEqual({ id: 'choice-a', value: 'a', description: 'refunds and invoices' })
    await act(async () => root.unmount())
  })

  it('draws again only the row a keystroke changed', async () => {
    const { host, root } = await buildWithChoices(
      Array.from({ length: 255 }, (_, index) => ({
        id: `c${index}`,
        value: `v${index}`,
        description: '',
      })),
    )
    const changed = new Set<Element>()
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const element = record.target instanceof Element ? record.target : record.target.parentElement
        const row = element?.closest('li')
        if (row) changed.add(row)
      }
    })
    observer.observe(host, { subtree: true, attributes: true, childList: true, characterData: true })
    const typed = host.querySelector('input[aria-label="Choice 200 description"]') as HTMLInputElement
    await act(async () => typeInto(typed, 'x'))
    await act(async () => useQuestionnaire.getState().change(edits.rename('Renamed')))
    observer.disconnect()
    expect([...changed]).toEqual([typed.closest('li')])
    await act(async () => root.unmount())
  })
})
