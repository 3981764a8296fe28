// The playground in main: one messages or generateContent turn with what went over the wire, images of an
// answer kept in the gallery, the cache handles the app created (the service has no list route), and saved
// conversations.
import type { Part } from '#shared/api/generative'
import { formatAmount, multiply, parseAmount } from '#shared/domain/money'
import { estimateTokens } from '#shared/domain/tokens'
import { AppError } from '#shared/ipc/app-error'
import type { RouteInput } from '#shared/ipc/contract'
import type { CacheHandle, playgroundRoutes, WireRecord } from '#shared/ipc/routes/playground'
import type { streamRoutes } from '#shared/ipc/routes/streams'
import type { EventBus } from '../events.ts'
import type { History } from '../history/history.ts'
import type { CacheHandleRow } from '../history/playground.ts'
import type { ImageLibrary } from '../images/image-library.ts'
import type { ProfileScope } from '../profiles/profile-scope.ts'
import type { RequestRegistry } from '../requests.ts'
import type { Redaction } from '../secrets/redaction.ts'
import type { Budgets } from '../spend/budgets.ts'
import type { Estimates } from '../spend/estimates.ts'
import { closeHold } from '../spend/hold.ts'
import { inlineImagesOf, promptOf } from './inline-images.ts'
import { forwardStream, keepingImages } from './streams.ts'
import { createTurnLedger } from './turn-ledger.ts'

type Input<K extends keyof typeof playgroundRoutes> = RouteInput<typeof playgroundRoutes, K>
type StreamInput<K extends keyof typeof streamRoutes> = RouteInput<typeof streamRoutes, K>

/** A 403 on a cache handle means another API key made it (document 3 §5); a 404 that it expired or is gone. */
export function cacheError(error: unknown, name: string): unknown {
  if (!(error instanceof AppError)) return error
  if (error.status === 403)
    return new AppError({
      ...error.toShape(),
      message: `${name} was created with another API key. Only the key that created a cache can use, read or delete it.`,
      hint: 'Switch to the profile whose key created it, or create a new cache with this key.',
    })
  if (error.status === 404)
    return new AppError({
      ...error.toShape(),
      message: `${name} has expired or was deleted; the service no longer has it.`,
      hint: 'Create the cache again to keep using its contents.',
    })
  return error
}

/** Native-protocol turns (whole or streamed), the caches this app created and saved conversations. */
export function createPlaygroundService(deps: {
  history: History
  requests: RequestRegistry
  library: ImageLibrary
  events: Pick<EventBus, 'emit'>
  budgets: Pick<Budgets, 'hold' | 'spending'>
  estimates: Pick<Estimates, 'messagesTurn' | 'generateTurn' | 'cache'>
  /** Secrets out of what is streamed, and out of a conversation before it is kept. */
  redaction: Pick<Redaction, 'streamHold' | 'value'>
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  const turns = createTurnLedger(deps)
  const turnCharge = (model: string, estimate: bigint, override: true | undefined) => ({
    what: 'This turn',
    feature: 'playground' as const,
    model: model.replace(/^models\//, ''),
    estimate,
    override,
  })
  const handles = deps.history.cacheHandles
  const stateOf = (row: CacheHandleRow): CacheHandle => ({
    name: row.name,
    model: row.model,
    displayName: row.displayName,
    tokenCount: row.tokenCount,
    writeCost: row.writeCost,
    createdAt: row.createdAt,
    expireAt: row.expireAt,
    state: row.deletedAt !== null ? 'deleted' : row.expireAt <= now() ? 'expired' : 'active',
  })
  /** A cache of the active profile: caches belong to the account that wrote them. */
  const handle = (profileId: string, name: string) => {
    const row = handles.get(profileId, name)
    if (!row)
      throw new AppError({ code: 'not_found', message: `${name} is not one of the caches this app created.` })
    return row
  }
  const changed = () => deps.events.emit('data.changed', { topics: ['caches'] })
  const wired = () => {
    const wire: WireRecord[] = []
    return { wire, onWire: (record: WireRecord) => void wire.push(record) }
  }

  /** Keeps the images an answer's parts carry in the gallery. */
  async function keepImages(
    { model, profileId }: { model: string; profileId: string },
    parts: Part[],
    prompt: string,
    via: 'generateContent' | 'streamGenerateContent',
  ) {
    const drawn = inlineImagesOf(parts)
    if (drawn.length === 0) return []
    return deps.library.keep(drawn, {
      model,
      profileId,
      prompt: prompt || 'generateContent answer',
      kind: 'generated',
      parentId: null,
      params: { via },
    })
  }
  const onWire = (requestId: string) => (record: WireRecord) =>
    deps.events.emit('stream.wire', { requestId, record })

  return {
    async messages(scope: ProfileScope, input: Input<'playground.messages'>) {
      const { requestId, body, conversationId, overBudget } = input
      const estimate = await deps.estimates.messagesTurn(scope, body)
      return deps.budgets.spending(
        scope.profileId,
        turnCharge(body.model, estimate, overBudget),
        async (hold) => {
          const { wire, onWire } = wired()
          const { data } = await deps.requests.run(requestId, (signal) =>
            scope.gateway.sendMessage(body, { signal, onWire, hold }),
          )
          await turns.record(
            scope,
            { conversationId, model: body.model, hold },
            { protocol: 'messages', usage: data.usage },
          )
          return { response: data, wire }
        },
      )
    },
    async generate(scope: ProfileScope, input: Input<'playground.generate'>) {
      const { requestId, model, body, conversationId, overBudget } = input
      const estimate = await deps.estimates.generateTurn(scope, model, body)
      return deps.budgets.spending(scope.profileId, turnCharge(model, estimate, overBudget), async (hold) => {
        const { wire, onWire } = wired()
        const { data } = await deps.requests
          .run(requestId, (signal) => scope.gateway.generateContent(model, body, { signal, onWire, hold }))
          .catch((error: unknown) => {
            throw body.cachedContent ? cacheError(error, body.cachedContent) : error
          })
        if (data.usageMetadata)
          await turns.record(
            scope,
            { conversationId, model, hold },
            { protocol: 'generative', usage: data.usageMetadata },
          )
        const parts = data.candidates[0]?.content.parts ?? []
        return {
          response: data,
          wire,
          images: await keepImages(
            { model, profileId: scope.profileId },
            parts,
            promptOf(body),
            'generateContent',
          ),
        }
      })
    },
    async createCache(scope: ProfileScope, { overBudget, ...body }: Input<'caches.create'>) {
      const { gateway, catalog, profileId } = scope
      const estimate = await deps.estimates.cache(scope, body)
      const charge = {
        what: 'This cache',
        feature: 'cache' as const,
        model: body.model.replace(/^models\//, ''),
        estimate,
      }
      // The hold is let go once the cache's cost is in the ledger, so no request in between goes unchecked.
      const row = await deps.budgets.spending(
        profileId,
        { ...charge, override: overBudget },
        async (hold) => {
          const { data } = await gateway.createCache(body, { hold })
          const prices = await catalog
            .model(charge.model, false)
            .then(({ model }) => model.prices)
            .catch(() => undefined)
          const rate = prices?.cacheWrite5m ?? null
          const kept = {
            name: data.name,
            profileId,
            model: charge.model,
            displayName: data.displayName ?? null,
            tokenCount: data.usageMetadata.totalTokenCount,
            writeCost:
              rate === null
                ? null
                : formatAmount(multiply(parseAmount(rate), data.usageMetadata.totalTokenCount)),
            createdAt: Date.parse(data.createTime) || now(),
            expireAt: Date.parse(data.expireTime),
          }
          deps.history.transaction(() => {
            handles.insert(kept)
            hold.settle(kept.writeCost !== null, `${profileId}:${kept.name}`)
          })
          return kept
        },
      )
      changed()
      return stateOf({ ...row, deletedAt: null })
    },
    caches: ({ profileId }: ProfileScope) => handles.list(profileId).map(stateOf),
    async cache({ gateway, profileId }: ProfileScope, name: string) {
      const row = handle(profileId, name)
      try {
        const { data } = await gateway.getCache(name)
        const expireAt = Date.parse(data.expireTime)
        deps.history.transaction(() => handles.setExpiry(row.profileId, name, expireAt))
        return stateOf({ ...row, expireAt })
      } catch (error) {
        if (error instanceof AppError && error.status === 404) {
          // Gone on the service: it expired (or was deleted elsewhere) even if the clock here says otherwise.
          const expireAt = Math.min(row.expireAt, now())
          deps.history.transaction(() => handles.setExpiry(row.profileId, name, expireAt))
          changed()
          return stateOf({ ...row, expireAt })
        }
        throw cacheError(error, name)
      }
    },
    async deleteCache({ gateway, profileId }: ProfileScope, name: string) {
      const row = handle(profileId, name)
      try {
        await gateway.deleteCache(name)
      } catch (error) {
        if (!(error instanceof AppError && error.status === 404)) throw cacheError(error, name)
      }
      const at = now()
      deps.history.transaction(() => handles.markDeleted(row.profileId, name, at))
      changed()
      return stateOf({ ...row, deletedAt: at })
    },
    // A stream is refused before it starts when it would pass a budget; it holds its estimate until it ends.
    async streamMessages(scope: ProfileScope, input: StreamInput<'streams.messages'>) {
      const { requestId, body, conversationId, overBudget } = input
      const estimate = await deps.estimates.messagesTurn(scope, body)
      const hold = deps.budgets.hold(scope.profileId, turnCharge(body.model, estimate, overBudget))
      const turn = { conversationId, model: body.model, hold }
      forwardStream(
        requestId,
        { ...deps, streamHold: deps.redaction.streamHold },
        async (signal) => {
          const opened = await scope.gateway.streamMessage(body, { signal, onWire: onWire(requestId), hold })
          return { events: turns.tallying(scope, turn, 'messages', opened.events) }
        },
        () => closeHold(hold),
      )
      return { requestId }
    },
    async streamGenerateContent(scope: ProfileScope, input: StreamInput<'streams.generateContent'>) {
      const { requestId, model, body, conversationId, overBudget } = input
      const estimate = await deps.estimates.generateTurn(scope, model, body)
      const hold = deps.budgets.hold(scope.profileId, turnCharge(model, estimate, overBudget))
      const prompt = promptOf(body)
      const turn = {
        conversationId,
        model,
        hold,
        promptTokens: estimateTokens([body.systemInstruction, body.contents]),
      }
      forwardStream(
        requestId,
        { ...deps, streamHold: deps.redaction.streamHold },
        async (signal) => {
          const opened = await scope.gateway
            .streamGenerateContent(model, body, { signal, onWire: onWire(requestId), hold })
            .catch((error: unknown) => {
              throw body.cachedContent ? cacheError(error, body.cachedContent) : error
            })
          const images = keepingImages(opened.events, (parts) =>
            keepImages({ model, profileId: scope.profileId }, parts, prompt, 'streamGenerateContent'),
          )
          return { events: turns.tallying(scope, turn, 'generative', images) }
        },
        () => closeHold(hold),
      )
      return { requestId }
    },
    saveConversation(
      { profileId }: ProfileScope,
      { id, protocol, title, model, state }: Input<'conversations.save'>,
    ) {
      const at = now()
      const existing = deps.history.conversations.get(id)
      deps.history.transaction(() =>
        deps.history.conversations.save({
          id,
          protocol,
          title: title.trim() || 'Untitled conversation',
          model,
          // A key the window pieced together from a stream, or typed, is not kept.
          stateJson: JSON.stringify(deps.redaction.value(state, false)),
          createdAt: existing?.createdAt ?? at,
          updatedAt: at,
          // A conversation stays with the profile it was begun with.
          profileId: existing?.profileId ?? profileId,
        }),
      )
      deps.events.emit('data.changed', { topics: ['conversations'] })
      return { savedAt: at }
    },
    conversations: () => deps.history.conversations.list(200),
    conversation(id: string) {
      const row = deps.history.conversations.get(id)
      if (!row)
        throw new AppError({
          code: 'not_found',
          message: 'That conversation is not in the history any more.',
        })
      return {
        id: row.id,
        protocol: row.protocol,
        title: row.title,
        model: row.model,
        state: JSON.parse(row.stateJson),
      }
    },
    deleteConversation(id: string) {
      const deleted = deps.history.transaction(() => deps.history.conversations.delete(id))
      deps.events.emit('data.changed', { topics: ['conversations'] })
      return { deleted }
    },
  }
}

export type PlaygroundService = ReturnType<typeof createPlaygroundService>
