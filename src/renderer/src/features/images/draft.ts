// The Images form's draft: the prompt, the model and its options, the provider pin. Held across screen switches
// and kept across restarts (kept-drafts.ts); it stays after a generation, so the next one starts from it.
import { z } from 'zod'
import { create } from 'zustand'
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

/** What a kept draft may hold; an option the chosen model does not take is left out when the form sends. */
const ImageDraftSchema = z.object({
  prompt: z.string().max(100_000),
  modelId: z.string().max(300),
  options: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .transform((value) => value as ImageOptions),
  provider: z.string().max(64),
}) satisfies z.ZodType<ImageDraft, unknown>

export const keptImageDraft: KeptDraft<ReturnType<typeof useImageDraft.getState>, ImageDraft> = {
  kind: 'images',
  store: useImageDraft,
  draft: (state) => state.draft,
  schema: ImageDraftSchema,
  blank: (state) => state.draft === empty,
  restore: (draft) => useImageDraft.setState({ draft }),
}
