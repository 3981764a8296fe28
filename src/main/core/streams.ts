// Forwards a streamed call to the renderer as contract events, keyed by request id, and always ends it with
// exactly one `stream.end`, also when the person cancels.
import { AppError } from '#shared/ipc/app-error'
import type { HandlersFor } from '#shared/ipc/contract'
import type { streamRoutes } from '#shared/ipc/routes/streams'
import type { EventBus } from './events.ts'
import type { Gateway } from './gateway/gateway.ts'
import type { RequestRegistry } from './requests.ts'

type Opened = { events: AsyncGenerator<{ event: string | undefined; data: unknown }> }

export function forwardStream(
  requestId: string,
  deps: { events: EventBus; requests: RequestRegistry },
  open: (signal: AbortSignal) => Promise<Opened>,
): void {
  const started = performance.now()
  const at = () => Math.round(performance.now() - started)
  void deps.requests
    .run(requestId, async (signal) => {
      try {
        const stream = await open(signal)
        for await (const item of stream.events) {
          deps.events.emit('stream.event', {
            requestId,
            at: at(),
            ...(item.event ? { event: item.event } : {}),
            data: item.data,
          })
        }
        deps.events.emit('stream.end', { requestId, at: at(), outcome: 'finished' })
      } catch (error) {
        const failure =
          error instanceof AppError
            ? error
            : new AppError({ code: 'internal_error', message: 'The stream failed.' })
        const cancelled = signal.aborted || failure.code === 'cancelled'
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
}

export function streamHandlers(deps: {
  events: EventBus
  requests: RequestRegistry
  gateway: Gateway
}): HandlersFor<typeof streamRoutes> {
  return {
    'streams.messages': ({ requestId, body }) => {
      forwardStream(requestId, deps, (signal) => deps.gateway.streamMessage(body, { signal }))
      return { requestId }
    },
    'streams.generateContent': ({ requestId, model, body }) => {
      forwardStream(requestId, deps, (signal) => deps.gateway.streamGenerateContent(model, body, { signal }))
      return { requestId }
    },
  }
}
