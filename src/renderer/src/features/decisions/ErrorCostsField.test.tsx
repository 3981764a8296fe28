// What a wrong answer costs, as a person writes it: a currency's sign and thousands' commas are read; anything
// else is named as the field it is in, and the costs are none until both are read.
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ErrorCosts } from '#shared/domain/evaluation-set'
import type { Bridge } from '#shared/ipc/bridge'
import { renderInPage } from '../../test-page.tsx'
import { costOf, ErrorCostsField } from './ErrorCostsField.tsx'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('a cost as written', () => {
  it('reads a number with a currency’s sign or thousands’ commas, and refuses the rest', () => {
    expect(
      ['5', ' 1.5 ', '5.', '.5', '$5', '$ 5', '5$', '€2.50', '1,000 €', '£1,000.50', '1,000,000', '0'].map(
        costOf,
      ),
    ).toEqual([5, 1.5, 5, 0.5, 5, 5, 5, 2.5, 1000, 1000.5, 1000000, 0])
    // A comma is only ever between thousands; one sign; no other notation of numbers.
    expect(
      [
        '',
        '-1',
        '5 minutes',
        '1,00',
        '0,500',
        '1.5,000',
        'five',
        '$',
        '5$$',
        '$5€',
        '0x10',
        '1e3',
        'Infinity',
      ].map(costOf),
    ).toEqual(Array(13).fill(null))
  })
})

describe('the costs of errors field', () => {
  it('gives the costs once both are read, and names the field it cannot read', async () => {
    const given: (ErrorCosts | null)[] = []
    const { container } = await renderInPage(
      <ErrorCostsField question="urgent" costs={null} onCosts={(costs) => given.push(costs)} />,
      { invoke: async () => ({ ok: true, data: null }), on: () => () => {} } as unknown as Bridge,
    )
    const [yes, no] = [...container.querySelectorAll('input')] as HTMLInputElement[]
    const type = (input: HTMLInputElement | undefined, text: string) =>
      act(async () => {
        if (!input) throw new Error('no such field')
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text)
        input.dispatchEvent(new Event('input', { bubbles: true }))
      })
    await type(yes, '$5')
    await type(no, '1')
    expect(given.at(-1)).toEqual({ falseYes: 5, falseNo: 1 })
    await type(no, 'one')
    expect(given.at(-1)).toBeNull()
    expect(no?.getAttribute('aria-invalid')).toBe('true')
    expect(yes?.getAttribute('aria-invalid')).toBeNull()
    expect(container.querySelector('[role="alert"]')?.textContent).toMatch(/^The cost of a wrong no is not/)
    // Both 0 weigh nothing: said, not left to the hint.
    await type(yes, '0')
    await type(no, '0')
    expect(given.at(-1)).toBeNull()
    expect(container.textContent).toContain(
      'Both cost 0: there is nothing to weigh, so the best threshold is by F1.',
    )
  })
})
