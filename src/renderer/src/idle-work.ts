// Work a likely next click needs, done ahead in the page's idle time: one step to an idle period, so that no more
// than a step stands between the page and an input, however long the period the browser offers (up to 50 ms)
// and however slowly a loaded machine runs the step.
import { useEffect } from 'react'

/**
 * Runs `steps` in order, one in each idle period. A new list (or null, for none) drops what is left of the
 * previous one, and so does leaving the screen.
 */
export function useIdleWork(steps: readonly (() => void)[] | null): void {
  useEffect(() => {
    if (!steps || steps.length === 0) return
    let next = 0
    let handle = 0
    const work = () => {
      steps[next++]?.()
      if (next < steps.length) handle = window.requestIdleCallback(work)
    }
    handle = window.requestIdleCallback(work)
    return () => window.cancelIdleCallback(handle)
  }, [steps])
}
