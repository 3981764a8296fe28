// The core's outbound events. Transports (Electron windows, harness sockets) subscribe and forward.
import type { EventName, EventPayload } from '#shared/ipc/events'

export type EventSink = <E extends EventName>(event: E, payload: EventPayload<E>) => void

export interface EventBus {
  emit: EventSink
  subscribe(sink: EventSink): () => void
}

export function createEventBus(): EventBus {
  const sinks = new Set<EventSink>()
  return {
    emit(event, payload) {
      for (const sink of sinks) sink(event, payload)
    },
    subscribe(sink) {
      sinks.add(sink)
      return () => sinks.delete(sink)
    },
  }
}
