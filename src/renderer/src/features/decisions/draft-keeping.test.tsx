import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import { useDraftKeeping } from './draft-keeping.ts'
import { useQuestionnaire } from './store.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** A core that records every draft the page keeps; it has no kept draft unless `draft` answers one. */
function recordingCore(draft: () => Promise<unknown> = async () => null) {
  const kept: string[] = []
  const bridge = {
    invoke: async (route: string, input: unknown) => {
      if (route === 'drafts.get') return { ok: true, data: { draft: await draft() } }
      if (route === 'drafts.keep') kept.push((input as { draft: { name: string } }).draft.name)
      return { ok: true, data: null }
    },
    on: () => () => {},
  } as unknown as Bridge
  Object.defineProperty(window, 'bridge', { value: bridge, configurable: true })
  return kept
}

function Builder() {
  useDraftKeeping()
  return null
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the questionnaire being built', () => {
  it('is kept when the window closes within a moment of the last edit, and only once', async () => {
    const kept = recordingCore()
    const root = createRoot(document.createElement('div'))
    await act(async () => root.render(<Builder />))
    // Typed into the name field: kept a moment after the last keystroke.
    const rename = (name: string) =>
      act(() => useQuestionnaire.getState().change((questionnaire) => ({ ...questionnaire, name }), 'name'))
    await rename('Ticket triage')
    // The window closes before the moment after the last edit has passed.
    expect(kept).toEqual([])
    await act(async () => window.dispatchEvent(new Event('pagehide')))
    expect(kept).toEqual(['Ticket triage'])
    // Nothing was left pending: leaving the screen writes nothing more.
    await act(async () => root.unmount())
    expect(kept).toEqual(['Ticket triage'])
  })

  it('is kept at once after a step that is not typing', async () => {
    const kept = recordingCore()
    const root = createRoot(document.createElement('div'))
    await act(async () => root.render(<Builder />))
    await act(() => useQuestionnaire.getState().load({ id: 'q1', name: 'Opened', questions: [] }))
    expect(kept).toEqual(['Opened'])
    await act(() => useQuestionnaire.getState().undo())
    expect(kept).toHaveLength(2)
    await act(async () => root.unmount())
    expect(kept).toHaveLength(2)
  })

  it('keeps a step made while the kept draft is still being read, and does not open the old draft over it', async () => {
    vi.resetModules()
    const { useDraftKeeping: keeping } = await import('./draft-keeping.ts')
    const { useQuestionnaire: builder } = await import('./store.ts')
    let answerDraft: (draft: unknown) => void = () => {}
    const kept = recordingCore(
      () =>
        new Promise((resolve) => {
          answerDraft = resolve
        }),
    )
    function Slow() {
      keeping()
      return null
    }
    const root = createRoot(document.createElement('div'))
    await act(async () => root.render(<Slow />))
    // A template opened before the core has answered with the draft of the last start.
    await act(() => builder.getState().load({ id: 'q2', name: 'New work', questions: [] }))
    expect(kept).toEqual(['New work'])
    await act(async () => answerDraft({ id: 'q1', name: 'Last start', questions: [] }))
    expect(builder.getState().questionnaire.name).toBe('New work')
    expect(kept).toEqual(['New work'])
    await act(async () => root.unmount())
  })

  it('opens the draft of the last start without writing it back', async () => {
    vi.resetModules()
    const { useDraftKeeping: keeping } = await import('./draft-keeping.ts')
    const { useQuestionnaire: builder } = await import('./store.ts')
    const kept = recordingCore(async () => ({
      id: 'q1',
      name: 'Last start',
      questions: [{ id: 'a', kind: 'yes_no' }],
    }))
    function Opening() {
      keeping()
      return null
    }
    const root = createRoot(document.createElement('div'))
    await act(async () => root.render(<Opening />))
    await vi.waitFor(() => expect(builder.getState().questionnaire.name).toBe('Last start'))
    expect(kept).toEqual([])
    // Undone to the empty builder, then redone to the opened draft: each is kept, the draft again too.
    await act(() => builder.getState().undo())
    await act(() => builder.getState().redo())
    expect(kept).toEqual(['Untitled questionnaire', 'Last start'])
    await act(async () => root.unmount())
  })
})
