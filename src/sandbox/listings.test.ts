// Contract tests of document 3 §2.4 and §4.4: nine public listing routes in three styles.
import { describe, expect, it } from 'vitest'
import {
  GenerativeModel,
  GenerativeModelList,
  MessageModel,
  MessageModelList,
  UnifiedModel,
  UnifiedModelList,
} from '#shared/api/models'
import { call, startSandboxForFile } from './testing/client.ts'

const env = startSandboxForFile()
const { url } = env
const get = (path: string) => call(url(path))

const unifiedFields = [
  'id',
  'object',
  'created',
  'owned_by',
  'canonical_slug',
  'name',
  'description',
  'context_length',
  'architecture',
  'pricing',
  'top_provider',
  'per_request_limits',
  'supported_parameters',
  'default_parameters',
  'expiration_date',
]
const generativeFields = [
  'name',
  'version',
  'displayName',
  'description',
  'inputTokenLimit',
  'outputTokenLimit',
  'supportedGenerationMethods',
  'ownedBy',
  'canonicalSlug',
  'contextLength',
  'architecture',
  'pricing',
  'topProvider',
  'supportedParameters',
  'expirationDate',
]
const messageFields = [
  'type',
  'id',
  'display_name',
  'created_at',
  'owned_by',
  'canonical_slug',
  'description',
  'context_length',
  'architecture',
  'pricing',
  'top_provider',
  'supported_parameters',
  'expiration_date',
]

describe('§4.4 listings', () => {
  it('lists every model in the unified style with every field of §2.4, without a key', async () => {
    const reply = await get('/v1/models')
    const list = UnifiedModelList.parse(reply.body)
    expect(list.data.map((m) => m.id)).toEqual(env.sandbox.catalog.models.map((m) => m.id))
    for (const model of list.data) {
      expect(Object.keys(model)).toEqual(unifiedFields)
      expect(Object.keys(model.architecture)).toEqual([
        'modality',
        'input_modalities',
        'output_modalities',
        'tokenizer',
        'instruct_type',
      ])
      expect(model.pricing.prompt).toMatch(/^\d+(\.\d+)?$/)
    }
    const chat = list.data.find((m) => m.id === 'aurora/flash-2')!
    expect(Object.keys(chat.pricing)).toEqual([
      'prompt',
      'completion',
      'input_cache_read',
      'input_cache_write_5m',
      'input_cache_write_1h',
    ])
  })

  it('lists the generative-native style under models, with models/ names and camelCase fields', async () => {
    const list = GenerativeModelList.parse((await get('/gen-native/v1beta/models')).body)
    for (const model of list.models) expect(Object.keys(model)).toEqual(generativeFields)
    const flash = list.models.find((m) => m.name === 'models/aurora/flash-2')!
    expect(flash.supportedGenerationMethods).toContain('generateContent')
    expect(flash.inputTokenLimit).toBeLessThanOrEqual(flash.contextLength!)
  })

  it('lists the message-native style with type, display_name and an ISO created_at', async () => {
    const list = MessageModelList.parse((await get('/msg-native/v1/models')).body)
    for (const model of list.data) {
      expect(Object.keys(model)).toEqual(messageFields)
      expect(model.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    }
  })

  it.each([
    [
      '/v1/models',
      (body: unknown) => UnifiedModelList.parse(body).data.map((m) => m.id),
      (b: unknown) => UnifiedModel.parse(b).id,
    ],
    [
      '/gen-native/v1beta/models',
      (body: unknown) => GenerativeModelList.parse(body).models.map((m) => m.name.replace('models/', '')),
      (b: unknown) => GenerativeModel.parse(b).name.replace('models/', ''),
    ],
    [
      '/msg-native/v1/models',
      (body: unknown) => MessageModelList.parse(body).data.map((m) => m.id),
      (b: unknown) => MessageModel.parse(b).id,
    ],
  ])('%s: by provider and one model, 404 for unknown ones', async (prefix, ids, one) => {
    expect(ids((await get(`${prefix}/aurora`)).body)).toEqual([
      'aurora/sight-decide',
      'aurora/flash-image',
      'aurora/flash-2',
    ])
    expect(one((await get(`${prefix}/lumen/image-1`)).body)).toBe('lumen/image-1')
    expect((await get(`${prefix}/nobody`)).status).toBe(404)
    expect((await get(`${prefix}/aurora/nothing`)).status).toBe(404)
  })

  it('reports a display name that differs between styles for one model', async () => {
    const unified = UnifiedModel.parse((await get('/v1/models/aurora/flash-image')).body)
    const generative = GenerativeModel.parse((await get('/gen-native/v1beta/models/aurora/flash-image')).body)
    expect(generative.displayName).not.toBe(unified.name)
  })
})
