// One decision request through the gateway, priced from the catalog. Single runs and batches both call here.
import type { UnifiedModel } from '#shared/api/models'
import { decisionCost } from '#shared/domain/decision-cost'
import type { DecisionModelTraits } from '#shared/domain/decisions'
import type { ModelFieldQuery } from '#shared/ipc/routes/catalog'
import type { DecisionCall, DecisionModel } from '#shared/ipc/routes/decisions'
import type { Gateway } from '../gateway/gateway.ts'
import type { ProfileCatalog } from '../profiles/profile-scope.ts'
import type { Hold } from '../spend/hold.ts'

/** Decision models of the catalog: those that accept decisions (a `safety_identifier` parameter). */
export function decisionModelOf(model: UnifiedModel): DecisionModel | null {
  if (!model.supported_parameters.includes('safety_identifier')) return null
  const readsImages = model.architecture.input_modalities.includes('image')
  const dedicated = !readsImages && model.pricing.completion === '0'
  return {
    id: model.id,
    name: model.name,
    // The id without its provider (everything after the first slash), as the native path accepts it.
    alias: dedicated && model.id.includes('/') ? model.id.slice(model.id.indexOf('/') + 1) : null,
    readsImages,
    dedicated,
    contextLength: model.context_length ?? null,
    promptPrice: model.pricing.prompt,
    completionPrice: model.pricing.completion,
  }
}

export function createDecisionCaller(deps: {
  gateway: Gateway
  catalog: Pick<ProfileCatalog, 'picks' | 'named'>
}) {
  /** The decision model among `found` that a request names `name` (by its id or its alias). */
  const namedAs = (found: UnifiedModel[], name: string) =>
    found
      .map(decisionModelOf)
      .find((m): m is DecisionModel => m !== null && (m.id === name || m.alias === name))
  const traitsOf = (model: DecisionModel | undefined): DecisionModelTraits | null =>
    model ? { id: model.id, dedicated: model.dedicated, readsImages: model.readsImages } : null

  return {
    /** What the model field shows: the decision models that match what is typed, and the chosen one. */
    async models(query: ModelFieldQuery, signal?: AbortSignal) {
      const found = await deps.catalog.picks('decision', query, signal)
      return {
        models: found.models.map(decisionModelOf).filter((m): m is DecisionModel => m !== null),
        total: found.total,
        chosen: namedAs(found.chosen, query.chosen) ?? null,
      }
    },
    /** The model a request names (by id or alias), when the catalog knows it: looked up, not listed. */
    async modelOf(name: string): Promise<DecisionModel | undefined> {
      return namedAs(await deps.catalog.named('decision', name).catch(() => []), name)
    },
    /** Sends `run` under `hold`; `cost` is null when the catalog has no price for the model. */
    async call(run: DecisionCall, signal: AbortSignal, hold: Hold) {
      const model = await this.modelOf(run.body.model)
      const { response, usage } =
        run.endpoint === 'native'
          ? await deps.gateway.decideNative(run.body, traitsOf(model), { signal, hold }).then(({ data }) => ({
              response: data,
              usage: { input: data.usage.input_tokens, output: data.usage.output_tokens },
            }))
          : await deps.gateway
              .decide(run.body, traitsOf(model), run.endpoint, { signal, hold })
              .then(({ data }) => ({
                response: data,
                usage: { input: data.usage.prompt_tokens, output: data.usage.completion_tokens },
              }))
      const { cost, billedTokens } = model ? decisionCost(model, usage) : { cost: null, billedTokens: 0 }
      return { response, cost, billedTokens, model }
    },
  }
}

export type DecisionCaller = ReturnType<typeof createDecisionCaller>
