// Forwards a streamed call to the renderer as contract events, keyed by request id, and always ends it with
// exactly one `stream.end`, also when the person cancels.

import type { GenerateContentResponse, Part } from '#shared/api/generative'
import { AppError } from '#shared/ipc/app-error'
import type { EventBus } from '../events.ts'
import type { RequestRegistry } from '../requests.ts'
import type { StreamHold } from '../secrets/redaction.ts'

type Opened = { events: AsyncGenerator<{ event: string | undefined; data: unknown }> }

export function forwardStream(
  requestId: string,
  deps: { events: Pick<EventBus, 'emit'>; requests: RequestRegistry; streamHold: () => StreamHold },
  open: (signal: AbortSignal) => Promise<Opened>,
  /** Called once the stream has ended, however it ended. */
  settled: () => void = () => {},
): void {
  const started = performance.now()
  const at = () => Math.round(performance.now() - started)
  // A secret split across two events is held back until it is whole, so the event redaction sees all of it.
  const hold = deps.streamHold()
  /** An event that gives back text held back, named as the event it came in (an SSE event's name is its type). */
  const giveBack = (data: unknown) => {
    const type = (data as { type?: unknown } | null)?.type
    deps.events.emit('stream.event', {
      requestId,
      at: at(),
      ...(typeof type === 'string' ? { event: type } : {}),
      data,
    })
  }
  const heldBack = () => hold.rest().forEach(giveBack)
  void deps.requests
    .run(requestId, async (signal) => {
      try {
        const stream = await open(signal)
        for await (const item of stream.events) {
          const sent = hold.next(item.data)
          // What a block held back comes first, named as the event it came in; then the event itself.
          sent.slice(0, -1).forEach(giveBack)
          deps.events.emit('stream.event', {
            requestId,
            at: at(),
            ...(item.event ? { event: item.event } : {}),
            data: sent.at(-1),
          })
        }
        heldBack()
        deps.events.emit('stream.end', { requestId, at: at(), outcome: 'finished' })
      } catch (error) {
        const failure =
          error instanceof AppError
            ? error
            : new AppError({ code: 'internal_error', message: 'The stream failed.' })
        const cancelled = signal.aborted || failure.code === 'cancelled'
        heldBack()
        deps.events.emit('stream.end', {
          requestId,
          at: at(),
          outcome: cancelled ? 'cancelled' : 'failed',
          ...(cancelled ? {} : { error: failure.toShape() }),
        })
      }
    })
    .catch((error: AppError) =>
      deps.events.emit('stream.end', { requestId, at: at(), outcome: 'failed', error: error.toShape() }),
    )
    .finally(settled)
}

/** Passes the events on, and once the stream has finished keeps the images its parts carried. */
export async function* keepingImages(
  events: AsyncGenerator<{ event: string | undefined; data: GenerateContentResponse }>,
  keep: (parts: Part[]) => Promise<unknown>,
): AsyncGenerator<{ event: string | undefined; data: unknown }> {
  const parts: Part[] = []
  for await (const item of events) {
    parts.push(...(item.data.candidates[0]?.content.parts ?? []))
    yield item
  }
  await keep(parts)
}
