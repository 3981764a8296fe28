// Wire formats of decisions (document 1 §2.1–2.4, §4.1): unified and native requests and answers.
import { z } from 'zod'

const Json: z.ZodType<unknown> = z.unknown()

export const Criteria = z.looseObject({ true: z.string().optional(), false: z.string().optional() })

export const Choice = z.looseObject({ value: z.string(), description: z.string().optional() })
export const Level = z.looseObject({ label: z.string(), description: z.string().optional() })

export const Question = z.looseObject({
  type: z.enum(['predicate', 'choice', 'score']),
  name: z.string().optional(),
  instructions: z.union([z.string(), z.record(z.string(), Json)]),
  criteria: Criteria.optional(),
  /** Missing or null on a choice question is answered in the document's words by the question rules. */
  choices: z.array(Choice).nullable().optional(),
  levels: z.array(Level).optional(),
})
export type Question = z.infer<typeof Question>

export const InputBlock = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('input_text'), text: z.string() }),
  z.looseObject({ type: z.literal('input_image'), image_url: z.string() }),
])
export type InputBlock = z.infer<typeof InputBlock>

export const InputMessage = z.looseObject({
  role: z.string(),
  content: z.union([z.string(), z.array(InputBlock)]),
})

export const DecisionInput = z.union([z.string(), z.array(InputMessage), z.record(z.string(), Json)])
export type DecisionInput = z.infer<typeof DecisionInput>

export const DecisionRequest = z.looseObject({
  model: z.string().min(1),
  input: DecisionInput,
  questions: z.array(Question),
  safety_identifier: z.string().optional(),
})
export type DecisionRequest = z.infer<typeof DecisionRequest>

export const Probability = z.number().min(0).max(1)

export const PredicateAnswer = z.looseObject({
  type: z.literal('predicate'),
  name: z.string().optional(),
  probability: Probability,
})
export const ChoiceAnswer = z.looseObject({
  type: z.literal('choice'),
  name: z.string().optional(),
  choice: z.string(),
  probabilities: z.array(z.looseObject({ value: z.string(), probability: Probability })),
  confidence: Probability,
})
export const ScoreAnswer = z.looseObject({
  type: z.literal('score'),
  name: z.string().optional(),
  score: z.number(),
  legend: z.record(z.string(), z.string()),
  probabilities: z.array(
    z.looseObject({ value: z.number().int(), label: z.string(), probability: Probability }),
  ),
  confidence: Probability,
})
export const Answer = z.discriminatedUnion('type', [PredicateAnswer, ChoiceAnswer, ScoreAnswer])
export type Answer = z.infer<typeof Answer>

export const DecisionUsage = z.looseObject({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
})

export const DecisionResponse = z.looseObject({
  model: z.string(),
  answers: z.array(Answer),
  usage: DecisionUsage,
})
export type DecisionResponse = z.infer<typeof DecisionResponse>

// Native format (§2.4): `state`, questions keyed by id, `noul` for yes/no, criteria shapes per type.
export const NativeQuestion = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('noul'),
    instructions: z.union([z.string(), z.record(z.string(), Json)]),
    criteria: Criteria.optional(),
  }),
  z.looseObject({
    type: z.literal('choice'),
    instructions: z.union([z.string(), z.record(z.string(), Json)]),
    /** Missing on a choice question is answered in the document's words by the question rules. */
    criteria: z.record(z.string(), z.string()).optional(),
  }),
  z.looseObject({
    type: z.literal('score'),
    instructions: z.union([z.string(), z.record(z.string(), Json)]),
    criteria: z.array(z.string()),
  }),
])
export type NativeQuestion = z.infer<typeof NativeQuestion>

export const NativeDecisionRequest = z.looseObject({
  model: z.string().min(1),
  state: DecisionInput,
  questions: z.record(z.string(), NativeQuestion),
})
export type NativeDecisionRequest = z.infer<typeof NativeDecisionRequest>

export const NativeAnswer = z.union([
  z.looseObject({ noul: Probability }),
  z.looseObject({
    choice: z.string(),
    confidence: Probability,
    probabilities: z.record(z.string(), Probability),
  }),
  z.looseObject({
    score: z.number(),
    confidence: Probability,
    legend: z.record(z.string(), z.string()),
    probabilities: z.record(z.string(), Probability),
  }),
])
export type NativeAnswer = z.infer<typeof NativeAnswer>

export const NativeDecisionResponse = z.looseObject({
  model: z.string(),
  answers: z.record(z.string(), NativeAnswer),
  usage: z.looseObject({ input_tokens: z.number().int(), output_tokens: z.number().int() }),
})
export type NativeDecisionResponse = z.infer<typeof NativeDecisionResponse>
