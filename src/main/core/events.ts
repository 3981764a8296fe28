// The core's outbound events. Transports (Electron windows, harness sockets) subscribe and forward.
import type { EventName, EventPayload } from '#shared/ipc/events'

export type EventSink = <E extends EventName>(event: E, payload: EventPayload<E>) => void

export interface EventBus {
  emit: EventSink
  subscribe(sink: EventSink): () => void
}

/** `outbound` prepares a payload once for every transport (secrets taken out). */
export function createEventBus(
  outbound: <E extends EventName>(event: E, payload: EventPayload<E>) => EventPayload<E> = (_, payload) =>
    payload,
): EventBus {
  const sinks = new Set<EventSink>()
  return {
    emit(event, payload) {
      if (sinks.size === 0) return
      const sent = outbound(event, payload)
      for (const sink of sinks) sink(event, sent)
    },
    subscribe(sink) {
      sinks.add(sink)
      return () => sinks.delete(sink)
    },
  }
}
