// What a person chose in a batch's scores: the column each question is scored against and the runs put beside it.
// UI state for as long as the app runs (so zustand), by batch: labeling the batch's rows, opening another batch or
// another screen and coming back finds the same choices.
import { create } from 'zustand'

export interface BatchChoices {
  /** The column picked for a question, by its index (-1: not scored); unpicked ones keep the column found. */
  picked: Record<number, number>
  /** The other runs put beside the batch, by id, in the order chosen. */
  chosen: string[]
}

const none: BatchChoices = { picked: {}, chosen: [] }

const useChoices = create<{
  byBatch: Record<string, BatchChoices>
  change(batchId: string, update: Partial<BatchChoices>): void
}>((set) => ({
  byBatch: {},
  change: (batchId, update) =>
    set((state) => ({
      byBatch: { ...state.byBatch, [batchId]: { ...(state.byBatch[batchId] ?? none), ...update } },
    })),
}))

/** The batch's choices and how to change them. */
export function useBatchChoices(batchId: string) {
  const choices = useChoices((state) => state.byBatch[batchId] ?? none)
  const change = useChoices((state) => state.change)
  return {
    ...choices,
    setPicked: (picked: Record<number, number>) => change(batchId, { picked }),
    setChosen: (chosen: string[]) => change(batchId, { chosen }),
  }
}

/** The runs chosen that are still offered: one deleted since is not asked for, nor could it be unticked. */
export const stillOffered = (chosen: readonly string[], offered: readonly { id: string }[]) =>
  chosen.filter((id) => offered.some((one) => one.id === id))
