// The line under the content to evaluate reads as a sentence whether or not anything is typed yet.
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import { renderInPage, until } from '../../test-page.tsx'
import { InputEditor } from './InputEditor.tsx'
import { useRunInput } from './run-input.ts'

afterEach(() => {
  document.body.innerHTML = ''
  useRunInput.setState({ text: '', mode: 'text' })
  window.location.hash = ''
})

const judge = {
  id: 'sysone/judge-1',
  name: 'Judge 1',
  alias: null,
  readsImages: false,
  dedicated: false,
  contextLength: 65_536,
  promptPrice: '0.000001',
  completionPrice: '0',
}
/** A core whose one decision model reads 65,536 tokens. */
const core = {
  invoke: async (route: string) => {
    if (route === 'profiles.list')
      return { ok: true, data: [{ id: 'sandbox', name: 'Sandbox', kind: 'sandbox', active: true }] }
    if (route === 'decisions.models') return { ok: true, data: { models: [judge], total: 1, chosen: judge } }
    return { ok: true, data: null }
  },
  on: () => () => {},
} as unknown as Bridge

describe('the content to evaluate', () => {
  it('says the model’s reach in words while nothing is typed, and the estimate against it after', async () => {
    // The model list is read for the screen whose address it is.
    window.location.hash = '#/decisions'
    const { container } = await renderInPage(<InputEditor />, core)
    const line = () => container.querySelector('.input-editor > span:last-child')?.textContent ?? ''
    await until(() => line().includes('65.5K'))
    expect(line()).toBe('Nothing to evaluate yet · the model reads up to 65.5K tokens')
    await act(async () => useRunInput.getState().setText('Where is my parcel?'))
    expect(line()).toMatch(/^About \d+ tokens? of 65\.5K$/)
  })
})
