// Document 3's client rows: content generation, caches, messages and listings, through the real gateway.
import { expect } from 'vitest'
import type { Gateway } from '#core/gateway/gateway'
import {
  DocumentedCacheRequest,
  DocumentedGenerateContent,
  DocumentedMessagesRequest,
} from '#shared/api/testing/documented'
import { testHold } from '../src/main/testing/holds.ts'
import { chatModel, longContext, textModel } from './native-and-models.fixtures.ts'
import type { ClientRow } from './rows.ts'

const drain = async (stream: Promise<{ events: AsyncGenerator<unknown> }>) => {
  for await (const _ of (await stream).events);
}
const listing = (
  section: string,
  rule: string,
  path: string,
  send: (gateway: Gateway) => Promise<unknown>,
): ClientRow => ({ section, rule, send, method: 'GET', path, auth: 'none' })

export const clientRows: ClientRow[] = [
  {
    section: '4.1',
    rule: 'generates content at the model’s path, slash kept, with the generative key',
    send: (gateway) =>
      gateway.generateContent(
        textModel,
        { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
        { hold: testHold('playground') },
      ),
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
        gateway.streamGenerateContent(
          textModel,
          { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
          { hold: testHold('playground') },
        ),
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
      const { data } = await gateway.createCache(
        {
          model: textModel,
          contents: longContext as never,
          systemInstruction: { parts: [{ text: 'Answer from the handbook.' }] },
          ttl: '900s',
          displayName: 'handbook',
        },
        { hold: testHold('cache') },
      )
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
      gateway.sendMessage(
        {
          model: chatModel,
          max_tokens: 100,
          system: 'Be brief.',
          temperature: 0.2,
          top_p: 0.9,
          top_k: 40,
          messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
        },
        { hold: testHold('playground') },
      ),
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
        gateway.streamMessage(
          {
            model: chatModel,
            max_tokens: 50,
            messages: [{ role: 'user', content: 'Hi' }],
          },
          { hold: testHold('playground') },
        ),
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
