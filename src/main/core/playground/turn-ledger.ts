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
import type { History } from '../history/history.ts'
import type { ProfileScope } from '../profiles/profile-scope.ts'

type Usage =
  | { protocol: 'messages'; usage: { input_tokens: number; output_tokens: number } }
  | { protocol: 'generative'; usage: UsageMetadata }

export interface Turn {
  requestId: string | undefined
  conversationId: string | undefined
  model: string
}

type StreamItem = { event: string | undefined; data: unknown }

export function createTurnLedger(deps: {
  history: Pick<History, 'playgroundTurns' | 'transaction'>
  now?: () => number
}) {
  const now = deps.now ?? Date.now

  async function record(scope: ProfileScope, turn: Turn, billed: Usage): Promise<void> {
    const model = turn.model.replace(/^models\//, '')
    const prices = await scope.catalog
      .model(model, false)
      .then(({ model: found }) => found.prices)
      .catch(() => null)
    if (!prices) return
    const cost =
      billed.protocol === 'messages'
        ? messagesTurnCost(prices, billed.usage)
        : (generateTurnCost(prices, billed.usage)?.total ?? null)
    if (cost === null) return
    deps.history.transaction(() =>
      deps.history.playgroundTurns.insert({
        id: turn.requestId ?? randomUUID(),
        at: now(),
        profileId: scope.profileId,
        protocol: billed.protocol,
        model,
        conversationId: turn.conversationId ?? null,
        usageJson: JSON.stringify(billed.usage),
        cost,
      }),
    )
  }

  return {
    record,
    /** Passes a stream's events on and, once it has finished, enters what the whole turn used. */
    async *tallying(
      scope: ProfileScope,
      turn: Turn,
      protocol: Usage['protocol'],
      events: AsyncGenerator<StreamItem>,
    ): AsyncGenerator<StreamItem> {
      const seen: unknown[] = []
      for await (const item of events) {
        seen.push(item.data)
        yield item
      }
      if (protocol === 'messages') {
        const message = assembleMessage(seen as Parameters<typeof assembleMessage>[0])
        if (message) await record(scope, turn, { protocol, usage: message.usage })
      } else {
        const usage = assembleGenerate(seen as GenerateContentResponse[])?.usageMetadata
        if (usage) await record(scope, turn, { protocol, usage })
      }
    },
  }
}

export type TurnLedger = ReturnType<typeof createTurnLedger>
