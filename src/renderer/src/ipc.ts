// The renderer's way to call main: a failed envelope becomes a thrown AppError with its code intact.
import type { EventName, EventPayload } from '#shared/ipc/events'
import type { RouteInput, RouteName, RouteOutput } from '#shared/ipc/routes/index'
import { unwrap } from '#shared/ipc/unwrap'

export async function invoke<N extends RouteName>(route: N, input: RouteInput<N>): Promise<RouteOutput<N>> {
  return unwrap(await window.bridge.invoke(route, input))
}

export function on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  return window.bridge.on(event, listener)
}
