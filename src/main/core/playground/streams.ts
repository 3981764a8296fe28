// Forwards a streamed call to the renderer as contract events, keyed by request id, and always ends it with
// exactly one `stream.end`, also when the person cancels.

import type { GenerateContentResponse, Part } from '#shared/api/generative'
import { AppError } from '#shared/ipc/app-error'
import type { HandlersFor } from '#shared/ipc/contract'
import type { WireRecord } from '#shared/ipc/routes/playground'
import type { streamRoutes } from '#shared/ipc/routes/streams'
import type { EventBus } from '../events.ts'
import type { ImageLibrary } from '../images/image-library.ts'
import type { ProfileScopes } from '../profiles/profile-scope.ts'
import type { RequestRegistry } from '../requests.ts'
import { inlineImagesOf, promptOf } from './inline-images.ts'
import { cacheError } from './playground-service.ts'

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
  scopes: Pick<ProfileScopes, 'active'>
  library: ImageLibrary
}): HandlersFor<typeof streamRoutes> {
  const onWire = (requestId: string) => (record: WireRecord) =>
    deps.events.emit('stream.wire', { requestId, record })
  return {
    'streams.messages': ({ requestId, body }) => {
      const { gateway } = deps.scopes.active()
      forwardStream(requestId, deps, (signal) =>
        gateway.streamMessage(body, { signal, onWire: onWire(requestId) }),
      )
      return { requestId }
    },
    'streams.generateContent': ({ requestId, model, body }) => {
      const prompt = promptOf(body)
      const { gateway, profileId } = deps.scopes.active()
      forwardStream(requestId, deps, async (signal) => {
        const opened = await gateway
          .streamGenerateContent(model, body, { signal, onWire: onWire(requestId) })
          .catch((error: unknown) => {
            throw body.cachedContent ? cacheError(error, body.cachedContent) : error
          })
        return {
          events: keepingImages(opened.events, (parts) =>
            keepStreamImages(deps.library, { model, prompt, profileId }, parts),
          ),
        }
      })
      return { requestId }
    },
  }
}

/** Passes the events on, and once the stream has finished keeps the images its parts carried. */
async function* keepingImages(
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

function keepStreamImages(
  library: ImageLibrary,
  { model, prompt, profileId }: { model: string; prompt: string; profileId: string },
  parts: Part[],
) {
  const drawn = inlineImagesOf(parts)
  if (drawn.length === 0) return Promise.resolve([])
  return library.keep(drawn, {
    model,
    profileId,
    prompt: prompt || 'generateContent answer',
    kind: 'generated',
    parentId: null,
    params: { via: 'streamGenerateContent' },
  })
}
