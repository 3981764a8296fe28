// What a playground turn cost, entered in the spend ledger: its usage (as the service reported it, whole or at
// the end of a stream) at the model's catalog prices, cached tokens at the cache-read rate (document 3 §8).
import { randomUUID } from 'node:crypto'
import type { GenerateContentResponse, UsageMetadata } from '#shared/api/generative'
import {
  assembleGenerate,
  assembleMessage,
  generateTurnCost,
  messagesTurnCost,
} from '#shared/domain/playground'
import { estimateTokens } from '#shared/domain/tokens'
import type { History } from '../history/history.ts'
import type { ProfileScope } from '../profiles/profile-scope.ts'
import type { Hold } from '../spend/hold.ts'

type Usage =
  | { protocol: 'messages'; usage: { input_tokens: number; output_tokens: number } }
  | { protocol: 'generative'; usage: UsageMetadata }

/**
 * How a stream that did not finish was entered: `cut`, and `estimated` when the service had not said what it
 * billed (its input counted from the request, its output from the text that arrived).
 */
type Cut = { cut: true; estimated: boolean } | Record<string, never>

export interface Turn {
  conversationId: string | undefined
  model: string
  /** The hold the turn was sent under: settled when the turn is entered. */
  hold: Hold
  /** The request's input tokens as counted here, for a stream cut before the service reported its usage. */
  promptTokens?: number
}

type StreamItem = { event: string | undefined; data: unknown }

export function createTurnLedger(deps: {
  history: Pick<History, 'playgroundTurns' | 'transaction'>
  now?: () => number
}) {
  const now = deps.now ?? Date.now

  async function record(scope: ProfileScope, turn: Turn, billed: Usage, cut: Cut = {}): Promise<void> {
    const model = turn.model.replace(/^models\//, '')
    const prices = await scope.catalog
      .model(model, false)
      .then(({ model: found }) => found.prices)
      .catch(() => null)
    const cost = !prices
      ? null
      : billed.protocol === 'messages'
        ? messagesTurnCost(prices, billed.usage)
        : (generateTurnCost(prices, billed.usage)?.total ?? null)
    // The ledger's key is made here: a window's request id only cancels, so the same id sent twice is two turns
    // billed, entered twice.
    const id = randomUUID()
    // A model the kept catalog does not price: the turn enters at the estimate it was held at, marked so.
    if (cost === null)
      return deps.history.transaction(() => turn.hold.settle(false, `${turn.conversationId ?? ''}:${id}`))
    deps.history.transaction(() => {
      deps.history.playgroundTurns.insert({
        id,
        at: now(),
        profileId: scope.profileId,
        protocol: billed.protocol,
        model,
        conversationId: turn.conversationId ?? null,
        usageJson: JSON.stringify({ ...billed.usage, ...cut }),
        cost,
      })
      turn.hold.settle(true, id)
    })
  }

  /**
   * Passes a stream's events on and, once it has ended, enters what the whole turn used — also when it was cut
   * or cancelled after the answer began.
   */
  async function* tallying(
    scope: ProfileScope,
    turn: Turn,
    protocol: Usage['protocol'],
    events: AsyncGenerator<StreamItem>,
  ): AsyncGenerator<StreamItem> {
    const seen: unknown[] = []
    let finished = false
    try {
      for await (const item of events) {
        seen.push(item.data)
        yield item
      }
      finished = true
    } finally {
      // A stream cut or cancelled once answering began has been billed its input at least: it is entered too.
      if (seen.length > 0)
        await enter(scope, turn, protocol, seen, finished).catch(() => {
          // The ledger entry is lost with the history's write; the stream's own outcome stands.
        })
    }
  }

  async function enter(
    scope: ProfileScope,
    turn: Turn,
    protocol: Usage['protocol'],
    seen: unknown[],
    finished: boolean,
  ): Promise<void> {
    if (protocol === 'messages') {
      const message = assembleMessage(seen as Parameters<typeof assembleMessage>[0])
      if (!message) return
      if (finished) return record(scope, turn, { protocol, usage: message.usage })
      // The input is what message_start reported; the output is what arrived, counted here when the service's
      // own count (message_delta) never came.
      const reported = seen.some((event) => (event as { type?: string }).type === 'message_delta')
      const written = estimateTokens(
        message.content.map((block) => (block.type === 'text' ? block.text : '')),
      )
      return record(
        scope,
        turn,
        {
          protocol,
          usage: {
            input_tokens: message.usage.input_tokens,
            output_tokens: reported
              ? message.usage.output_tokens
              : Math.max(message.usage.output_tokens, written),
          },
        },
        { cut: true, estimated: !reported },
      )
    }
    const assembled = assembleGenerate(seen as GenerateContentResponse[])
    if (!assembled) return
    if (finished)
      return assembled.usageMetadata
        ? record(scope, turn, { protocol, usage: assembled.usageMetadata })
        : undefined
    const reported = assembled.usageMetadata
    const written = estimateTokens(
      assembled.candidates[0]?.content.parts.map((part) => part.text ?? '') ?? [],
    )
    return record(
      scope,
      turn,
      {
        protocol,
        usage: reported ?? {
          promptTokenCount: turn.promptTokens ?? 0,
          candidatesTokenCount: written,
          totalTokenCount: (turn.promptTokens ?? 0) + written,
        },
      },
      { cut: true, estimated: !reported },
    )
  }

  return { record, tallying }
}
