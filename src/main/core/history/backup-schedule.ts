// When the history is backed up: in the background worker, checked each hour from an hour after the start (an
// owner that lives a moment, a command, never copies the history), one copy at a time, at most once a day
// (`backup.ts` decides). A quit waits for a copy under way only as long as a worker's close may take; a copy cut
// short is a temporary file, removed by the next.
import type { Log } from '../log.ts'

export function scheduleBackups(deps: {
  /** Backs the history up if a day has passed; 'damaged' when its pages could not all be read. */
  backUp: () => Promise<unknown>
  /** Tells the person (a notice). */
  notice: (text: string) => void
  log: Pick<Log, 'warn'>
}): { stop(): void } {
  let backingUp = false
  const check = () => {
    // One at a time: a copy of a large history may outlast the hour between checks.
    if (backingUp) return
    backingUp = true
    void deps
      .backUp()
      .then(
        (done) => {
          if (done === 'damaged')
            deps.notice(
              "Some of the history's pages could not be read, so its last backup was kept as it was. Export the history (Settings › History) to keep what still reads.",
            )
        },
        (error: unknown) => deps.log.warn('the history could not be backed up', error),
      )
      .finally(() => {
        backingUp = false
      })
  }
  const clock = setInterval(check, 60 * 60 * 1000)
  clock.unref()
  return { stop: () => clearInterval(clock) }
}
