// Routes of the decision builder: run a questionnaire on an input, and keep questionnaires with versions.
import { z } from 'zod'
import {
  DecisionRequest,
  DecisionResponse,
  NativeDecisionRequest,
  NativeDecisionResponse,
} from '../../api/decisions.ts'
import { QuestionnaireBody } from '../../domain/questionnaire-body.ts'
import { route } from '../contract.ts'
import { ModelFieldQuery } from './catalog.ts'
import { overBudget } from './spend.ts'

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

/** One request: which endpoint variant, and its body. */
export const DecisionCall = z.discriminatedUnion('endpoint', [
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
export type DecisionCall = z.infer<typeof DecisionCall>
export type DecisionRun = z.infer<typeof DecisionRun>

export const DecisionRunRecord = z.object({
  id: z.string(),
  model: z.string(),
  endpoint: z.enum(['unified', 'compat', 'native']),
  request: z.unknown(),
  response: z.union([DecisionResponse, NativeDecisionResponse]),
  cost: z.string().nullable(),
  questionnaire: QuestionnaireBody.nullable(),
  createdAt: z.number(),
})
export type DecisionRunRecord = z.infer<typeof DecisionRunRecord>

export const decisionRoutes = {
  /** The decision models the model field shows (what is typed matched), how many match, and the chosen one. */
  'decisions.models': route({
    input: ModelFieldQuery,
    output: z.object({
      models: z.array(DecisionModel),
      total: z.number().int(),
      /** The chosen model; null when none is chosen or the catalog no longer lists it. */
      chosen: DecisionModel.nullable(),
    }),
  }),
  'decisions.run': route({
    input: z.object({
      requestId: z.string().max(100).optional(),
      overBudget,
      /** The questionnaire as edited, kept with the run so it can be re-opened and compared. */
      questionnaire: QuestionnaireBody.optional(),
      run: DecisionCall,
    }),
    output: DecisionRun,
  }),
  'decisions.runs': route({
    input: z.object({ limit: z.number().int().min(1).max(500).default(100) }),
    output: z.array(
      z.object({
        id: z.string(),
        model: z.string(),
        questionnaireName: z.string().nullable(),
        input: z.string(),
        cost: z.string().nullable(),
        createdAt: z.number(),
      }),
    ),
  }),
  'decisions.runGet': route({ input: z.object({ id: z.string() }), output: DecisionRunRecord }),
  'decisions.runDelete': route({
    input: z.object({ id: z.string() }),
    output: z.object({ deleted: z.boolean() }),
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
  /** A questionnaire file the OS opened the app with, once: the builder takes it as an unsaved draft. */
  'questionnaires.takeOpened': route({ input: z.object({}), output: QuestionnaireBody.nullable() }),
}
