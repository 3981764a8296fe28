// The renderer's way to call main: a failed envelope becomes a thrown AppError with its code intact.
import type { EventName, EventPayload } from '#shared/ipc/events'
import type { RouteInput, RouteName, RouteOutput } from '#shared/ipc/routes/index'
import { unwrap } from '#shared/ipc/unwrap'

/**
 * Calls a route. With a `signal` (TanStack Query's, for a read), aborting it tells main to stop the work: the read
 * of a page nobody shows any more is cancelled, not left to finish.
 */
export async function invoke<N extends RouteName>(
  route: N,
  input: RouteInput<N>,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<RouteOutput<N>> {
  const { signal } = options
  if (!signal) return unwrap(await window.bridge.invoke(route, input))
  signal.throwIfAborted()
  const callId = crypto.randomUUID()
  const cancel = () => void window.bridge.invoke('requests.cancel', { requestId: callId })
  signal.addEventListener('abort', cancel, { once: true })
  try {
    return unwrap(await window.bridge.invoke(route, input, callId))
  } finally {
    signal.removeEventListener('abort', cancel)
  }
}

export function on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  return window.bridge.on(event, listener)
}
