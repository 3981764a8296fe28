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
 * makes the window read each topic again once, not once a write. A topic given a pace (`paced`, in ms: one that
 * changes with every batch row or request) is told at most that often, the pace after its first change.
 */
export function createEventBus(
  outbound: <E extends EventName>(event: E, payload: EventPayload<E>) => EventPayload<E> = (_, payload) =>
    payload,
  paced: Partial<Record<DataTopic, number>> = {},
): EventBus {
  const sinks = new Set<EventSink>()
  const send: EventSink = (event, payload) => {
    if (sinks.size === 0) return
    const sent = outbound(event, payload)
    for (const sink of sinks) sink(event, sent)
  }
  let changed: Set<DataTopic> | null = null
  const tell = (topic: DataTopic) => {
    if (!changed) {
      changed = new Set()
      setImmediate(() => {
        const topics = [...(changed ?? [])]
        changed = null
        send('data.changed', { topics })
      })
    }
    changed.add(topic)
  }
  /** The paced topics that changed and wait for their pace. */
  const waiting = new Set<DataTopic>()
  return {
    emit(event, payload) {
      if (event !== 'data.changed') return send(event, payload)
      for (const topic of (payload as EventPayload<'data.changed'>).topics) {
        const pace = paced[topic]
        if (pace === undefined) tell(topic)
        else if (!waiting.has(topic)) {
          waiting.add(topic)
          // Never what keeps a closing process alive: a change told after the close has no one to tell.
          setTimeout(() => {
            waiting.delete(topic)
            tell(topic)
          }, pace).unref()
        }
      }
    },
    subscribe(sink) {
      sinks.add(sink)
      return () => sinks.delete(sink)
    },
  }
}
