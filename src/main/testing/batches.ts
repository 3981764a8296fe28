// The questionnaire and request the batch tests run (one yes/no question about refunds), and batches of them
// written straight into a history.
import type { DecisionCall } from '#shared/ipc/routes/decisions'
import type { BatchStatus } from '../core/history/decision-batches.ts'
import type { History } from '../core/history/history.ts'

export const questionnaire = {
  id: 'triage',
  name: 'Triage',
  questions: [
    {
      id: 'q1',
      kind: 'predicate' as const,
      name: 'refund',
      instructions: 'Asks for a refund?',
      instructionsAsJson: false,
      criteriaTrue: 'refund money back',
      criteriaFalse: '',
      choices: [],
      levels: [],
    },
  ],
}

export const template: DecisionCall = {
  endpoint: 'unified',
  body: {
    model: 'sysone/judge-1',
    input: '',
    questions: [{ type: 'predicate', name: 'refund', instructions: 'Asks for a refund?' }],
  },
}

export const inputs = (count: number) =>
  Array.from({ length: count }, (_, i) => `message ${i}: refund please`)
/** A batch of `rows` inputs written straight into a history, for a runner of its own to run. */
export const createBatch = (
  history: History,
  batch: { id: string; concurrency: number; status: BatchStatus; retries?: number },
  rows: number,
) =>
  history.transaction(() =>
    history.decisionBatches.create(
      {
        retries: 3,
        ...batch,
        name: 'n',
        questionnaireJson: JSON.stringify(questionnaire),
        model: template.body.model,
        endpoint: 'unified',
        templateJson: JSON.stringify(template),
        profileId: 'sandbox',
        spendCap: null,
        createdAt: 1,
        updatedAt: 1,
        sourceColumnsJson: null,
      },
      inputs(rows),
    ),
  )
