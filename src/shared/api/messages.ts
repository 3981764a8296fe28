// Wire formats of the message-native protocol (document 3 §2.3, §4.3).
import { z } from 'zod'

export const ContentBlock = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text'), text: z.string() }),
  z.looseObject({
    type: z.literal('image'),
    source: z.looseObject({ type: z.literal('base64'), media_type: z.string(), data: z.string() }),
  }),
  z.looseObject({
    type: z.literal('tool_use'),
    id: z.string(),
    name: z.string(),
    input: z.record(z.string(), z.unknown()),
  }),
  z.looseObject({ type: z.literal('tool_result'), tool_use_id: z.string(), content: z.string() }),
])
export type ContentBlock = z.infer<typeof ContentBlock>

export const Message = z.looseObject({
  role: z.enum(['user', 'assistant']),
  content: z.union([z.string(), z.array(ContentBlock)]),
})
export type Message = z.infer<typeof Message>

export const Tool = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  input_schema: z.looseObject({
    type: z.literal('object'),
    properties: z.record(z.string(), z.unknown()).optional(),
  }),
})
export type Tool = z.infer<typeof Tool>

export const ToolChoice = z.looseObject({
  type: z.enum(['auto', 'any', 'tool', 'none']),
  name: z.string().optional(),
})

export const MessagesRequest = z.looseObject({
  model: z.string().min(1),
  max_tokens: z.number().int().positive(),
  messages: z.array(Message).min(1),
  system: z.string().optional(),
  temperature: z.number().min(0).max(1).optional(),
  top_p: z.number().min(0).max(1).optional(),
  top_k: z.number().int().min(0).optional(),
  stream: z.boolean().optional(),
  tools: z.array(Tool).optional(),
  tool_choice: ToolChoice.optional(),
})
export type MessagesRequest = z.infer<typeof MessagesRequest>

export const MessagesResponse = z.looseObject({
  id: z.string(),
  type: z.literal('message'),
  role: z.literal('assistant'),
  content: z.array(ContentBlock),
  model: z.string(),
  stop_reason: z.string().nullable(),
  usage: z.looseObject({ input_tokens: z.number().int(), output_tokens: z.number().int() }),
})
export type MessagesResponse = z.infer<typeof MessagesResponse>

export { messagesVersion } from './messages-version.ts'
