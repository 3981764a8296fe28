// The next turn being written in each playground (its text and media): held across screen switches, kept across
// restarts (kept-drafts.ts), emptied when it is sent.
import { create } from 'zustand'
import type { MediaInput } from '../../components/MediaInputs.tsx'
import type { KeptDraft } from '../../kept-drafts.ts'

export interface TurnDraft {
  text: string
  media: MediaInput[]
}

interface TurnStore {
  draft: TurnDraft
  change(change: Partial<TurnDraft> | ((draft: TurnDraft) => Partial<TurnDraft>)): void
}

const empty: TurnDraft = { text: '', media: [] }

function turnDraft(kind: 'playground-messages' | 'playground-generate') {
  const store = create<TurnStore>((set) => ({
    draft: empty,
    change: (change) =>
      set((state) => ({
        draft: { ...state.draft, ...(typeof change === 'function' ? change(state.draft) : change) },
      })),
  }))
  const kept: KeptDraft<TurnStore, typeof kind> = {
    kind,
    store,
    draft: (state) => state.draft,
    blank: (state) => state.draft.text === '' && state.draft.media.length === 0,
    restore: (draft) => store.setState({ draft }),
  }
  return { store, kept, clear: () => store.setState({ draft: empty }) }
}

export const turnDrafts = {
  messages: turnDraft('playground-messages'),
  generate: turnDraft('playground-generate'),
}
export type TurnDraftOf = (typeof turnDrafts)[keyof typeof turnDrafts]
