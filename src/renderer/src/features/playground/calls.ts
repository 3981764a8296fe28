// One playground turn, sent plainly or streamed: a streamed call collects its events, its wire records and its
// end (keyed by the request id), and can be cancelled.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { AppError } from '#shared/ipc/app-error'
import type { EventPayload } from '#shared/ipc/events'
import type { WireRecord } from '#shared/ipc/routes/playground'
import { invoke, on, queryKeys } from '../../ipc.ts'

export interface StreamedEvent {
  at: number
  event?: string | undefined
  data: unknown
}

export interface StreamResult {
  events: StreamedEvent[]
  wire: WireRecord[]
  endedAt: number
}

/** Starts a streamed call and resolves when it ends; `onEvent` sees each event as it arrives. */
export function streamCall(
  start: (requestId: string) => Promise<unknown>,
  onEvent: (events: StreamedEvent[]) => void,
): { requestId: string; done: Promise<StreamResult> } {
  const requestId = crypto.randomUUID()
  const events: StreamedEvent[] = []
  const wire: WireRecord[] = []
  const done = new Promise<StreamResult>((resolve, reject) => {
    const stops = [
      on('stream.event', (payload) => {
        if (payload.requestId !== requestId) return
        events.push({ at: payload.at, event: payload.event, data: payload.data })
        onEvent([...events])
      }),
      on('stream.wire', (payload) => {
        if (payload.requestId === requestId) wire.push(payload.record)
      }),
      on('stream.end', (payload: EventPayload<'stream.end'>) => {
        if (payload.requestId !== requestId) return
        for (const stop of stops) stop()
        if (payload.outcome === 'finished') resolve({ events, wire, endedAt: payload.at })
        else
          reject(
            payload.error
              ? new AppError(payload.error)
              : new AppError({ code: 'cancelled', message: 'Stopped before the answer finished.' }),
          )
      }),
    ]
    start(requestId).catch((error: unknown) => {
      for (const stop of stops) stop()
      reject(error)
    })
  })
  return { requestId, done }
}

/**
 * Why Send waits, if it does: while no model is chosen because the catalog is still arriving (or its starting
 * model is about to be chosen), the composer says so instead of sending a turn without a model.
 */
export function composerWait(
  model: string,
  catalog: { isPending: boolean },
  startingModel: unknown,
): string | null {
  return !model && (catalog.isPending || startingModel !== undefined) ? 'Loading the models…' : null
}

/** A turn in flight: its request id (to cancel), and whether one is running. */
export function useTurnState() {
  const [running, setRunning] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )
  return {
    running,
    error,
    cancel: () => running && void invoke('requests.cancel', { requestId: running }),
    /** A turn that cannot be sent as it stands: the reason is shown where a failed turn's error would be. */
    refuse(reason: string) {
      setError(new AppError({ code: 'validation_failed', message: reason }))
    },
    /** Runs one turn; errors are kept for the screen to show. */
    async run<T>(requestId: string, work: Promise<T>): Promise<T | null> {
      setError(null)
      setRunning(requestId)
      try {
        return await work
      } catch (failure) {
        if (mounted.current) setError(failure)
        return null
      } finally {
        if (mounted.current) setRunning(null)
      }
    },
  }
}

/**
 * Saves a conversation after each answer; it is titled by its first words until the person names it, and
 * `finish` appends an answer, shows it and saves.
 */
export function useConversationSaving<C extends { id: string; title: string; settings: { model: string } }>(
  protocol: 'messages' | 'generative',
  untitled: (conversation: C) => string,
  onChange: (conversation: C) => void,
) {
  const client = useQueryClient()
  const save = useMutation({
    mutationFn: (next: C) =>
      invoke('conversations.save', {
        id: next.id,
        protocol,
        title: next.title || untitled(next),
        model: next.settings.model,
        state: next,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.conversations() }),
  })
  return {
    error: save.error,
    finish(next: C) {
      onChange(next)
      save.mutate(next)
    },
  }
}
