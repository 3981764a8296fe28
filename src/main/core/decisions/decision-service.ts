// Runs questionnaires through the gateway, prices each run from the catalog (the dedicated model bills input
// tokens only), and keeps runs and questionnaires in the history.
import { randomUUID } from 'node:crypto'
import type { UnifiedModel } from '#shared/api/models'
import type { DecisionModelTraits } from '#shared/domain/decisions'
import { formatAmount, multiply, parseAmount } from '#shared/domain/money'
import { AppError } from '#shared/ipc/app-error'
import type { HandlersFor } from '#shared/ipc/contract'
import type { DecisionModel, decisionRoutes } from '#shared/ipc/routes/decisions'
import type { CatalogService } from '../catalog/catalog-service.ts'
import type { Gateway } from '../gateway/gateway.ts'
import type { History } from '../history/history.ts'
import type { RequestRegistry } from '../requests.ts'

/** Decision models of the catalog: those that accept decisions (a `safety_identifier` parameter). */
export function decisionModelOf(model: UnifiedModel): DecisionModel | null {
  if (!model.supported_parameters.includes('safety_identifier')) return null
  const readsImages = model.architecture.input_modalities.includes('image')
  const dedicated = !readsImages && model.pricing.completion === '0'
  return {
    id: model.id,
    name: model.name,
    alias: dedicated ? (model.id.split('/')[1] ?? null) : null,
    readsImages,
    dedicated,
    contextLength: model.context_length ?? null,
    promptPrice: model.pricing.prompt,
    completionPrice: model.pricing.completion,
  }
}

export function decisionHandlers(deps: {
  gateway: Gateway
  catalog: CatalogService
  history: History
  requests: RequestRegistry
  now?: () => number
}): HandlersFor<typeof decisionRoutes> {
  const now = deps.now ?? Date.now
  const models = async () =>
    (await deps.catalog.models(false)).models
      .map(decisionModelOf)
      .filter((model): model is DecisionModel => model !== null)
  const traitsOf = (model: DecisionModel | undefined): DecisionModelTraits | null =>
    model ? { id: model.id, dedicated: model.dedicated, readsImages: model.readsImages } : null

  return {
    'decisions.models': () => models(),
    'decisions.run': async ({ requestId, questionnaireId, run }) => {
      const known = await models().catch(() => [] as DecisionModel[])
      const model = known.find((m) => m.id === run.body.model || m.alias === run.body.model)
      const { response, usage } = await deps.requests.run(requestId, async (signal) => {
        if (run.endpoint === 'native') {
          const { data } = await deps.gateway.decideNative(run.body, traitsOf(model), { signal })
          return {
            response: data,
            usage: { input: data.usage.input_tokens, output: data.usage.output_tokens },
          }
        }
        const { data } = await deps.gateway.decide(run.body, traitsOf(model), run.endpoint, { signal })
        return {
          response: data,
          usage: { input: data.usage.prompt_tokens, output: data.usage.completion_tokens },
        }
      })
      const billedTokens = model?.dedicated ? usage.input : usage.input + usage.output
      const cost = model
        ? formatAmount(
            multiply(parseAmount(model.promptPrice), usage.input) +
              (model.dedicated ? 0n : multiply(parseAmount(model.completionPrice), usage.output)),
          )
        : null
      const runId = randomUUID()
      deps.history.transaction(() =>
        deps.history.decisionRuns.insert({
          id: runId,
          // A run of a questionnaire that was never saved is kept without the link.
          questionnaireId:
            questionnaireId && deps.history.questionnaires.exists(questionnaireId) ? questionnaireId : null,
          batchId: null,
          model: run.body.model,
          endpoint: run.endpoint,
          requestJson: JSON.stringify(run.body),
          responseJson: JSON.stringify(response),
          errorJson: null,
          cost,
          createdAt: now(),
        }),
      )
      return { runId, response, cost, billedTokens }
    },
    'questionnaires.save': (questionnaire) => ({
      version: deps.history.transaction(() =>
        deps.history.questionnaires.save(
          questionnaire.id,
          questionnaire.name,
          JSON.stringify(questionnaire),
          now(),
        ),
      ),
    }),
    'questionnaires.list': () =>
      deps.history.questionnaires
        .list()
        .map(({ id, name, latestVersion, updatedAt }) => ({ id, name, latestVersion, updatedAt })),
    'questionnaires.get': ({ id, version }) => {
      const latest = deps.history.questionnaires.list().find((q) => q.id === id)
      const body = latest
        ? deps.history.questionnaires.version(id, version ?? latest.latestVersion)
        : undefined
      if (!body)
        throw new AppError({
          code: 'not_found',
          message: 'That questionnaire (or version) is not in the history.',
        })
      return JSON.parse(body)
    },
    'questionnaires.delete': ({ id }) => ({
      deleted: deps.history.transaction(() => deps.history.questionnaires.delete(id)),
    }),
  }
}
