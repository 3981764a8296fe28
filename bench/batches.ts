// A decision batch run for the benchmarks: a three-question questionnaire (yes/no, choice, score) over `total`
// support tickets, through the app's batch runner, gateway and history store, against a sandbox process.
import { createBatchRunner } from '#core/batches/runner'
import { createDecisionCaller } from '#core/decisions/decision-caller'
import { createGateway } from '#core/gateway/gateway'
import { createTransport } from '#core/gateway/transport'
import { openHistory } from '#core/history/history'
import { type Questionnaire, toUnifiedRequest } from '#shared/domain/questionnaire'
import type { DecisionCall } from '#shared/ipc/routes/decisions'
import { unlimitedBudgets } from '../src/main/testing/holds.ts'

const draft = { instructionsAsJson: false, criteriaTrue: '', criteriaFalse: '', choices: [], levels: [] }
export const benchQuestionnaire: Questionnaire = {
  id: 'bench-batch',
  name: 'Ticket triage',
  questions: [
    { ...draft, id: 'q1', kind: 'predicate', name: 'refund', instructions: 'Asks for a refund?' },
    {
      ...draft,
      id: 'q2',
      kind: 'choice',
      name: 'team',
      instructions: 'Which team?',
      choices: ['billing', 'shipping', 'account'].map((value) => ({ id: value, value, description: '' })),
    },
    {
      ...draft,
      id: 'q3',
      kind: 'score',
      name: 'urgency',
      instructions: 'How urgent?',
      levels: ['low', 'medium', 'high'].map((label) => ({ id: label, label, description: '' })),
    },
  ],
}

/** Runs a batch of `total` tickets into the history in `folder`; answers its wall time and counts. */
export async function runBatch(options: {
  folder: string
  sandboxUrl: string
  key: string
  total: number
  concurrency: number
  /** The batch's id (several batches in one folder need their own). */
  id?: string
}): Promise<{ wallMs: number; done: number; failed: number }> {
  const { folder, total, concurrency } = options
  const gateway = createGateway(
    createTransport({ connection: async () => ({ baseUrl: options.sandboxUrl, apiKey: options.key }) }),
  )
  const template: DecisionCall = {
    endpoint: 'unified',
    body: toUnifiedRequest(benchQuestionnaire, '', 'sysone/judge-1'),
  }
  const history = openHistory(folder)
  // The decision models come from the catalog; the dedicated one, at its price, is all a batch here uses.
  const listings = await gateway.listings.unified.all()
  const decisionModels = listings.data.data.filter((model) =>
    model.supported_parameters.includes('safety_identifier'),
  )
  const catalog = {
    picks: async () => ({
      models: decisionModels,
      total: decisionModels.length,
      chosen: [],
      imageList: null,
      fetchedAt: 0,
      fresh: true,
    }),
    named: async (_kind: string, name: string) =>
      decisionModels.filter((model) => model.id === name || model.id.endsWith(`/${name}`)),
  }
  const caller = createDecisionCaller({ gateway, catalog })
  const runner = createBatchRunner({
    history,
    callerFor: () => caller,
    emit: () => {},
    budgets: unlimitedBudgets(history),
  })
  const id = options.id ?? `batch-${concurrency}-${total}`
  history.transaction(() =>
    history.decisionBatches.create(
      {
        id,
        name: `${total.toLocaleString('en-US')} tickets`,
        questionnaireJson: JSON.stringify(benchQuestionnaire),
        model: template.body.model,
        endpoint: 'unified',
        templateJson: JSON.stringify(template),
        profileId: 'sandbox',
        concurrency,
        retries: 3,
        spendCap: null,
        status: 'running',
        createdAt: Date.now(),
        updatedAt: Date.now(),
        sourceColumnsJson: null,
      },
      Array.from(
        { length: total },
        (_, i) => `Ticket ${i}: I was charged twice for order ${i}, please refund me.`,
      ),
    ),
  )
  const started = performance.now()
  await runner.start(id, ['running'])
  while (history.decisionBatches.get(id)?.status === 'running') await new Promise((r) => setTimeout(r, 5))
  const wallMs = performance.now() - started
  const { done, failed } = history.decisionBatches.counts(id)
  history.close()
  return { wallMs, done, failed }
}
