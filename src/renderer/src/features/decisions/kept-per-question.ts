// What a person set in a batch's scores for a questionnaire's questions, by the questionnaire's id and the
// question's title: kept in main's preferences, so that every batch of the questionnaire is scored with it, not
// only the one it was set on, and after a restart too.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { ErrorCosts } from '#shared/domain/evaluation-set'
import { withScoringChoice } from '#shared/domain/scoring-choices'
import type { Preferences, ScoringChoice } from '#shared/ipc/routes/app'
import { invoke, queryKeys, sharedQueries } from '../../ipc.ts'

interface Kept {
  /** What a wrong yes and a wrong no cost, for the yes-or-no questions the person priced. */
  costs: ErrorCosts
  /** The threshold a yes-or-no question's answers are read at in the scores, where the person chose one. */
  thresholds: number
}

/** What is kept of `kind` for the questionnaire `questionnaireId`, by question title, and how to change it. */
export function useKeptPerQuestion<K extends keyof Kept>(kind: K, questionnaireId: string) {
  const client = useQueryClient()
  // Only this questionnaire's part: another preference changed (a screen's address) changes nothing here.
  const { data: kept } = useQuery({
    ...sharedQueries.preferences,
    select: (preferences) =>
      preferences.scoring[questionnaireId]?.[kind] as Record<string, Kept[K]> | undefined,
  })
  /**
   * Keeps `value` for the question titled `question` (null: keeps none): at once here, then in main, which merges
   * it into what it keeps and answers with the whole (a refused change is read back from main).
   */
  const change = (question: string, value: Kept[K] | null) => {
    const choice = { questionnaire: questionnaireId, question, kind, value } as ScoringChoice
    const before = client.getQueryData<Preferences>(queryKeys.preferences())
    if (before)
      client.setQueryData<Preferences>(queryKeys.preferences(), {
        ...before,
        scoring: withScoringChoice(before.scoring, choice),
      })
    invoke('preferences.keepScoring', choice).then(
      (next) => client.setQueryData(queryKeys.preferences(), next),
      () => client.invalidateQueries({ queryKey: queryKeys.preferences() }),
    )
  }
  return { kept, change }
}
