// What a request will cost, before it is sent, for the budget check. Where the profile has paid for the same
// kind of request on the same model lately, the mean of those is the estimate (what a batch does once its rows
// are priced); before that, the request's size at the prices of the catalog kept now — never fetched for it, so
// no request waits on a catalog download. A video is priced by its seconds and resolution, as the service
// pre-authorizes it (document 2). A profile with no budget (and the Sandbox) is not estimated at all.
import type { GenerateContentRequest } from '#shared/api/generative'
import type { MessagesRequest } from '#shared/api/messages'
import type { VideoCreateRequest } from '#shared/api/videos'
import { estimateDecisionUnits } from '#shared/domain/decision-cost'
import { type Amount, multiply, parseAmount } from '#shared/domain/money'
import { estimateTokens } from '#shared/domain/tokens'
import { estimateVideoCost } from '#shared/domain/videos'
import type { DecisionCall } from '#shared/ipc/routes/decisions'
import { decisionModelOf } from '../decisions/decision-caller.ts'
import type { History } from '../history/history.ts'
import type { ProfileScope } from '../profiles/profile-scope.ts'

/** Output tokens of a one-megapixel image at medium quality: an image's estimate before the first is priced. */
const imageOutputTokens = 1056
/** Output tokens a turn is assumed to write when the request sets no limit. */
const defaultTurnOutputTokens = 1024

const times = (price: string | null | undefined, tokens: number): Amount =>
  price ? multiply(parseAmount(price), tokens) : 0n

export function createEstimates(
  history: Pick<History, 'spend'>,
  /** Whether a profile's requests are checked against a budget: only then are they estimated. */
  checked: (profileId: string) => boolean,
) {
  const prices = async (scope: ProfileScope, model: string) =>
    scope.catalog.keptModel(model.replace(/^models\//, '')).catch(() => null)

  return {
    async decision(scope: ProfileScope, run: DecisionCall): Promise<Amount> {
      if (!checked(scope.profileId)) return 0n
      const [found] = (await scope.catalog.keptNamed('decision', run.body.model).catch(() => []))
        .map(decisionModelOf)
        .filter((model) => model !== null && (model.id === run.body.model || model.alias === run.body.model))
      const model = found ?? null
      if (!model) return history.spend.recentMean(scope.profileId, 'decision', run.body.model) ?? 0n
      const input = run.endpoint === 'native' ? run.body.state : run.body.input
      return estimateDecisionUnits(model, input, run.body.questions)
    },
    async images(
      scope: ProfileScope,
      request: { model: string; prompt: string; count: number; promptPrice: string; completionPrice: string },
    ): Promise<Amount> {
      if (!checked(scope.profileId)) return 0n
      const recent = history.spend.recentMean(scope.profileId, 'image', request.model)
      if (recent !== null) return recent * BigInt(request.count)
      return (
        times(request.promptPrice, estimateTokens(request.prompt)) +
        times(request.completionPrice, imageOutputTokens * request.count)
      )
    },
    async video(scope: ProfileScope, request: VideoCreateRequest): Promise<Amount> {
      if (!checked(scope.profileId)) return 0n
      const model = await prices(scope, request.model)
      if (!model?.perSecond) return history.spend.recentMean(scope.profileId, 'video', request.model) ?? 0n
      return estimateVideoCost(model.perSecond, request.resolution, request.duration ?? 5)
    },
    async messagesTurn(scope: ProfileScope, body: MessagesRequest): Promise<Amount> {
      if (!checked(scope.profileId)) return 0n
      const recent = history.spend.recentMean(scope.profileId, 'playground', body.model)
      if (recent !== null) return recent
      const model = await prices(scope, body.model)
      return (
        times(model?.prices.prompt, estimateTokens([body.system, body.messages, body.tools])) +
        times(model?.prices.completion, body.max_tokens)
      )
    },
    async generateTurn(scope: ProfileScope, modelId: string, body: GenerateContentRequest): Promise<Amount> {
      if (!checked(scope.profileId)) return 0n
      const recent = history.spend.recentMean(scope.profileId, 'playground', modelId)
      if (recent !== null) return recent
      const model = await prices(scope, modelId)
      const limit = body.generationConfig?.maxOutputTokens
      return (
        times(model?.prices.prompt, estimateTokens([body.systemInstruction, body.contents])) +
        times(model?.prices.completion, typeof limit === 'number' ? limit : defaultTurnOutputTokens)
      )
    },
    async cache(
      scope: ProfileScope,
      body: { model: string; contents?: unknown; systemInstruction?: unknown },
    ) {
      if (!checked(scope.profileId)) return 0n
      const model = await prices(scope, body.model)
      return times(model?.prices.cacheWrite5m, estimateTokens([body.systemInstruction, body.contents]))
    },
  }
}

export type Estimates = ReturnType<typeof createEstimates>
