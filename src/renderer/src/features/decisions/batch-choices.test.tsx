// A batch's scoring choices are its own and outlast the scores that made them; a run deleted since is not chosen.
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import { renderInPage } from '../../test-page.tsx'
import { stillOffered, useBatchChoices } from './batch-choices.ts'

afterEach(() => {
  document.body.innerHTML = ''
})

const bridge = { invoke: async () => ({ ok: true, data: null }), on: () => () => {} } as unknown as Bridge

/** Shows a batch's choices, and chooses for it once when `choose` is given. */
function Choices(props: { batch: string; choose?: { chosen: string[]; picked: Record<number, number> } }) {
  const choices = useBatchChoices(props.batch)
  return (
    <button
      type="button"
      onClick={() => {
        if (!props.choose) return
        choices.setChosen(props.choose.chosen)
        choices.setPicked(props.choose.picked)
      }}
    >
      {JSON.stringify({ chosen: choices.chosen, picked: choices.picked })}
    </button>
  )
}

describe('a batch’s scoring choices', () => {
  it('are kept by batch after the scores that made them are gone', async () => {
    const first = await renderInPage(
      <Choices batch="a" choose={{ chosen: ['b', 'c'], picked: { 0: 2 } }} />,
      bridge,
    )
    await act(async () => first.container.querySelector('button')?.click())
    await first.unmount()
    const again = await renderInPage(<Choices batch="a" />, bridge)
    expect(again.container.textContent).toBe('{"chosen":["b","c"],"picked":{"0":2}}')
    await again.unmount()
    const other = await renderInPage(<Choices batch="b" />, bridge)
    expect(other.container.textContent).toBe('{"chosen":[],"picked":{}}')
    await other.unmount()
  })

  it('leave out a run no longer offered', () => {
    expect(stillOffered(['b', 'gone', 'c'], [{ id: 'c' }, { id: 'b' }, { id: 'd' }])).toEqual(['b', 'c'])
  })
})
