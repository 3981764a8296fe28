// What a screen was writing and has not sent (a prompt, a message, the content to evaluate): held in the screen's
// store, so switching screens keeps it, and kept in the history a moment after it changes, so a restart does too.
// Opened again once per start, unless the person has already begun another.
import { useEffect } from 'react'
import type { StoreApi, UseBoundStore } from 'zustand'
import { shallow } from 'zustand/shallow'
import type { DraftKind, DraftOf } from '#shared/domain/drafts'
import { invoke } from './ipc.ts'

const keepAfterMs = 400

export interface KeptDraft<S, K extends DraftKind> {
  kind: K
  store: UseBoundStore<StoreApi<S>>
  /** The part of the store that is the draft (compared field by field to see a change). */
  draft: (state: S) => DraftOf<K>
  /** Whether the store holds nothing the person wrote: only then is a kept draft opened over it. */
  blank: (state: S) => boolean
  /** Puts a kept draft back in the store. */
  restore: (draft: DraftOf<K>) => void
}

const restoring = new Map<DraftKind, Promise<void>>()
/** The kinds whose kept draft is being opened: it is in the history already, so opening it writes nothing. */
const opening = new Set<DraftKind>()

function restoreOnce<S, K extends DraftKind>(kept: KeptDraft<S, K>): Promise<void> {
  let done = restoring.get(kept.kind)
  if (!done) {
    done = invoke('drafts.get', { kind: kept.kind })
      // Main answers a kept draft only when it still reads as this screen's draft.
      .then(({ draft }) => {
        if (draft === null || !kept.blank(kept.store.getState())) return
        opening.add(kept.kind)
        try {
          kept.restore(draft as DraftOf<K>)
        } finally {
          opening.delete(kept.kind)
        }
      })
      .catch(() => {
        // Nothing kept that can be read: the screen starts empty, as on a first launch.
      })
    restoring.set(kept.kind, done)
  }
  return done
}

/** Keeps a screen's draft while the screen is shown; what is pending is written when it goes or the window closes. */
export function useKeptDraft<S, K extends DraftKind>(kept: KeptDraft<S, K>): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one keeping per kind, for as long as the screen is shown.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const keep = () => {
      timer = undefined
      const draft = kept.draft(kept.store.getState())
      void invoke('drafts.keep', { kind: kept.kind, draft }).catch(() => {
        // Too big to keep, or the core is busy: the next change tries again; the screen still holds it.
      })
    }
    const keepPending = () => {
      if (timer === undefined) return
      clearTimeout(timer)
      keep()
    }
    // Changes are kept from the first, even while the kept draft is still being read; it is then not opened.
    const unsubscribe = kept.store.subscribe((state, previous) => {
      if (opening.has(kept.kind) || shallow(kept.draft(state), kept.draft(previous))) return
      clearTimeout(timer)
      timer = setTimeout(keep, keepAfterMs)
    })
    void restoreOnce(kept)
    window.addEventListener('pagehide', keepPending)
    return () => {
      unsubscribe()
      window.removeEventListener('pagehide', keepPending)
      keepPending()
    }
  }, [kept.kind])
}
