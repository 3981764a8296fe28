// Document 3's fixtures: the models, the answer shapes of §2.1–2.4 and the request helpers the rows share.
import { z } from 'zod'

export const textModel = 'aurora/flash-2'
export const chatModel = 'nimbus/chat-4'
export const imageModel = 'aurora/flash-image'
export const pixel =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
export const longContext = [
  { role: 'user', parts: [{ text: 'The handbook says: '.concat('be kind. '.repeat(4000)) }] },
]

export const rfc3339 = z.iso.datetime({ offset: true })
export const Cache = z.object({
  name: z.string().regex(/^cachedContents\/.+/),
  model: z.string(),
  createTime: rfc3339,
  updateTime: rfc3339,
  expireTime: rfc3339,
  usageMetadata: z.object({ totalTokenCount: z.number().int().min(1) }),
})
export const Generation = z.object({
  candidates: z
    .array(
      z.object({
        content: z.object({
          role: z.string(),
          parts: z.array(
            z.union([
              z.object({ text: z.string(), thought: z.boolean().optional() }),
              z.object({ inlineData: z.object({ mimeType: z.string(), data: z.base64() }) }),
            ]),
          ),
        }),
        finishReason: z.string(),
      }),
    )
    .min(1),
  modelVersion: z.string(),
  usageMetadata: z.object({
    promptTokenCount: z.number().int(),
    candidatesTokenCount: z.number().int(),
    totalTokenCount: z.number().int(),
  }),
})
export const Message = z.object({
  id: z.string(),
  type: z.literal('message'),
  role: z.literal('assistant'),
  content: z.array(z.object({ type: z.enum(['text', 'tool_use']) })).min(1),
  model: z.string(),
  stop_reason: z.string(),
  usage: z.object({ input_tokens: z.number().int(), output_tokens: z.number().int() }),
})
export const architecture = z.object({
  modality: z.string(),
  input_modalities: z.array(z.string()),
  output_modalities: z.array(z.string()),
  tokenizer: z.string(),
})
export const topProvider = z.object({ context_length: z.number(), is_moderated: z.boolean() })
export const UnifiedModel = z.object({
  id: z.string().regex(/^[^/]+\/[^/]+$/),
  object: z.literal('model'),
  created: z.number(),
  owned_by: z.string(),
  canonical_slug: z.string(),
  name: z.string(),
  description: z.string(),
  context_length: z.number(),
  architecture,
  pricing: z.record(z.string(), z.string().regex(/^\d+(\.\d+)?$/)),
  top_provider: topProvider,
  supported_parameters: z.array(z.string()),
})
export const GenerativeModel = z.object({
  name: z.string().regex(/^models\/[^/]+\/[^/]+$/),
  version: z.string(),
  displayName: z.string(),
  inputTokenLimit: z.number(),
  outputTokenLimit: z.number(),
  supportedGenerationMethods: z.array(z.string()),
  ownedBy: z.string(),
  canonicalSlug: z.string(),
  contextLength: z.number(),
  architecture,
  topProvider: topProvider,
  supportedParameters: z.array(z.string()),
})
export const MessageModel = z.object({
  type: z.literal('model'),
  id: z.string(),
  display_name: z.string(),
  created_at: rfc3339,
  owned_by: z.string(),
  canonical_slug: z.string(),
  context_length: z.number(),
  architecture,
  top_provider: topProvider,
  supported_parameters: z.array(z.string()),
})

export const generate = (body: Record<string, unknown>, model = textModel, method = 'generateContent') => ({
  path: `/gen-native/v1beta/models/${model}:${method}`,
  auth: 'generative' as const,
  body: { contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }], ...body },
})
export const caches = (body: Record<string, unknown>) => ({
  path: '/gen-native/v1beta/cachedContents',
  auth: 'generative' as const,
  body: { model: textModel, contents: longContext, ...body },
})
export const message = (body: Record<string, unknown>) => ({
  path: '/msg-native/v1/messages',
  auth: 'messages' as const,
  body: { model: chatModel, max_tokens: 200, messages: [{ role: 'user', content: 'Say hello' }], ...body },
})
export const seconds = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000
export const eventsOf = (text: string) =>
  text
    .split(/\r?\n\r?\n/)
    .filter((block) => block.trim())
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1],
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'),
    }))
export const ids = (list: { id?: string; name?: string }[]) => list.map((item) => item.id ?? item.name)
