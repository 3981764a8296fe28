// Work a likely next click needs, done ahead in the page's idle time: one step at a time, only while the idle
// period has room for it, so no step delays a frame or an input.
import { useEffect } from 'react'

/** An idle period with less time left than this takes no further step. */
const roomForAStepMs = 8

/**
 * Runs `steps` in order during idle periods, as many per period as it has room for. A new list (or null, for
 * none) drops what is left of the previous one, and so does leaving the screen.
 */
export function useIdleWork(steps: readonly (() => void)[] | null): void {
  useEffect(() => {
    if (!steps || steps.length === 0) return
    let next = 0
    let handle = 0
    const work = (deadline: IdleDeadline) => {
      do steps[next++]?.()
      while (next < steps.length && deadline.timeRemaining() >= roomForAStepMs)
      if (next < steps.length) handle = window.requestIdleCallback(work)
    }
    handle = window.requestIdleCallback(work)
    return () => window.cancelIdleCallback(handle)
  }, [steps])
}
