// What a person set in a batch's scores for a questionnaire's questions, by the questionnaire's id and the
// question's title: kept while the app runs, so that every batch of the questionnaire is scored with it, not only
// the one it was set on.
import { create } from 'zustand'
import type { ErrorCosts } from '#shared/domain/evaluation-set'

function keptPerQuestion<T>() {
  return create<{
    set: Record<string, Record<string, T>>
    change(questionnaire: string, question: string, value: T | null): void
  }>((store) => ({
    set: {},
    change: (questionnaire, question, value) =>
      store(({ set }) => {
        const { [question]: _left, ...others } = set[questionnaire] ?? {}
        return {
          set: { ...set, [questionnaire]: value !== null ? { ...others, [question]: value } : others },
        }
      }),
  }))
}

/** What a wrong yes and a wrong no cost, for the yes-or-no questions the person priced. */
export const useErrorCosts = keptPerQuestion<ErrorCosts>()

/** The threshold a yes-or-no question's answers are read at in the scores, where the person chose one. */
export const useThresholds = keptPerQuestion<number>()
