// The next turn being written in each playground (its text and media): held across screen switches, kept across
// restarts (kept-drafts.ts), emptied when it is sent.
import { z } from 'zod'
import { create } from 'zustand'
import type { MediaInput } from '../../components/MediaInputs.tsx'
import { type KeptDraft, KeptMedia } from '../../kept-drafts.ts'

export interface TurnDraft {
  text: string
  media: MediaInput[]
}

interface TurnStore {
  draft: TurnDraft
  change(change: Partial<TurnDraft> | ((draft: TurnDraft) => Partial<TurnDraft>)): void
}

const empty: TurnDraft = { text: '', media: [] }

const TurnDraftSchema = z.object({
  text: z.string().max(1_000_000),
  media: z.array(KeptMedia).max(50),
})

function turnDraft(kind: 'playground-messages' | 'playground-generate') {
  const store = create<TurnStore>((set) => ({
    draft: empty,
    change: (change) =>
      set((state) => ({
        draft: { ...state.draft, ...(typeof change === 'function' ? change(state.draft) : change) },
      })),
  }))
  const kept: KeptDraft<TurnStore, TurnDraft> = {
    kind,
    store,
    draft: (state) => state.draft,
    schema: TurnDraftSchema,
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
