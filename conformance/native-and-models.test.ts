// Document 3, native protocols and model listings, section by section: cached contents, content generation,
// messages and the nine listing routes on the standalone sandbox, and the app's requests to each.
import { expect } from 'vitest'
import { z } from 'zod'
import type { Gateway } from '#core/gateway/gateway'
import {
  DocumentedCacheRequest,
  DocumentedGenerateContent,
  DocumentedMessagesRequest,
} from '#shared/api/testing/documented'
import type { ClientRow, Context, ServiceRow } from './rows.ts'
import { walk } from './rows.ts'
import { keys, standaloneSandbox } from './standalone.ts'

const sandbox = standaloneSandbox()
const textModel = 'aurora/flash-2'
const chatModel = 'nimbus/chat-4'
const imageModel = 'aurora/flash-image'
const pixel =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const longContext = [
  { role: 'user', parts: [{ text: 'The handbook says: '.concat('be kind. '.repeat(4000)) }] },
]

const rfc3339 = z.iso.datetime({ offset: true })
const Cache = z.object({
  name: z.string().regex(/^cachedContents\/.+/),
  model: z.string(),
  createTime: rfc3339,
  updateTime: rfc3339,
  expireTime: rfc3339,
  usageMetadata: z.object({ totalTokenCount: z.number().int().min(1) }),
})
const Generation = z.object({
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
const Message = z.object({
  id: z.string(),
  type: z.literal('message'),
  role: z.literal('assistant'),
  content: z.array(z.object({ type: z.enum(['text', 'tool_use']) })).min(1),
  model: z.string(),
  stop_reason: z.string(),
  usage: z.object({ input_tokens: z.number().int(), output_tokens: z.number().int() }),
})
const architecture = z.object({
  modality: z.string(),
  input_modalities: z.array(z.string()),
  output_modalities: z.array(z.string()),
  tokenizer: z.string(),
})
const topProvider = z.object({ context_length: z.number(), is_moderated: z.boolean() })
const UnifiedModel = z.object({
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
const GenerativeModel = z.object({
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
const MessageModel = z.object({
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

const generate = (body: Record<string, unknown>, model = textModel, method = 'generateContent') => ({
  path: `/gen-native/v1beta/models/${model}:${method}`,
  auth: 'generative' as const,
  body: { contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }], ...body },
})
const caches = (body: Record<string, unknown>) => ({
  path: '/gen-native/v1beta/cachedContents',
  auth: 'generative' as const,
  body: { model: textModel, contents: longContext, ...body },
})
const message = (body: Record<string, unknown>) => ({
  path: '/msg-native/v1/messages',
  auth: 'messages' as const,
  body: { model: chatModel, max_tokens: 200, messages: [{ role: 'user', content: 'Say hello' }], ...body },
})
const seconds = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000
const eventsOf = (text: string) =>
  text
    .split(/\r?\n\r?\n/)
    .filter((block) => block.trim())
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1],
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'),
    }))
const ids = (list: { id?: string; name?: string }[]) => list.map((item) => item.id ?? item.name)

const service: ServiceRow[] = [
  {
    section: '2.1',
    rule: 'a cache is created with its handle, times, and token count; the TTL defaults to 600 s',
    ...caches({ displayName: 'handbook' }),
    status: 200,
    answer: Cache,
    check: (reply, context) => {
      context.cache = reply.body.name
      expect(seconds(reply.body.createTime, reply.body.expireTime)).toBe(600)
    },
  },
  {
    section: '2.1',
    rule: 'ttl and expireTime are mutually exclusive',
    ...caches({ ttl: '900s', expireTime: new Date(Date.now() + 900_000).toISOString() }),
    status: 400,
  },
  { section: '2.1', rule: 'a TTL under 600 s is refused', ...caches({ ttl: '599s' }), status: 400 },
  {
    section: '2.1',
    rule: 'expireTime sets the expiry',
    ...caches({ expireTime: new Date(Date.now() + 1_800_000).toISOString() }),
    status: 200,
    check: (reply) =>
      expect(Math.abs(seconds(new Date().toISOString(), reply.body.expireTime) - 1800)).toBeLessThan(60),
  },
  {
    section: '2.2',
    rule: 'a generation answers candidates, finishReason, modelVersion and usage',
    ...generate({}),
    status: 200,
    answer: Generation,
  },
  {
    section: '2.2',
    rule: 'an image model answers the image as inlineData and counts IMAGE tokens',
    ...generate({ contents: [{ role: 'user', parts: [{ text: 'a red kite' }] }] }, imageModel),
    status: 200,
    answer: Generation,
    check: (reply) => {
      const parts = reply.body.candidates[0].content.parts
      expect(parts.some((part: { inlineData?: unknown }) => part.inlineData)).toBe(true)
      const details = reply.body.usageMetadata.candidatesTokensDetails as {
        modality: string
        tokenCount: number
      }[]
      expect(details.find((detail) => detail.modality === 'IMAGE')?.tokenCount).toBeGreaterThan(0)
    },
  },
  {
    section: '2.3',
    rule: 'a message answers id, type, role, content, model, stop_reason and usage',
    ...message({}),
    status: 200,
    answer: Message,
  },
  {
    section: '2.3',
    rule: 'a tool the model must use comes back as a tool_use block',
    ...message({
      tools: [
        {
          name: 'weather',
          description: 'Weather by city',
          input_schema: { type: 'object', properties: { city: { type: 'string' } } },
        },
      ],
      tool_choice: { type: 'tool', name: 'weather' },
    }),
    status: 200,
    check: (reply) => {
      const block = reply.body.content.find((item: { type: string }) => item.type === 'tool_use')
      expect(block).toMatchObject({
        type: 'tool_use',
        name: 'weather',
        id: expect.any(String),
        input: expect.any(Object),
      })
    },
  },
  {
    section: '2.4',
    rule: 'the unified listing: object list, models in data',
    path: '/v1/models',
    status: 200,
    answer: z.object({ object: z.literal('list'), data: z.array(UnifiedModel).min(5) }),
  },
  {
    section: '2.4',
    rule: 'the generative-native listing: models, camelCase, names with models/',
    path: '/gen-native/v1beta/models',
    status: 200,
    answer: z.object({ models: z.array(GenerativeModel).min(5) }),
  },
  {
    section: '2.4',
    rule: 'the message-native listing: type model, display_name, created_at as ISO 8601',
    path: '/msg-native/v1/models',
    status: 200,
    answer: z.object({ data: z.array(MessageModel).min(5) }),
  },
  {
    section: '4.1',
    rule: 'the model in the path contains its slash; inline_data with mime_type is read',
    ...generate({
      contents: [
        {
          role: 'user',
          parts: [{ text: 'What is this?' }, { inline_data: { mime_type: 'image/png', data: pixel } }],
        },
      ],
    }),
    status: 200,
    answer: Generation,
  },
  {
    section: '4.1',
    rule: 'inlineData with mimeType is read too',
    ...generate({
      contents: [
        {
          role: 'user',
          parts: [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: pixel } }],
        },
      ],
    }),
    status: 200,
  },
  {
    section: '4.1',
    rule: 'generationConfig.maxOutputTokens is honoured: MAX_TOKENS (the sandbox table)',
    ...generate({
      contents: [{ role: 'user', parts: [{ text: 'Explain photosynthesis in detail' }] }],
      generationConfig: { maxOutputTokens: 2 },
    }),
    status: 200,
    check: (reply) => {
      expect(reply.body.candidates[0].finishReason).toBe('MAX_TOKENS')
      expect(reply.body.usageMetadata.candidatesTokenCount).toBeLessThanOrEqual(2)
    },
  },
  {
    section: '4.1',
    rule: 'generationConfig.maxOutputTokens must be a whole number from 1 (the sandbox table)',
    ...generate({ generationConfig: { maxOutputTokens: 0 } }),
    status: 400,
    code: 'INVALID_ARGUMENT',
  },
  {
    section: '4.1',
    rule: 'streamGenerateContent with alt=sse streams generation responses',
    ...generate({}, textModel, 'streamGenerateContent?alt=sse'),
    status: 200,
    check: (reply) => {
      expect(reply.headers.get('content-type')).toMatch(/^text\/event-stream/)
      const events = eventsOf(reply.text)
      expect(events.length).toBeGreaterThan(1)
      const Chunk = z.object({
        candidates: z.array(z.object({ content: z.object({ parts: z.array(z.unknown()) }) })),
      })
      for (const event of events) expect(Chunk.safeParse(event.data).success).toBe(true)
      expect(Generation.safeParse(events.at(-1)?.data).success).toBe(true)
    },
  },
  {
    section: '4.1',
    rule: 'a cache reference carries only the new turn and reports cachedContentTokenCount',
    path: `/gen-native/v1beta/models/${textModel}:generateContent`,
    auth: 'generative',
    body: (context: Context) => ({
      cachedContent: context.cache,
      contents: [{ role: 'user', parts: [{ text: 'Summarize' }] }],
    }),
    status: 200,
    check: (reply) => expect(reply.body.usageMetadata.cachedContentTokenCount).toBeGreaterThan(1000),
  },
  {
    section: '4.2',
    rule: 'GET reads a cache by its handle, without a model',
    path: (c) => `/gen-native/v1beta/${c.cache}`,
    auth: 'generative',
    status: 200,
    answer: Cache,
  },
  { section: '4.3', rule: 'max_tokens is required', ...message({ max_tokens: undefined }), status: 400 },
  { section: '4.3', rule: 'temperature is 0-1', ...message({ temperature: 1.5 }), status: 400 },
  { section: '4.3', rule: 'top_p is a probability, 0-1', ...message({ top_p: 1.2 }), status: 400 },
  { section: '4.3', rule: 'max_tokens is a whole number from 1', ...message({ max_tokens: 0 }), status: 400 },
  {
    section: '4.3',
    rule: 'a message is user or assistant',
    ...message({ messages: [{ role: 'system', content: 'hi' }] }),
    status: 400,
  },
  { section: '4.3', rule: 'top_k is a whole number', ...message({ top_k: 2.5 }), status: 400 },
  {
    section: '4.3',
    rule: 'max_tokens is honoured: one token, and the stop reason says so',
    ...message({ max_tokens: 1, messages: [{ role: 'user', content: 'Explain photosynthesis in detail' }] }),
    status: 200,
    check: (reply) =>
      expect([reply.body.usage.output_tokens, reply.body.stop_reason]).toEqual([1, 'max_tokens']),
  },
  {
    section: '4.3',
    rule: 'stream: true answers a stream of events ending the message',
    ...message({ stream: true }),
    status: 200,
    check: (reply) => {
      const events = eventsOf(reply.text)
      expect(events[0]?.event).toBe('message_start')
      expect(events.at(-1)?.event).toBe('message_stop')
    },
  },
  {
    section: '4.4',
    rule: 'by provider: only that provider’s models',
    path: '/v1/models/aurora',
    status: 200,
    check: (reply) => expect(ids(reply.body.data).every((id) => id?.startsWith('aurora/'))).toBe(true),
  },
  {
    section: '4.4',
    rule: 'one model, unified',
    path: `/v1/models/${chatModel}`,
    status: 200,
    answer: UnifiedModel,
  },
  {
    section: '4.4',
    rule: 'by provider, generative-native',
    path: '/gen-native/v1beta/models/aurora',
    status: 200,
    check: (reply) =>
      expect(ids(reply.body.models).every((name) => name?.startsWith('models/aurora/'))).toBe(true),
  },
  {
    section: '4.4',
    rule: 'one model, generative-native',
    path: `/gen-native/v1beta/models/${textModel}`,
    status: 200,
    answer: GenerativeModel,
  },
  {
    section: '4.4',
    rule: 'by provider, message-native',
    path: '/msg-native/v1/models/nimbus',
    status: 200,
    check: (reply) => expect(ids(reply.body.data)).toEqual([chatModel]),
  },
  {
    section: '4.4',
    rule: 'one model, message-native',
    path: `/msg-native/v1/models/${chatModel}`,
    status: 200,
    answer: MessageModel,
  },
  {
    section: '4.4',
    rule: 'every listing returns all models, not one vendor’s',
    path: '/msg-native/v1/models',
    status: 200,
    check: (reply) =>
      expect(new Set(ids(reply.body.data).map((id) => id?.split('/')[0])).size).toBeGreaterThan(2),
  },
  {
    section: '5',
    rule: 'generative-native needs x-native-api-key',
    ...generate({}),
    auth: 'none',
    status: 401,
  },
  {
    section: '5',
    rule: 'a bearer key does not stand in for it',
    ...generate({}),
    auth: 'bearer',
    status: 401,
  },
  {
    section: '5',
    rule: 'messages need x-api-key',
    ...message({}),
    auth: 'none',
    headers: { 'native-version': '2023-06-01' },
    status: 401,
  },
  {
    section: '5',
    rule: 'messages need the version header',
    ...message({}),
    auth: 'none',
    headers: { 'x-api-key': keys.demo },
    status: 400,
  },
  { section: '5', rule: 'listings need no key', path: '/gen-native/v1beta/models', status: 200 },
  {
    section: '5',
    rule: 'another key cannot read a cache: 403',
    path: (c) => `/gen-native/v1beta/${c.cache}`,
    auth: 'generative',
    key: keys.other,
    status: 403,
  },
  {
    section: '5',
    rule: 'another key cannot reference a cache: 403',
    path: `/gen-native/v1beta/models/${textModel}:generateContent`,
    auth: 'generative',
    key: keys.other,
    body: (c: Context) => ({ cachedContent: c.cache, contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    status: 403,
  },
  {
    section: '7',
    rule: 'another key cannot delete a cache: 403',
    method: 'DELETE',
    path: (c) => `/gen-native/v1beta/${c.cache}`,
    auth: 'generative',
    key: keys.other,
    status: 403,
  },
  { section: '8', rule: 'a TTL of 3600 s is the most', ...caches({ ttl: '3600s' }), status: 200 },
  { section: '8', rule: 'a TTL over 3600 s is refused', ...caches({ ttl: '3601s' }), status: 400 },
  {
    section: '8',
    rule: 'DELETE removes the cache',
    method: 'DELETE',
    path: (c) => `/gen-native/v1beta/${c.cache}`,
    auth: 'generative',
    status: 200,
  },
  {
    section: '8',
    rule: 'a deleted cache is gone',
    path: (c) => `/gen-native/v1beta/${c.cache}`,
    auth: 'generative',
    status: 404,
  },
  {
    section: '9',
    rule: 'the messages version header must be 2023-06-01',
    ...message({}),
    headers: { 'native-version': '2024-01-01' },
    status: 400,
  },
]

const drain = async (stream: Promise<{ events: AsyncGenerator<unknown> }>) => {
  for await (const _ of (await stream).events);
}
const listing = (
  section: string,
  rule: string,
  path: string,
  send: (gateway: Gateway) => Promise<unknown>,
): ClientRow => ({ section, rule, send, method: 'GET', path, auth: 'none' })

const client: ClientRow[] = [
  {
    section: '4.1',
    rule: 'generates content at the model’s path, slash kept, with the generative key',
    send: (gateway) =>
      gateway.generateContent(textModel, { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }),
    method: 'POST',
    path: `/gen-native/v1beta/models/${textModel}:generateContent`,
    auth: 'generative',
    body: DocumentedGenerateContent,
  },
  {
    section: '4.1',
    rule: 'streams content with alt=sse',
    send: (gateway) =>
      drain(
        gateway.streamGenerateContent(textModel, { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }),
      ),
    method: 'POST',
    path: `/gen-native/v1beta/models/${textModel}:streamGenerateContent?alt=sse`,
    auth: 'generative',
    body: DocumentedGenerateContent,
  },
  {
    section: '4.2',
    rule: 'creates a cache with the documented fields only',
    send: async (gateway, context) => {
      const { data } = await gateway.createCache({
        model: textModel,
        contents: longContext as never,
        systemInstruction: { parts: [{ text: 'Answer from the handbook.' }] },
        ttl: '900s',
        displayName: 'handbook',
      })
      context.clientCache = data.name
    },
    method: 'POST',
    path: '/gen-native/v1beta/cachedContents',
    auth: 'generative',
    body: DocumentedCacheRequest,
  },
  {
    section: '4.2',
    rule: 'reads a cache by its handle',
    send: (gateway, context) => gateway.getCache(context.clientCache ?? ''),
    method: 'GET',
    path: (context) => `/gen-native/v1beta/${context.clientCache}`,
    auth: 'generative',
  },
  {
    section: '4.2',
    rule: 'deletes a cache by its handle',
    send: (gateway, context) => gateway.deleteCache(context.clientCache ?? ''),
    method: 'DELETE',
    path: (context) => `/gen-native/v1beta/${context.clientCache}`,
    auth: 'generative',
  },
  {
    section: '4.3',
    rule: 'sends a message with x-api-key and the version header',
    send: (gateway) =>
      gateway.sendMessage({
        model: chatModel,
        max_tokens: 100,
        system: 'Be brief.',
        temperature: 0.2,
        top_p: 0.9,
        top_k: 40,
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      }),
    method: 'POST',
    path: '/msg-native/v1/messages',
    auth: 'messages',
    body: DocumentedMessagesRequest,
  },
  {
    section: '4.3',
    rule: 'streams a message with stream: true',
    send: (gateway) =>
      drain(
        gateway.streamMessage({
          model: chatModel,
          max_tokens: 50,
          messages: [{ role: 'user', content: 'Hi' }],
        }),
      ),
    method: 'POST',
    path: '/msg-native/v1/messages',
    auth: 'messages',
    body: DocumentedMessagesRequest,
    sent: ({ body }) => expect((body as { stream: boolean }).stream).toBe(true),
  },
  listing('4.4', 'lists models without a key (unified)', '/v1/models', (g) => g.listings.unified.all()),
  listing('4.4', 'lists one provider (generative-native)', '/gen-native/v1beta/models/aurora', (g) =>
    g.listings.generative.provider('aurora'),
  ),
  listing('4.4', 'reads one model (message-native)', `/msg-native/v1/models/${chatModel}`, (g) =>
    g.listings.messages.model(chatModel),
  ),
]

walk('Document 3: native protocols and model listings', sandbox, { service, client })
