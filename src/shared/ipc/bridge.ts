// The whole surface the preload (or the harness script) gives the page: two functions, contract names only.
import type { Envelope } from './envelope.ts'
import type { EventName, EventPayload } from './events.ts'
import type { RouteInput, RouteName, RouteOutput } from './routes/index.ts'

export interface Bridge {
  /** `callId` names the call for `requests.cancel`, when the page may stop waiting for it. */
  invoke<N extends RouteName>(
    route: N,
    input: RouteInput<N>,
    callId?: string,
  ): Promise<Envelope<RouteOutput<N>>>
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
}

/** The single IPC channels the bridge uses; the route or event name travels inside. */
export const bridgeChannels = { invoke: 'bridge:invoke', event: 'bridge:event' } as const
