// Routes of decision batches: one questionnaire over many inputs, with a concurrency limit and a spend cap.
import { z } from 'zod'
import { DecisionInput, DecisionResponse, NativeDecisionResponse } from '../../api/decisions.ts'
import type { BatchAnswers as BatchAnswersValue } from '../../domain/batch-answers.ts'
import { batchLimits } from '../../domain/batch-inputs.ts'
import { QuestionnaireBody } from '../../domain/questionnaire-body.ts'
import { route } from '../contract.ts'
import { DecisionCall } from './decisions.ts'

const usd = z.string().regex(/^\d+(\.\d+)?$/, 'Write the amount in USD, like 2.50.')

export const BatchStatus = z.enum([
  'running',
  'cancelled',
  'interrupted',
  'capped',
  'over_budget',
  'unreachable',
  'done',
])

export const BatchSummary = z.object({
  id: z.string(),
  name: z.string(),
  model: z.string(),
  endpoint: z.string(),
  /** The profile the batch runs for, and its name (null once that profile is deleted). */
  profileId: z.string(),
  profileName: z.string().nullable(),
  concurrency: z.number(),
  spendCap: z.string().nullable(),
  status: BatchStatus,
  counts: z.object({ total: z.number(), done: z.number(), failed: z.number(), pending: z.number() }),
  /** What its answered rows cost. */
  spent: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** A CSV batch's column names; null for other sources. */
  sourceColumns: z.array(z.string()).nullable(),
})
export type BatchSummary = z.infer<typeof BatchSummary>

export const BatchItem = z.object({
  index: z.number(),
  input: DecisionInput,
  status: z.enum(['pending', 'done', 'failed']),
  response: z.union([DecisionResponse, NativeDecisionResponse]).nullable(),
  error: z.object({ code: z.string(), message: z.string(), status: z.number().optional() }).nullable(),
  cost: z.string().nullable(),
  /** `cost` is the row's estimate: the model had no price to compute it from. */
  costEstimated: z.boolean(),
  durationMs: z.number().nullable(),
  finishedAt: z.number().nullable(),
  /** The row's cells in the source file, in `sourceColumns` order. */
  source: z.array(z.string()).nullable(),
  /** The line of its file the row's input starts on (null for a batch made before lines were kept). */
  line: z.number().nullable(),
  /** The person's answers to the row's questions, by question index (`"0"`, `"1"`…), given while labeling. */
  labels: z.record(z.string(), z.string()).nullable(),
})
export type BatchItem = z.infer<typeof BatchItem>

export const BatchAnswers = z.object({
  // The figures are checked as they are read: their count against `rows` and `options`.
  table: z.object({
    rows: z.number().int().min(0),
    options: z.array(z.array(z.string())),
    figures: z.string(),
  }),
  cells: z.array(z.array(z.string())),
  lines: z.array(z.number().nullable()),
  labeled: z.number().int(),
  labeledQuestions: z.array(z.number().int()),
  timing: z.object({ rows: z.number().int(), ms: z.number() }),
}) satisfies z.ZodType<BatchAnswersValue>

export const batchRoutes = {
  'batches.start': route({
    input: z.object({
      questionnaire: QuestionnaireBody,
      /** The request with any input; each row's input replaces it. */
      template: DecisionCall,
      inputs: z.array(DecisionInput).min(1).max(batchLimits.inputs),
      concurrency: z.number().int().min(1).max(batchLimits.concurrency),
      /** How often a row is sent again after a 429, a 5xx or a network failure, waiting as the service says. */
      retries: z.number().int().min(0).max(10).default(3),
      spendCap: usd.nullable(),
      /** For each input, the line of its file (or pasted text) it starts on. */
      lines: z.array(z.number().int().positive()).optional(),
      /** A CSV's columns and, for each input, its row's cells: kept for the results and the exports. */
      source: z
        .object({
          columns: z.array(z.string().max(batchLimits.columnName)).max(batchLimits.columns),
          rows: z.array(z.array(z.string())),
        })
        .optional(),
    }),
    output: BatchSummary,
  }),
  'batches.list': route({ input: z.object({}), output: z.array(BatchSummary) }),
  /** A batch without its rows: every reader reads those by `batches.rows`, a range at a time. */
  'batches.get': route({
    input: z.object({ id: z.string() }),
    output: z.object({
      batch: BatchSummary,
      questionnaire: QuestionnaireBody,
      /** The batch its questionnaire's runs are compared with (this one, or another), if one is kept. */
      baselineId: z.string().nullable(),
    }),
  }),
  /** Up to `limit` of a batch's rows from its row `from` on, in their order: a short answer however large the batch. */
  'batches.rows': route({
    input: z.object({
      id: z.string(),
      from: z.number().int().min(0),
      limit: z.number().int().min(1).max(batchLimits.rowsPerRead),
    }),
    output: z.object({ items: z.array(BatchItem) }),
    checkedIn: 'data worker',
  }),
  /** A batch's answers as its scores read them, in numbers (see `shared/domain/batch-answers.ts`). */
  'batches.answers': route({
    input: z.object({ id: z.string() }),
    output: BatchAnswers,
    checkedIn: 'data worker',
  }),
  /**
   * How many of a batch's rows hold another input than `against`'s row of the same place (or have none there): runs
   * are compared row by row, so only runs of the same inputs in the same order are.
   */
  'batches.rowsDiffer': route({
    input: z.object({ id: z.string(), against: z.string() }),
    output: z.object({ rows: z.number().int().min(0) }),
  }),
  /** Keeps a batch as the baseline of its questionnaire, in place of any other; or stops keeping it. */
  'batches.setBaseline': route({
    input: z.object({ id: z.string(), kept: z.boolean() }),
    output: z.object({ baselineId: z.string().nullable() }),
  }),
  /** The rows that settled at or after `since` (ms), in that order: what a command streams as they come. */
  'batches.settled': route({
    input: z.object({ id: z.string(), since: z.number() }),
    output: z.object({ questionnaire: QuestionnaireBody, items: z.array(BatchItem) }),
  }),
  'batches.cancel': route({ input: z.object({ id: z.string() }), output: BatchSummary }),
  /** Runs the pending rows again, optionally with a new spend cap. */
  'batches.resume': route({
    input: z.object({ id: z.string(), spendCap: usd.nullable().optional() }),
    output: BatchSummary,
  }),
  /** Puts failed rows back in the queue (one row, or every failed row) and runs them. */
  'batches.retry': route({
    input: z.object({ id: z.string(), index: z.number().int().min(0).optional() }),
    output: BatchSummary,
  }),
  /** Labels one question of a row (yes or no, an option, a level); null takes the label back. */
  'batches.label': route({
    input: z.object({
      id: z.string(),
      index: z.number().int().min(0),
      question: z.number().int().min(0),
      value: z.string().max(500).nullable(),
    }),
    output: z.object({ labels: z.record(z.string(), z.string()) }),
  }),
  'batches.export': route({
    input: z.object({ id: z.string(), format: z.enum(['csv', 'json']) }),
    output: z.object({ savedTo: z.string().nullable() }),
  }),
  'batches.delete': route({
    input: z.object({ id: z.string() }),
    output: z.object({ deleted: z.boolean() }),
  }),
}
