// Document 3, native protocols and model listings, section by section: cached contents, content generation,
// messages and the nine listing routes on the standalone sandbox, and the app's requests to each
// (native-and-models.client.ts).
import { expect } from 'vitest'
import { z } from 'zod'
import { clientRows } from './native-and-models.client.ts'
import {
  Cache,
  caches,
  chatModel,
  eventsOf,
  Generation,
  GenerativeModel,
  generate,
  ids,
  imageModel,
  Message,
  MessageModel,
  message,
  pixel,
  seconds,
  textModel,
  UnifiedModel,
} from './native-and-models.fixtures.ts'
import type { Context, ServiceRow } from './rows.ts'
import { walk } from './rows.ts'
import { keys, standaloneSandbox } from './standalone.ts'

const sandbox = standaloneSandbox()

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

walk('Document 3: native protocols and model listings', sandbox, { service, client: clientRows })
