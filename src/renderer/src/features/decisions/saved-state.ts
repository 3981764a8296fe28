// Whether the questionnaire being built is the one saved last under its id, read from the history: an edit in
// Build and run (a threshold taken from the scores too) says so until it is saved, and undoing it says so again.
import { type QueryClient, useQuery } from '@tanstack/react-query'
import { useDeferredValue, useMemo } from 'react'
import type { Questionnaire } from '#shared/domain/questionnaire'
import { invoke, queryKeys } from '../../ipc.ts'

/** A saved questionnaire's version, as the history holds it. */
export const savedVersion = (id: string, version: number | undefined) =>
  [...queryKeys.questionnaires(), id, version] as const

/**
 * A questionnaire as main keeps it (`QuestionnaireBody`: these fields, in this order, nothing else), to compare one
 * saved with one being built without a schema's parse at each keystroke.
 */
const keptForm = (questionnaire: Questionnaire) =>
  JSON.stringify({
    id: questionnaire.id,
    name: questionnaire.name,
    questions: questionnaire.questions.map((question) => ({
      id: question.id,
      kind: question.kind,
      name: question.name,
      instructions: question.instructions,
      instructionsAsJson: question.instructionsAsJson,
      criteriaTrue: question.criteriaTrue,
      criteriaFalse: question.criteriaFalse,
      choices: question.choices.map(({ id, value, description }) => ({ id, value, description })),
      levels: question.levels.map(({ id, label, description }) => ({ id, label, description })),
      threshold: question.threshold,
    })),
  })

/** What a save made the saved version: kept at once, so the words beside Save do not lag behind it. */
export function keepSaved(
  client: QueryClient,
  questionnaire: Questionnaire,
  version: number,
  list: { id: string; name: string; latestVersion: number; updatedAt: number }[] | undefined,
) {
  client.setQueryData(savedVersion(questionnaire.id, version), questionnaire)
  const entry = {
    id: questionnaire.id,
    name: questionnaire.name,
    latestVersion: version,
    updatedAt: Date.now(),
  }
  const others = (list ?? []).filter((one) => one.id !== questionnaire.id)
  client.setQueryData(queryKeys.questionnaires(), [entry, ...others])
}

/** "Not saved", "Saved as version N" or "Changed since version N: not saved"; empty while the history is read. */
export function useSavedState(
  questionnaire: Questionnaire,
  saved: readonly { id: string; latestVersion: number }[] | undefined,
): string {
  // Compared in a render that gives way to typing (a large questionnaire's text is written out for it), and all
  // of it from that render's questionnaire: one opened in place of another is never read against the other's.
  const building = useDeferredValue(questionnaire)
  const entry = saved?.find((one) => one.id === building.id)
  const latest = useQuery({
    queryKey: savedVersion(building.id, entry?.latestVersion),
    queryFn: () => invoke('questionnaires.get', { id: building.id, version: entry?.latestVersion }),
    enabled: entry !== undefined,
  })
  const savedForm = useMemo(
    () => (latest.data ? keptForm(latest.data as Questionnaire) : null),
    [latest.data],
  )
  const same = useMemo(() => savedForm !== null && keptForm(building) === savedForm, [savedForm, building])
  if (!saved) return ''
  if (!entry) return 'Not saved'
  if (!latest.data) return ''
  return same
    ? `Saved as version ${entry.latestVersion}`
    : `Changed since version ${entry.latestVersion}: not saved`
}
