// The questionnaire being built survives a restart: kept in the history as it changes (each step at once,
// typing a moment after the last keystroke, and whatever is pending when the window closes), and opened again
// on the first visit to the builder after a start.
import { useEffect } from 'react'
import type { Questionnaire } from '#shared/domain/questionnaire'
import { invoke } from '../../ipc.ts'
import { useQuestionnaire } from './store.ts'

const keepAfterMs = 400
let restoring: Promise<void> | null = null
/** True while the kept draft is being opened: it is in the history already, so opening it writes nothing. */
let opening = false

/** Opens the kept draft once per start, unless the person has already begun another. */
function restoreOnce(): Promise<void> {
  restoring ??= invoke('drafts.get', { kind: 'questionnaire' })
    .then(({ draft }) => {
      const state = useQuestionnaire.getState()
      if (draft && state.past.length === 0 && state.questionnaire.questions.length === 0) {
        opening = true
        try {
          state.load(draft as Questionnaire)
        } finally {
          opening = false
        }
      }
    })
    .catch(() => {
      // No draft to open: the builder starts empty, as on a first launch.
    })
  return restoring
}

export function useDraftKeeping(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const keep = () => {
      timer = undefined
      const draft = useQuestionnaire.getState().questionnaire
      void invoke('drafts.keep', { kind: 'questionnaire', draft }).catch(() => {
        // The next edit tries again.
      })
    }
    /** Whatever is pending is written now: leaving the screen, or closing the window, loses nothing. */
    const keepPending = () => {
      if (timer === undefined) return
      clearTimeout(timer)
      keep()
    }
    // Edits are kept from the first one, even those made while the kept draft is still being read (a busy
    // core answers late); the kept draft is then not opened over them.
    const unsubscribe = useQuestionnaire.subscribe((state, previous) => {
      if (state.questionnaire === previous.questionnaire || opening) return
      clearTimeout(timer)
      // Typing is kept a moment after the last keystroke; a step (a question added, an undo, a template
      // opened) at once, so quitting right after one never loses it.
      if (state.typing) timer = setTimeout(keep, keepAfterMs)
      else keep()
    })
    void restoreOnce()
    window.addEventListener('pagehide', keepPending)
    return () => {
      unsubscribe()
      window.removeEventListener('pagehide', keepPending)
      keepPending()
    }
  }, [])
}
