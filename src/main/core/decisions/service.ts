// Single decision runs and questionnaires: runs kept in the history and re-openable, questionnaires with
// their versions.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { DecisionInput } from '#shared/api/decisions'
import { inputPreview } from '#shared/domain/batch-inputs'
import { AppError } from '#shared/ipc/app-error'
import type { RouteInput } from '#shared/ipc/contract'
import type { ModelFieldQuery } from '#shared/ipc/routes/catalog'
import type { decisionRoutes } from '#shared/ipc/routes/decisions'
import type { History } from '../history/history.ts'
import { storedJson } from '../history/rows.ts'
import type { ProfileScope } from '../profiles/profile-scope.ts'
import type { RequestRegistry } from '../requests.ts'
import type { Budgets } from '../spend/budgets.ts'
import type { Estimates } from '../spend/estimates.ts'

/** What a run's list entry reads of its stored request: the input (or the older name for it). */
const StoredRequest = z.object({ input: DecisionInput.optional(), state: DecisionInput.optional() })

type Input<K extends keyof typeof decisionRoutes> = RouteInput<typeof decisionRoutes, K>

export function createDecisionService(deps: {
  history: History
  requests: RequestRegistry
  /** The questionnaire file the OS opened the app with, once. */
  takeOpened?: () => Input<'questionnaires.save'> | null
  budgets: Pick<Budgets, 'spending'>
  estimates: Pick<Estimates, 'decision'>
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  return {
    takeOpened: () => deps.takeOpened?.() ?? null,
    models: ({ caller }: ProfileScope, query: ModelFieldQuery, signal?: AbortSignal) =>
      caller.models(query, signal),
    async run(scope: ProfileScope, { requestId, questionnaire, run, overBudget }: Input<'decisions.run'>) {
      const { caller, profileId } = scope
      const estimate = await deps.estimates.decision(scope, run)
      const charge = {
        what: 'This decision',
        feature: 'decision' as const,
        model: run.body.model,
        estimate,
        override: overBudget,
      }
      return deps.budgets.spending(profileId, charge, async (hold) => {
        const questionnaireId = questionnaire?.id
        const { response, cost, billedTokens } = await deps.requests.run(requestId, (signal) =>
          caller.call(run, signal, hold),
        )
        const runId = randomUUID()
        deps.history.transaction(() => {
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
            questionnaireJson: questionnaire ? JSON.stringify(questionnaire) : null,
            profileId,
          })
          // Unpriced (a model the catalog does not price), it enters the ledger at its estimate.
          hold.settle(cost !== null, runId)
        })
        return { runId, response, cost, billedTokens }
      })
    },
    runs: (limit: number) =>
      deps.history.damaged.each(
        'decision run',
        deps.history.decisionRuns.latest(limit),
        (row) => row.id,
        (row) => {
          const request = storedJson('decision run', StoredRequest, row.requestJson)
          const questionnaire = row.questionnaireJson
            ? storedJson('decision run', z.object({ name: z.string() }), row.questionnaireJson)
            : null
          return {
            id: row.id,
            model: row.model,
            questionnaireName: questionnaire?.name ?? null,
            input: inputPreview(request.input ?? request.state ?? ''),
            cost: row.cost,
            createdAt: row.createdAt,
          }
        },
      ),
    runGet(id: string) {
      const row = deps.history.decisionRuns.get(id)
      if (!row?.responseJson)
        throw new AppError({ code: 'not_found', message: 'That run is not in the history any more.' })
      return {
        id: row.id,
        model: row.model,
        endpoint: row.endpoint as 'unified' | 'compat' | 'native',
        request: JSON.parse(row.requestJson),
        response: JSON.parse(row.responseJson),
        cost: row.cost,
        questionnaire: row.questionnaireJson ? JSON.parse(row.questionnaireJson) : null,
        createdAt: row.createdAt,
      }
    },
    runDelete: (id: string) => ({
      deleted: deps.history.transaction(() => deps.history.decisionRuns.delete(id)),
    }),
    saveQuestionnaire: (questionnaire: Input<'questionnaires.save'>) => ({
      version: deps.history.transaction(() =>
        deps.history.questionnaires.save(
          questionnaire.id,
          questionnaire.name,
          JSON.stringify(questionnaire),
          now(),
        ),
      ),
    }),
    questionnaires: () =>
      deps.history.questionnaires
        .list()
        .map(({ id, name, latestVersion, updatedAt }) => ({ id, name, latestVersion, updatedAt })),
    questionnaire(id: string, version: number | undefined) {
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
    deleteQuestionnaire: (id: string) => ({
      deleted: deps.history.transaction(() => deps.history.questionnaires.delete(id)),
    }),
  }
}

export type DecisionService = ReturnType<typeof createDecisionService>
