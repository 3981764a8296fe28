// Routes of the native-protocol playground: a messages turn and a generateContent turn with what went over the
// wire, the cache handles the app created, and saved conversations.
import { z } from 'zod'
import {
  CachedContentRequest,
  GenerateContentRequest,
  GenerateContentResponse,
} from '../../api/generative.ts'
import { MessagesRequest, MessagesResponse } from '../../api/messages.ts'
import { route } from '../contract.ts'
import { ImageRecord } from './images.ts'
import { overBudget } from './spend.ts'

export const WireRecord = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('request'),
    method: z.string(),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    body: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('response'),
    status: z.number(),
    headers: z.record(z.string(), z.string()),
    body: z.string(),
    ms: z.number(),
  }),
])
export type WireRecord = z.infer<typeof WireRecord>

export const CacheHandle = z.object({
  name: z.string(),
  model: z.string(),
  displayName: z.string().nullable(),
  tokenCount: z.number(),
  /** USD: the token count at the model's cache-write rate. */
  writeCost: z.string().nullable(),
  createdAt: z.number(),
  expireAt: z.number(),
  state: z.enum(['active', 'expired', 'deleted']),
})
export type CacheHandle = z.infer<typeof CacheHandle>

const requestId = z.string().min(1).max(100).optional()
/** The conversation a turn belongs to, so that its entry in the spend ledger links to it. */
export const conversationId = z.string().min(1).max(100).optional()
const protocol = z.enum(['messages', 'generative'])

export const playgroundRoutes = {
  'playground.messages': route({
    input: z.object({ requestId, conversationId, overBudget, body: MessagesRequest }),
    output: z.object({ response: MessagesResponse, wire: z.array(WireRecord) }),
  }),
  'playground.generate': route({
    input: z.object({
      requestId,
      conversationId,
      overBudget,
      model: z.string().min(1),
      body: GenerateContentRequest,
    }),
    output: z.object({
      response: GenerateContentResponse,
      wire: z.array(WireRecord),
      /** Images of the answer, kept in the gallery. */
      images: z.array(ImageRecord),
    }),
  }),
  'caches.create': route({ input: CachedContentRequest.extend({ overBudget }), output: CacheHandle }),
  'caches.list': route({ input: z.object({}), output: z.array(CacheHandle) }),
  /** Reads the handle from the service: its expiry, or that it is gone. */
  'caches.get': route({ input: z.object({ name: z.string() }), output: CacheHandle }),
  'caches.delete': route({ input: z.object({ name: z.string() }), output: CacheHandle }),
  'conversations.save': route({
    input: z.object({
      id: z.string().min(1).max(100),
      protocol,
      title: z.string().max(200),
      model: z.string().max(200),
      state: z.unknown(),
    }),
    output: z.object({ savedAt: z.number() }),
  }),
  'conversations.list': route({
    input: z.object({}),
    output: z.array(
      z.object({ id: z.string(), protocol, title: z.string(), model: z.string(), updatedAt: z.number() }),
    ),
  }),
  'conversations.get': route({
    input: z.object({ id: z.string() }),
    output: z.object({ id: z.string(), protocol, title: z.string(), model: z.string(), state: z.unknown() }),
  }),
  'conversations.delete': route({
    input: z.object({ id: z.string() }),
    output: z.object({ deleted: z.boolean() }),
  }),
}
