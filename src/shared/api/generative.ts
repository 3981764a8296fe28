// Wire formats of the generative-native protocol: generateContent and cached contents (document 3 §2.1–2.2, §4.1–4.2).
import { z } from 'zod'

const InlineData = z.looseObject({
  mimeType: z.string().optional(),
  mime_type: z.string().optional(),
  data: z.string(),
})

export const Part = z.looseObject({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  inlineData: InlineData.optional(),
  inline_data: InlineData.optional(),
})
export type Part = z.infer<typeof Part>

export const Content = z.looseObject({ role: z.string().optional(), parts: z.array(Part) })
export type Content = z.infer<typeof Content>

export const GenerateContentRequest = z.looseObject({
  contents: z.array(Content),
  cachedContent: z.string().optional(),
  systemInstruction: Content.optional(),
  tools: z.array(z.unknown()).optional(),
  generationConfig: z.record(z.string(), z.unknown()).optional(),
})
export type GenerateContentRequest = z.infer<typeof GenerateContentRequest>

export const ModalityTokenCount = z.looseObject({ modality: z.string(), tokenCount: z.number().int() })

export const UsageMetadata = z.looseObject({
  promptTokenCount: z.number().int(),
  candidatesTokenCount: z.number().int().optional(),
  thoughtsTokenCount: z.number().int().optional(),
  totalTokenCount: z.number().int(),
  candidatesTokensDetails: z.array(ModalityTokenCount).optional(),
  cachedContentTokenCount: z.number().int().optional(),
})
export type UsageMetadata = z.infer<typeof UsageMetadata>

export const GenerateContentResponse = z.looseObject({
  candidates: z.array(z.looseObject({ content: Content, finishReason: z.string().optional() })),
  modelVersion: z.string(),
  usageMetadata: UsageMetadata.optional(),
})
export type GenerateContentResponse = z.infer<typeof GenerateContentResponse>

export const CachedContentRequest = z.looseObject({
  model: z.string().min(1),
  contents: z.array(Content).optional(),
  systemInstruction: Content.optional(),
  tools: z.array(z.unknown()).optional(),
  ttl: z.string().optional(),
  expireTime: z.string().optional(),
  displayName: z.string().optional(),
})
export type CachedContentRequest = z.infer<typeof CachedContentRequest>

export const CachedContent = z.looseObject({
  name: z.string(),
  model: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
  expireTime: z.string(),
  displayName: z.string().optional(),
  usageMetadata: z.looseObject({ totalTokenCount: z.number().int() }),
})
export type CachedContent = z.infer<typeof CachedContent>
