// What the app tells the person above every screen until it no longer holds: an import applied or undone at start,
// what opening the history and the workers found, a link or file the OS asked to open that could not be, a damaged
// row left out of its list, and keys kept in memory only. The window hears when the list changes.
import type { History } from '../history/history.ts'
import type { SecretStore } from '../secrets/secret-store.ts'

export function createNotices(deps: {
  /** What the start found of an import (applied, or undone). */
  imported: readonly string[]
  history: Pick<History, 'notices' | 'damaged'>
  secrets: Pick<SecretStore, 'storage' | 'values'>
  /** Tells the window the list changed. */
  changed: () => void
}) {
  const { history, secrets } = deps
  const found: string[] = []
  const refusedLinks: string[] = []
  history.damaged.onNew = deps.changed
  return {
    /** A notice of a worker's, or of the background work (a backup kept as it was). */
    add(notice: string): void {
      found.push(notice)
      deps.changed()
    },
    /** What the OS asked the app to open (a link, a file) and could not be: the latest one. */
    refused(notice: string): void {
      refusedLinks.splice(0, refusedLinks.length, notice)
      deps.changed()
    },
    list(): string[] {
      const storage = secrets.storage()
      const storageNotice =
        storage.persistent || secrets.values().length === 0
          ? []
          : [
              'Your API keys are kept in memory only, because this system offers no secure storage. They are forgotten when the app quits.',
            ]
      const damaged = history.damaged
        .list()
        .map(
          ({ what, id, problem }) =>
            `${problem} (The ${what} is ${id.slice(0, 36)}; the rest of its list loaded.)`,
        )
      return [...deps.imported, ...history.notices, ...found, ...refusedLinks, ...damaged, ...storageNotice]
    },
  }
}
