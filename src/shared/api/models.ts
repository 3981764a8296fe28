// Wire formats of the model listings in their three styles (document 3 §2.4, §4.4).
import { z } from 'zod'

export const Architecture = z.looseObject({
  modality: z.string(),
  input_modalities: z.array(z.string()),
  output_modalities: z.array(z.string()),
  tokenizer: z.string().nullish(),
  instruct_type: z.string().nullish(),
})

export const TopProvider = z.looseObject({
  context_length: z.number().nullish(),
  max_completion_tokens: z.number().nullish(),
  is_moderated: z.boolean(),
})

const price = z.string()

export const UnifiedModel = z.looseObject({
  id: z.string(),
  object: z.literal('model'),
  created: z.number(),
  owned_by: z.string(),
  canonical_slug: z.string(),
  name: z.string(),
  description: z.string(),
  context_length: z.number().nullish(),
  architecture: Architecture,
  pricing: z.looseObject({
    prompt: price,
    completion: price,
    input_cache_read: price.optional(),
    input_cache_write_5m: price.optional(),
    input_cache_write_1h: price.optional(),
  }),
  top_provider: TopProvider,
  per_request_limits: z.unknown().nullable(),
  supported_parameters: z.array(z.string()),
  default_parameters: z.unknown().nullable(),
  expiration_date: z.string().nullable(),
})
export type UnifiedModel = z.infer<typeof UnifiedModel>
export const UnifiedModelList = z.looseObject({
  object: z.literal('list').optional(),
  data: z.array(UnifiedModel),
})

export const GenerativeModel = z.looseObject({
  name: z.string(),
  version: z.string(),
  displayName: z.string(),
  description: z.string(),
  inputTokenLimit: z.number().nullish(),
  outputTokenLimit: z.number().nullish(),
  supportedGenerationMethods: z.array(z.string()),
  ownedBy: z.string(),
  canonicalSlug: z.string(),
  contextLength: z.number().nullish(),
  architecture: Architecture,
  pricing: z.looseObject({
    prompt: price,
    completion: price,
    audio: price.optional(),
    input_cache_read: price.optional(),
    input_cache_write: price.optional(),
    web_search: price.optional(),
  }),
  topProvider: TopProvider,
  supportedParameters: z.array(z.string()),
  expirationDate: z.string().nullable(),
})
export type GenerativeModel = z.infer<typeof GenerativeModel>
export const GenerativeModelList = z.looseObject({ models: z.array(GenerativeModel) })

export const MessageModel = z.looseObject({
  type: z.literal('model'),
  id: z.string(),
  display_name: z.string(),
  created_at: z.string(),
  owned_by: z.string(),
  canonical_slug: z.string(),
  description: z.string(),
  context_length: z.number().nullish(),
  architecture: Architecture,
  pricing: UnifiedModel.shape.pricing,
  top_provider: TopProvider,
  supported_parameters: z.array(z.string()),
  expiration_date: z.string().nullable(),
})
export type MessageModel = z.infer<typeof MessageModel>
export const MessageModelList = z.looseObject({ data: z.array(MessageModel) })
