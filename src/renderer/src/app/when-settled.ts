// Work for later in a start, such as main reading the kept catalog ahead: it waits until the screen shown has
// its data, so that no answer that screen waits for comes behind it.
import type { QueryClient } from '@tanstack/react-query'

/** Runs `run` in the page's next idle period, or after two seconds when none comes. */
export const whenIdle = (run: () => void) => window.requestIdleCallback(run, { timeout: 2000 })

/** Runs `run` once, in an idle period after no query is being fetched; returns what cancels it. */
export function whenQueriesSettle(client: QueryClient, run: () => void, idle = whenIdle): () => void {
  let waiting = true
  const check = () => {
    if (!waiting || client.isFetching() > 0) return
    waiting = false
    unsubscribe()
    idle(() => {
      // A query that started meanwhile comes first too.
      if (cancelled) return
      if (client.isFetching() > 0) {
        cancel = whenQueriesSettle(client, run, idle)
        return
      }
      run()
    })
  }
  let cancelled = false
  let cancel = () => {}
  const unsubscribe = client.getQueryCache().subscribe(check)
  check()
  return () => {
    cancelled = true
    waiting = false
    unsubscribe()
    cancel()
  }
}
