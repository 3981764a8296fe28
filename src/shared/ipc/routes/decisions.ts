// Routes of the decision builder: run a questionnaire on an input, and keep questionnaires with versions.
import { z } from 'zod'
import {
  DecisionRequest,
  DecisionResponse,
  NativeDecisionRequest,
  NativeDecisionResponse,
} from '../../api/decisions.ts'
import { route } from '../contract.ts'

export const QuestionnaireBody = z.object({
  id: z.string().min(1).max(100),
  name: z.string().max(200),
  questions: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['predicate', 'choice', 'score']),
      name: z.string(),
      instructions: z.string(),
      instructionsAsJson: z.boolean(),
      criteriaTrue: z.string(),
      criteriaFalse: z.string(),
      choices: z.array(z.object({ id: z.string(), value: z.string(), description: z.string() })),
      levels: z.array(z.object({ id: z.string(), label: z.string(), description: z.string() })),
    }),
  ),
})

export const DecisionModel = z.object({
  id: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  readsImages: z.boolean(),
  dedicated: z.boolean(),
  contextLength: z.number().nullable(),
  promptPrice: z.string(),
  completionPrice: z.string(),
})
export type DecisionModel = z.infer<typeof DecisionModel>

const run = z.discriminatedUnion('endpoint', [
  z.object({ endpoint: z.literal('unified'), body: DecisionRequest }),
  z.object({ endpoint: z.literal('compat'), body: DecisionRequest }),
  z.object({ endpoint: z.literal('native'), body: NativeDecisionRequest }),
])

export const DecisionRun = z.object({
  runId: z.string(),
  response: z.union([DecisionResponse, NativeDecisionResponse]),
  /** USD, exact decimal; the dedicated model bills input tokens only. */
  cost: z.string().nullable(),
  billedTokens: z.number(),
})
export type DecisionRun = z.infer<typeof DecisionRun>

export const decisionRoutes = {
  'decisions.models': route({ input: z.object({}), output: z.array(DecisionModel) }),
  'decisions.run': route({
    input: z.object({
      requestId: z.string().max(100).optional(),
      questionnaireId: z.string().max(100).optional(),
      run,
    }),
    output: DecisionRun,
  }),
  'questionnaires.save': route({ input: QuestionnaireBody, output: z.object({ version: z.number() }) }),
  'questionnaires.list': route({
    input: z.object({}),
    output: z.array(
      z.object({ id: z.string(), name: z.string(), latestVersion: z.number(), updatedAt: z.number() }),
    ),
  }),
  'questionnaires.get': route({
    input: z.object({ id: z.string(), version: z.number().int().optional() }),
    output: QuestionnaireBody,
  }),
  'questionnaires.delete': route({
    input: z.object({ id: z.string() }),
    output: z.object({ deleted: z.boolean() }),
  }),
}
