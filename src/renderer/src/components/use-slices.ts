// Builds a long list a slice per frame when it first appears, so no single task builds it all: opening a
// questionnaire of fifty questions shows the first ones at once and the rest over the next frames. Once the
// whole list is built it follows every change at once (a question added is there in the same render).
import { useEffect, useState } from 'react'

const whole = Number.POSITIVE_INFINITY

/** How many of `total` items to build now; `identity` names the list (a new one starts from a slice). */
export function useSlices(total: number, identity: string, slice = 8): number {
  const start = () => ({ identity, built: total <= slice ? whole : slice })
  const [state, setState] = useState(start)
  const current = state.identity === identity ? state : start()
  if (current !== state) setState(current)
  const { built } = current
  useEffect(() => {
    if (built === whole) return
    const frame = requestAnimationFrame(() =>
      setState((now) => ({ ...now, built: now.built + slice >= total ? whole : now.built + slice })),
    )
    return () => cancelAnimationFrame(frame)
  }, [built, total, slice])
  return built === whole ? total : Math.min(built, total)
}
