// The Images form's draft: the prompt, the model and its options, the provider pin. Held across screen switches
// and kept across restarts (kept-drafts.ts); it stays after a generation, so the next one starts from it.
import { create } from 'zustand'
import type { DraftOf } from '#shared/domain/drafts'
import type { ImageOptions } from '#shared/ipc/routes/images'
import type { KeptDraft } from '../../kept-drafts.ts'

export interface ImageDraft {
  prompt: string
  modelId: string
  options: ImageOptions
  provider: string
}

const empty: ImageDraft = { prompt: '', modelId: '', options: {}, provider: '' }

export const useImageDraft = create<{ draft: ImageDraft; change(change: Partial<ImageDraft>): void }>(
  (set) => ({
    draft: empty,
    change: (change) => set((state) => ({ draft: { ...state.draft, ...change } })),
  }),
)

export const keptImageDraft: KeptDraft<ReturnType<typeof useImageDraft.getState>, 'images'> = {
  kind: 'images',
  store: useImageDraft,
  draft: (state) => state.draft as DraftOf<'images'>,
  blank: (state) => state.draft === empty,
  // Main checked it as an Images draft; an option the chosen model does not take is left out when sending.
  restore: (draft) => useImageDraft.setState({ draft: draft as ImageDraft }),
}
