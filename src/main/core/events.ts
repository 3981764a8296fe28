// The core's outbound events. Transports (Electron windows, harness sockets) subscribe and forward.
import type { DataTopic, EventName, EventPayload } from '#shared/ipc/events'

export type EventSink = <E extends EventName>(event: E, payload: EventPayload<E>) => void

export interface EventBus {
  emit: EventSink
  subscribe(sink: EventSink): () => void
}

/**
 * `outbound` prepares a payload once for every transport (secrets taken out). What changed is told once per turn
 * of the loop, every topic that changed in it together: a burst of writes (a webhook's commits, a batch's rows)
 * makes the window read each topic again once, not once a write.
 */
export function createEventBus(
  outbound: <E extends EventName>(event: E, payload: EventPayload<E>) => EventPayload<E> = (_, payload) =>
    payload,
): EventBus {
  const sinks = new Set<EventSink>()
  const send: EventSink = (event, payload) => {
    if (sinks.size === 0) return
    const sent = outbound(event, payload)
    for (const sink of sinks) sink(event, sent)
  }
  let changed: Set<DataTopic> | null = null
  return {
    emit(event, payload) {
      if (event !== 'data.changed') return send(event, payload)
      if (!changed) {
        changed = new Set()
        setImmediate(() => {
          const topics = [...(changed ?? [])]
          changed = null
          send('data.changed', { topics })
        })
      }
      for (const topic of (payload as EventPayload<'data.changed'>).topics) changed.add(topic)
    },
    subscribe(sink) {
      sinks.add(sink)
      return () => sinks.delete(sink)
    },
  }
}
