// The questionnaire and request the batch tests run: one yes/no question about refunds.
import type { DecisionCall } from '#shared/ipc/routes/decisions'

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
