// The renderer's way to call main: a failed envelope becomes a thrown AppError with its code intact.
import { AppError } from '#shared/ipc/app-error'
import type { EventName, EventPayload } from '#shared/ipc/events'
import type { RouteInput, RouteName, RouteOutput } from '#shared/ipc/routes/index'

export async function invoke<N extends RouteName>(route: N, input: RouteInput<N>): Promise<RouteOutput<N>> {
  const result = await window.bridge.invoke(route, input)
  if (!result.ok) throw new AppError(result.error)
  return result.data
}

export function on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  return window.bridge.on(event, listener)
}
