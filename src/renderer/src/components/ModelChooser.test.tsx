import { act, useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { type ModelChoice, ModelChooser, shownAtOnce } from './ModelChooser.tsx'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root | null = null
afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.innerHTML = ''
})

/** A field holding `choices`, the chosen id kept as a screen keeps it; answers what it was told. */
async function field(choices: ModelChoice[], first: string) {
  const chosen: string[] = []
  function Screen() {
    const [value, setValue] = useState(first)
    return (
      <ModelChooser
        label="Model"
        choices={choices}
        value={value}
        onChange={(id) => {
          chosen.push(id)
          setValue(id)
        }}
      />
    )
  }
  const container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  await act(async () => root?.render(<Screen />))
  const input = container.querySelector('input[role="combobox"]') as HTMLInputElement
  const options = () => [...container.querySelectorAll('[role="option"]')]
  const type = (text: string) =>
    act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text)
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
  const press = (key: string) =>
    act(async () => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
    })
  return { container, input, options, type, press, chosen }
}

const catalog = (count: number): ModelChoice[] =>
  Array.from({ length: count }, (_, i) => ({ id: `vendor/model-${i}`, label: `Model ${i} · $${i}/1M` }))

describe('ModelChooser', () => {
  it('shows the chosen model, narrows as the person types and chooses from the keyboard', async () => {
    const { input, options, type, press, chosen } = await field(catalog(200), 'vendor/model-3')
    expect(input.value).toBe('Model 3 · $3/1M')
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect(options()).toHaveLength(0)

    await type('model-1')
    expect(input.getAttribute('aria-expanded')).toBe('true')
    // model-1, model-10…19 and model-100…199: 111 match, the first fifty are drawn.
    expect(options()).toHaveLength(shownAtOnce)
    expect(document.body.textContent).toContain('61 more: type to narrow.')
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true')
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]?.id)

    await press('ArrowDown')
    await press('ArrowDown')
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[2]?.id)
    await press('Enter')
    expect(chosen).toEqual(['vendor/model-11'])
    expect(input.value).toBe('Model 11 · $11/1M')
    expect(options()).toHaveLength(0)
  })

  it('lists an exact id first, and says when nothing matches', async () => {
    const { options, type, press, chosen, container } = await field(catalog(40), 'vendor/model-0')
    await type('vendor/model-3')
    expect(options()[0]?.textContent).toContain('vendor/model-3')
    await press('Enter')
    expect(chosen).toEqual(['vendor/model-3'])
    await type('no such model')
    expect(options()).toHaveLength(0)
    expect(container.textContent).toContain('No model matches “no such model”.')
    await press('Enter')
    expect(chosen).toEqual(['vendor/model-3'])
  })

  it('chooses the model whose name or id was typed whole, in any case, over one listed before it', async () => {
    const choices: ModelChoice[] = [
      { id: 'acme/gpt-4o-mini', label: 'GPT 4o mini' },
      { id: 'acme/gpt-4o', label: 'GPT 4o' },
      { id: 'acme/other', label: 'Other' },
    ]
    const { type, press, chosen } = await field(choices, 'acme/other')
    await type('gpt 4o')
    await press('Enter')
    await type('other')
    await press('Enter')
    await type('ACME/GPT-4O')
    await press('Enter')
    await type('gpt 4o mini')
    await press('Enter')
    expect(chosen).toEqual(['acme/gpt-4o', 'acme/other', 'acme/gpt-4o', 'acme/gpt-4o-mini'])
  })

  it('takes no other model when the one named whole cannot be chosen', async () => {
    const choices: ModelChoice[] = [
      { id: 'acme/gpt-4o-mini', label: 'GPT 4o mini' },
      { id: 'acme/gpt-4o', label: 'GPT 4o', disabled: true },
    ]
    const { options, type, press, chosen } = await field(choices, 'acme/gpt-4o-mini')
    await type('acme/gpt-4o')
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true')
    await press('Enter')
    expect(chosen).toEqual([])
  })

  it('passes over models that cannot be chosen', async () => {
    const choices = catalog(5).map((choice, i) => ({ ...choice, disabled: i === 1 || i === 2 }))
    const { options, press, chosen } = await field(choices, 'vendor/model-0')
    await press('ArrowDown')
    expect(options()).toHaveLength(5)
    expect(options()[1]?.getAttribute('aria-disabled')).toBe('true')
    await press('ArrowDown')
    expect(options()[3]?.getAttribute('aria-selected')).toBe('true')
    await act(async () => (options()[1] as HTMLElement).click())
    expect(chosen).toEqual([])
    await press('Enter')
    expect(chosen).toEqual(['vendor/model-3'])
  })

  it('closes on Escape without choosing, and a panel around it keeps that Escape open', async () => {
    // As a panel listens (use-dismiss): an Escape whose default was prevented belongs to a control.
    let escapesOutside = 0
    const panel = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) escapesOutside++
    }
    window.addEventListener('keydown', panel)
    onTestFinished(() => window.removeEventListener('keydown', panel))
    const { input, options, type, press, chosen } = await field(catalog(10), 'vendor/model-2')
    await type('model-7')
    await press('Escape')
    expect(options()).toHaveLength(0)
    expect(input.value).toBe('Model 2 · $2/1M')
    expect(chosen).toEqual([])
    expect(escapesOutside).toBe(0)
    // With the list closed, Escape is the surroundings' again (a panel closes).
    await press('Escape')
    expect(escapesOutside).toBe(1)
  })

  it('draws at most fifty options of a 38,000-model catalog', async () => {
    const { options, press, container } = await field(catalog(38_000), 'vendor/model-5')
    await press('ArrowDown')
    expect(options()).toHaveLength(shownAtOnce)
    expect(options()[5]?.getAttribute('aria-selected')).toBe('true')
    expect(container.textContent).toContain('37,950 more: type to narrow.')
  })

  it('opens on the chosen model when it is far down the list', async () => {
    const { options, press, chosen } = await field(catalog(1_000), 'vendor/model-700')
    await press('ArrowDown')
    expect(options()).toHaveLength(shownAtOnce)
    expect(options()[0]?.textContent).toContain('vendor/model-700')
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true')
    await press('ArrowDown')
    await press('Enter')
    expect(chosen).toEqual(['vendor/model-0'])
  })

  it('selects the model it shows when the models arrive while the field has the focus, so typing replaces it', async () => {
    const container = document.createElement('div')
    document.body.append(container)
    root = createRoot(container)
    const render = (choices: ModelChoice[], value: string) =>
      act(async () =>
        root?.render(<ModelChooser label="Model" choices={choices} value={value} onChange={() => {}} />),
      )
    await render([], '')
    const input = container.querySelector('input') as HTMLInputElement
    await act(async () => input.focus())
    expect(input.value).toBe('')
    // The models arrive and the screen chooses its starting model.
    await render(catalog(3), 'vendor/model-1')
    expect(input.value).toBe('Model 1 · $1/1M')
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length])
  })

  it('shows every model the catalog search found, and narrows the last answer only until the next arrives', async () => {
    const container = document.createElement('div')
    document.body.append(container)
    root = createRoot(container)
    const typed: string[] = []
    // As a screen's field does: the chosen model is added to what the search found when it is not among them.
    const render = (found: ModelChoice[], answered: string | null, total: number, value: string) => {
      const chosen = { id: value, label: 'Chosen' }
      const added = found.some((choice) => choice.id === value) ? undefined : chosen
      return act(async () =>
        root?.render(
          <ModelChooser
            label="Model"
            choices={added ? [added, ...found] : found}
            value={value}
            onChange={() => {}}
            onQuery={(text) => typed.push(text)}
            answered={answered}
            added={added?.id}
            total={total}
          />,
        ),
      )
    }
    const names = () => [...container.querySelectorAll('[role="option"]')].map((option) => option.textContent)
    await render(catalog(3), '', 3, 'acme/chosen')
    const input = container.querySelector('input') as HTMLInputElement
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, 'vision')
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
    expect(typed).toEqual(['vision'])
    // The answer for "vision" is on its way: the models before it that do not match are not offered meanwhile.
    expect(names()).toEqual([])
    // The search found two models whose descriptions say "vision": both are offered, the added chosen one is not.
    const seeing = [
      { id: 'acme/eye-1', label: 'Eye 1' },
      { id: 'acme/eye-2', label: 'Eye 2' },
    ]
    await render(seeing, 'vision', 2, 'acme/chosen')
    expect(names()).toEqual(['Eye 1 acme/eye-1', 'Eye 2 acme/eye-2'])
    expect(container.textContent).not.toContain('more: type to narrow')
    // With one of them chosen, it was found, not added: it is offered too.
    await render(seeing, 'vision', 2, 'acme/eye-1')
    expect(names()).toEqual(['Eye 1 acme/eye-1', 'Eye 2 acme/eye-2'])
  })
})
