// Bad input of every kind gets the documented error shape of its group with a clear message; nothing crashes
// or hangs, and the sandbox answers normally afterwards.
import { describe, expect, it } from 'vitest'
import { GenerativeErrorBody, MessageErrorBody, UnifiedErrorBody, VideoErrorBody } from '#shared/api/errors'
import { bearer, call, messageKey, nativeKey, postJson, startSandboxForFile } from './testing/client.ts'

const { url } = startSandboxForFile({ timeScale: 0.001 })

type Case = [
  name: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  shape: { safeParse(v: unknown): { success: boolean } },
]
const json = bearer()
const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`

const corpus: Case[] = [
  ['broken JSON', 'POST', '/v1/decisions', json, '{"model": "judge-1",', UnifiedErrorBody],
  ['array body', 'POST', '/v1/decisions', json, '[1,2,3]', UnifiedErrorBody],
  ['null body', 'POST', '/v1/decisions', json, 'null', UnifiedErrorBody],
  ['empty body', 'POST', '/v1/decisions', json, '', UnifiedErrorBody],
  [
    'wrong types',
    'POST',
    '/v1/decisions',
    json,
    '{"model": 7, "input": "x", "questions": "all"}',
    UnifiedErrorBody,
  ],
  ['missing fields', 'POST', '/v1/decisions', json, '{"model": "sysone/judge-1"}', UnifiedErrorBody],
  [
    'unknown question type',
    'POST',
    '/v1/decisions',
    json,
    '{"model":"sysone/judge-1","input":"x","questions":[{"type":"essay","instructions":"x"}]}',
    UnifiedErrorBody,
  ],
  [
    'deep nesting',
    'POST',
    '/v1/decisions',
    json,
    `{"model":"sysone/judge-1","input":${deep},"questions":[]}`,
    UnifiedErrorBody,
  ],
  [
    'text content type',
    'POST',
    '/v1/decisions',
    { ...json, 'content-type': 'text/plain' },
    '{}',
    UnifiedErrorBody,
  ],
  ['invalid UTF-8', 'POST', '/v1/decisions', json, '{"model":"\udcff"}', UnifiedErrorBody],
  ['wrong method', 'GET', '/v1/decisions', json, undefined, UnifiedErrorBody],
  ['PUT on images', 'PUT', '/v1/images/generations', json, '{}', UnifiedErrorBody],
  [
    'n out of range',
    'POST',
    '/v1/images/generations',
    json,
    '{"model":"lumen/image-1","prompt":"p","n":11}',
    UnifiedErrorBody,
  ],
  [
    'bad size',
    'POST',
    '/v1/images/generations',
    json,
    '{"model":"lumen/image-1","prompt":"p","size":"3x3"}',
    UnifiedErrorBody,
  ],
  [
    'broken multipart',
    'POST',
    '/v1/images/edits',
    { ...json, 'content-type': 'multipart/form-data; boundary=zzz' },
    '--zzz\r\nnonsense',
    UnifiedErrorBody,
  ],
  [
    'video: negative duration',
    'POST',
    '/v1/videos',
    json,
    '{"model":"orbit/motion-2","prompt":"p","duration":-3}',
    VideoErrorBody,
  ],
  [
    'video: bad resolution',
    'POST',
    '/v1/videos',
    json,
    '{"model":"orbit/motion-2","prompt":"p","resolution":"8K"}',
    VideoErrorBody,
  ],
  ['video: broken JSON', 'POST', '/v1/videos', json, '{', VideoErrorBody],
  [
    'video: frame type',
    'POST',
    '/v1/videos',
    json,
    '{"model":"orbit/motion-2","prompt":"p","frame_images":[{"type":"image_url","image_url":{"url":"u"},"frame_type":"middle"}]}',
    VideoErrorBody,
  ],
  ['video: wrong method', 'PATCH', '/v1/videos/abc', json, '{}', VideoErrorBody],
  [
    'video: seed as text',
    'POST',
    '/v1/videos',
    json,
    '{"model":"orbit/motion-2","prompt":"p","seed":"abc"}',
    VideoErrorBody,
  ],
  [
    'generate: broken JSON',
    'POST',
    '/gen-native/v1beta/models/aurora/flash-2:generateContent',
    nativeKey(),
    '{"contents": [',
    GenerativeErrorBody,
  ],
  [
    'generate: contents not an array',
    'POST',
    '/gen-native/v1beta/models/aurora/flash-2:generateContent',
    nativeKey(),
    '{"contents": "hi"}',
    GenerativeErrorBody,
  ],
  [
    'cache: no model',
    'POST',
    '/gen-native/v1beta/cachedContents',
    nativeKey(),
    '{"contents": []}',
    GenerativeErrorBody,
  ],
  [
    'messages: max_tokens missing',
    'POST',
    '/msg-native/v1/messages',
    messageKey(),
    '{"model":"nimbus/chat-4","messages":[{"role":"user","content":"x"}]}',
    MessageErrorBody,
  ],
  [
    'messages: temperature 3',
    'POST',
    '/msg-native/v1/messages',
    messageKey(),
    '{"model":"nimbus/chat-4","max_tokens":5,"temperature":3,"messages":[{"role":"user","content":"x"}]}',
    MessageErrorBody,
  ],
  [
    'messages: bad role',
    'POST',
    '/msg-native/v1/messages',
    messageKey(),
    '{"model":"nimbus/chat-4","max_tokens":5,"messages":[{"role":"robot","content":"x"}]}',
    MessageErrorBody,
  ],
  [
    'messages: image not decodable',
    'POST',
    '/msg-native/v1/messages',
    messageKey(),
    '{"model":"nimbus/chat-4","max_tokens":5,"messages":[{"role":"user","content":[{"type":"image","source":{"type":"base64","media_type":"image/png","data":"AAAA"}}]}]}',
    MessageErrorBody,
  ],
  ['unknown path', 'POST', '/v2/anything', json, '{}', UnifiedErrorBody],
  [
    'control: bad fault rate',
    'POST',
    '/__sandbox/faults',
    { 'content-type': 'application/json' },
    '{"upstreamError": 4}',
    VideoErrorBody,
  ],
]

describe('malformed requests', () => {
  it.each(corpus)('%s → a 4xx in the group shape', async (_name, method, path, headers, body, shape) => {
    const reply = await call(url(path), { method, headers, ...(body !== undefined ? { body } : {}) })
    expect(reply.status).toBeGreaterThanOrEqual(400)
    expect(reply.status).toBeLessThan(500)
    expect(shape.safeParse(reply.body).success, reply.text).toBe(true)
  })

  it('refuses an oversize image request with 413 without reading it all', async () => {
    const reply = await call(url('/v1/images/generations'), {
      method: 'POST',
      headers: json,
      body: 'x'.repeat(49 * 1024 * 1024),
    })
    expect(reply.status).toBe(413)
  })

  it('still answers normally after the whole corpus', async () => {
    await Promise.all(
      corpus.map(([, method, path, headers, body]) =>
        call(url(path), { method, headers, ...(body !== undefined ? { body } : {}) }),
      ),
    )
    const reply = await postJson(url('/v1/decisions'), {
      model: 'sysone/judge-1',
      input: 'fine',
      questions: [{ type: 'predicate', instructions: 'ok?' }],
    })
    expect(reply.status).toBe(200)
  })
})

describe('control API', () => {
  it('lists the catalog with roles covering every role of the documents', async () => {
    const catalog = (await call<{ id: string; roles: string[] }[]>(url('/__sandbox/catalog'))).body
    const roles = new Set(catalog.flatMap((model) => model.roles))
    expect([...roles].sort()).toEqual([
      'chat',
      'decision',
      'decision-vision',
      'image-a',
      'image-a-edit',
      'image-b',
      'image-c',
      'video',
      'video-audio',
      'video-no-cancel',
    ])
    expect(new Set(catalog.map((model) => model.id.split('/')[0])).size).toBeGreaterThanOrEqual(3)
  })

  it('injects upstream errors and latency, and {} clears them', async () => {
    const control = (body: unknown) =>
      postJson(url('/__sandbox/faults'), body, { 'content-type': 'application/json' })
    const request = () => postJson(url('/v1/videos'), { model: 'orbit/motion-2', prompt: 'p' })
    await control({ upstreamError: 1 })
    const failing = await request()
    expect([failing.status, (failing.body as { error: { code: string } }).error.code]).toEqual([
      502,
      'upstream_error',
    ])
    await control({ latencyMs: 120 })
    const started = Date.now()
    expect((await request()).status).toBe(202)
    expect(Date.now() - started).toBeGreaterThanOrEqual(110)
    await control({})
    expect((await request()).status).toBe(202)
  })
})
