// The questionnaire being built survives a restart: kept in the history as it changes (a moment after the
// last edit), and opened again on the first visit to the builder after a start.
import { useEffect } from 'react'
import { invoke } from '../../ipc.ts'
import { useQuestionnaire } from './store.ts'

const keepAfterMs = 400
let restoring: Promise<void> | null = null

/** Opens the kept draft once per start, unless the person has already begun another. */
function restoreOnce(): Promise<void> {
  restoring ??= invoke('questionnaires.draft', {})
    .then((draft) => {
      const state = useQuestionnaire.getState()
      if (draft && state.past.length === 0 && state.questionnaire.questions.length === 0) state.load(draft)
    })
    .catch(() => {
      // No draft to open: the builder starts empty, as on a first launch.
    })
  return restoring
}

export function useDraftKeeping(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    let unsubscribe = () => {}
    void restoreOnce().then(() => {
      if (stopped) return
      unsubscribe = useQuestionnaire.subscribe((state, previous) => {
        if (state.questionnaire === previous.questionnaire) return
        clearTimeout(timer)
        timer = setTimeout(() => {
          void invoke('questionnaires.keepDraft', useQuestionnaire.getState().questionnaire).catch(() => {
            // The next edit tries again.
          })
        }, keepAfterMs)
      })
    })
    return () => {
      stopped = true
      unsubscribe()
      // Whatever is pending is written now, so leaving the screen loses nothing.
      if (timer !== undefined) {
        clearTimeout(timer)
        void invoke('questionnaires.keepDraft', useQuestionnaire.getState().questionnaire).catch(() => {})
      }
    }
  }, [])
}
