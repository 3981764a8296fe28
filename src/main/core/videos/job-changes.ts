// Which jobs changed, in the order they changed: the page that holds the board's jobs asks what changed since
// the moment it last read them, and reads only those jobs again. The journal lives as long as main's core: a
// mark of another run (its epoch), or one older than what the journal still remembers, is answered with
// nothing, and the page reads every job again.
import { randomUUID } from 'node:crypto'
import type { ChangeMark } from '#shared/ipc/routes/videos'

/** Changes remembered: past this, a page that has not asked for longer reads every job again. */
const remembered = 10_000

export function createJobChanges(limit = remembered) {
  const epoch = randomUUID()
  let version = 0
  /** The ids changed, oldest first: entry i is the change that made version `first + i`. */
  let ids: string[] = []
  let first = 1
  return {
    /** Notes that the job `id` was written: created, moved, given its file, or deleted. */
    touch(id: string): void {
      version++
      ids.push(id)
      if (ids.length > 2 * limit) {
        first += ids.length - limit
        ids = ids.slice(-limit)
      }
    },
    mark: (): ChangeMark => ({ epoch, version }),
    /** The jobs changed after `since` (each once), or undefined when the journal cannot tell. */
    since(since: ChangeMark): string[] | undefined {
      if (since.epoch !== epoch || since.version > version || since.version + 1 < first) return undefined
      return [...new Set(ids.slice(since.version + 1 - first))]
    },
  }
}
