// The threshold a person chooses in a batch's scores for a yes-or-no question ("Read yes from 0.517"): the scores,
// the models side by side and what changed since the baseline (both sides) are read at it at once, and every
// batch of the questionnaire is (kept in the preferences, `kept-per-question.ts`); and the questionnaire open in Build and run, when it is this one, takes it, so
// that saving keeps it in its file and later runs and exports read their answers there.
import { useMemo, useState } from 'react'
import { titleOf } from '#shared/domain/evaluation-set'
import { type Questionnaire, yesFrom } from '#shared/domain/questionnaire'
import type { ScoringThresholds } from './batch-scoring.ts'
import { useKeptPerQuestion } from './kept-per-question.ts'
import { edits, useQuestionnaire } from './store.ts'

/** A threshold as a person typed it or the scores chose it (a number of few places: `plainThreshold`). */
export const thresholdWords = (threshold: number) => String(threshold)

export function useChosenThresholds(questionnaire: Questionnaire) {
  const { kept: chosen, change } = useKeptPerQuestion('thresholds', questionnaire.id)
  /** What the last choice did, said beside the question it was made for. */
  const [said, setSaid] = useState<{ title: string; words: string } | null>(null)
  const list = useMemo(
    (): ScoringThresholds =>
      questionnaire.questions.flatMap((question, index) => {
        const threshold = chosen?.[titleOf(question, index)]
        return threshold === undefined ? [] : [[index, threshold] as [number, number]]
      }),
    [chosen, questionnaire],
  )
  /** Reads the question titled `title` at `threshold`, or (null) at its run's own again. */
  const choose = (title: string, threshold: number | null) => {
    const index = questionnaire.questions.findIndex((question, at) => titleOf(question, at) === title)
    const question = questionnaire.questions[index]
    if (!question) return
    change(title, threshold)
    const value = threshold ?? question.threshold
    const editor = useQuestionnaire.getState()
    const inBuild =
      editor.questionnaire.id === questionnaire.id &&
      editor.questionnaire.questions.some((one) => one.id === question.id)
    if (inBuild) editor.change(edits.update(question.id, { threshold: value }), `${question.id}.threshold`)
    const at = thresholdWords(value ?? yesFrom(question))
    setSaid({
      title,
      words:
        threshold === null
          ? `“${title}” reads yes from ${at} again, as its run did${inBuild ? ', here and in Build and run' : ''}.`
          : inBuild
            ? `“${title}” now reads yes from ${at}, here and in the questionnaire open in Build and run: save it there to keep it in its file.`
            : `“${title}” now reads yes from ${at} in these scores. The questionnaire open in Build and run is another one: set its “Yes from” to keep it.`,
    })
  }
  return { list, chosen: chosen ?? {}, choose, said }
}
