// Contract tests of document 3 §2.1–2.2, §4.1–4.2, §5, §7, §8 (generateContent and cached contents).
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { CachedContent, GenerateContentResponse } from '#shared/api/generative'
import { call, demoKey, nativeKey, otherKey, postJson, startSandboxForFile } from './testing/client.ts'

let clock = Date.UTC(2026, 10, 21, 12)
const { url } = startSandboxForFile({ now: () => clock })
const base = '/gen-native/v1beta'
const generate = (model: string, body: unknown, key = demoKey, method = 'generateContent', query = '') =>
  postJson(url(`${base}/models/${model}:${method}${query}`), body, nativeKey(key))
const user = (text: string, extra: object[] = []) => ({
  contents: [{ role: 'user', parts: [{ text }, ...extra] }],
})
const statusOf = (reply: { body: unknown }) =>
  (reply.body as { error: { code: number; status: string; message: string } }).error

describe('§4.1 generateContent', () => {
  it('stops at maxOutputTokens and says so', async () => {
    for (const maxOutputTokens of [1, 4]) {
      const reply = await generate('aurora/flash-2', {
        ...user('Explain tides and the moon in depth'),
        generationConfig: { maxOutputTokens },
      })
      const body = GenerateContentResponse.parse(reply.body)
      expect(body.candidates[0]?.finishReason).toBe('MAX_TOKENS')
      expect(body.usageMetadata?.candidatesTokenCount).toBeLessThanOrEqual(maxOutputTokens)
    }
    for (const maxOutputTokens of [0, -5, 2.5, '10'])
      expect(
        (await generate('aurora/flash-2', { ...user('x'), generationConfig: { maxOutputTokens } })).status,
      ).toBe(400)
  })

  it('answers with thought parts before the text, and full usage metadata', async () => {
    const reply = await generate('aurora/flash-2', user('Explain tides and the moon'))
    expect(reply.status).toBe(200)
    const body = GenerateContentResponse.parse(reply.body)
    const parts = body.candidates[0]!.content.parts
    expect(parts.filter((p) => p.thought).length).toBeGreaterThan(0)
    expect(parts.at(-1)?.text).toMatch(/tides|moon/)
    expect(body.candidates[0]!.finishReason).toBe('STOP')
    expect(body.modelVersion).toBe('aurora/flash-2')
    const usage = body.usageMetadata!
    expect(usage.totalTokenCount).toBe(
      usage.promptTokenCount + usage.candidatesTokenCount! + usage.thoughtsTokenCount!,
    )
    expect(usage.candidatesTokensDetails).toEqual([
      { modality: 'TEXT', tokenCount: usage.candidatesTokenCount },
    ])
    expect(usage.cachedContentTokenCount).toBeUndefined()
  })

  it('edits an inline image with the family B model: the image is found among the parts, after thoughts', async () => {
    const source = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#00aa00' } })
      .png()
      .toBuffer()
    const reply = await generate(
      'aurora/flash-image',
      user('make it autumn', [{ inline_data: { mime_type: 'image/png', data: source.toString('base64') } }]),
    )
    const body = GenerateContentResponse.parse(reply.body)
    const parts = body.candidates[0]!.content.parts
    const imageIndex = parts.findIndex((p) => p.inlineData)
    expect(imageIndex).toBeGreaterThan(0)
    expect(parts.slice(0, imageIndex).some((p) => p.thought)).toBe(true)
    const output = Buffer.from(parts[imageIndex]!.inlineData!.data, 'base64')
    expect(await sharp(output).metadata()).toMatchObject({ width: 32, height: 32, format: 'png' })
    expect(output.equals(source)).toBe(false)
    expect(body.usageMetadata?.candidatesTokensDetails).toContainEqual({
      modality: 'IMAGE',
      tokenCount: 1290,
    })
  })

  it('streams as server-sent events with alt=sse, usage on the last event', async () => {
    const response = await fetch(url(`${base}/models/aurora/flash-2:streamGenerateContent?alt=sse`), {
      method: 'POST',
      headers: nativeKey(),
      body: JSON.stringify(user('Tell me about rivers and deltas')),
    })
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const events = (await response.text())
      .split('\r\n\r\n')
      .filter(Boolean)
      .map((chunk) => GenerateContentResponse.parse(JSON.parse(chunk.replace(/^data: /, ''))))
    expect(events.length).toBeGreaterThan(3)
    expect(events.slice(0, -1).every((e) => e.usageMetadata === undefined)).toBe(true)
    expect(events.at(-1)?.candidates[0]?.finishReason).toBe('STOP')
    const whole = GenerateContentResponse.parse(
      (await generate('aurora/flash-2', user('Tell me about rivers and deltas'))).body,
    )
    const streamedText = events
      .flatMap((e) => e.candidates[0]!.content.parts.filter((p) => !p.thought).map((p) => p.text))
      .join('')
    expect(streamedText).toBe(whole.candidates[0]!.content.parts.at(-1)?.text)
  })

  it('streams as a JSON array without alt=sse', async () => {
    const reply = await generate('aurora/flash-2', user('hello there'), demoKey, 'streamGenerateContent')
    expect(Array.isArray(reply.body)).toBe(true)
  })

  it('refuses a wrong or missing key, an unknown model, and a model without generateContent', async () => {
    expect(statusOf(await generate('aurora/flash-2', user('x'), 'sk-wrong'))).toMatchObject({
      code: 401,
      status: 'UNAUTHENTICATED',
    })
    const noKey = await call(url(`${base}/models/aurora/flash-2:generateContent`), {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    })
    expect(noKey.status).toBe(401)
    expect(statusOf(await generate('no/model', user('x')))).toMatchObject({ code: 404, status: 'NOT_FOUND' })
    expect((await generate('sysone/judge-1', user('x'))).status).toBe(400)
    expect(
      (
        await generate('aurora/flash-2', {
          contents: [{ parts: [{ inlineData: { mimeType: 'image/png', data: '%%%' } }] }],
        })
      ).status,
    ).toBe(400)
  })
})

describe('§4.2 cached contents', () => {
  const createCache = (body: object, key = demoKey) =>
    postJson(url(`${base}/cachedContents`), { model: 'models/aurora/flash-2', ...body }, nativeKey(key))
  const context = {
    contents: [{ role: 'user', parts: [{ text: 'A long reference document. '.repeat(400) }] }],
  }

  it('creates with the default TTL of 600 s, reads back, and counts its tokens', async () => {
    const reply = await createCache({ ...context, displayName: 'manual' })
    expect(reply.status).toBe(200)
    const cache = CachedContent.parse(reply.body)
    expect(cache.name).toMatch(/^cachedContents\/\w+$/)
    expect(Date.parse(cache.expireTime) - Date.parse(cache.createTime)).toBe(600_000)
    expect(cache.usageMetadata.totalTokenCount).toBeGreaterThan(2000)
    expect(cache.displayName).toBe('manual')
    const read = await call(url(`${base}/${cache.name}`), { headers: nativeKey() })
    expect(CachedContent.parse(read.body)).toEqual(cache)
  })

  it.each([
    [{ ttl: '599s' }, 400],
    [{ ttl: '3601s' }, 400],
    [{ ttl: '3600s' }, 200],
    [{ ttl: 'ten minutes' }, 400],
    [{ expireTime: new Date(clock + 1_800_000).toISOString() }, 200],
    [{ expireTime: new Date(clock + 60_000).toISOString() }, 400],
    [{ ttl: '900s', expireTime: new Date(clock + 1_800_000).toISOString() }, 400],
  ])('TTL rule: %j → %i', async (ttl, status) => {
    expect((await createCache({ ...context, ...ttl })).status).toBe(status)
  })

  it('is referenced from generation: the turn carries only new content and the cached tokens are counted', async () => {
    const cache = CachedContent.parse((await createCache(context)).body)
    const reply = await generate('aurora/flash-2', { cachedContent: cache.name, ...user('Summarise it') })
    const usage = GenerateContentResponse.parse(reply.body).usageMetadata!
    expect(usage.cachedContentTokenCount).toBe(cache.usageMetadata.totalTokenCount)
    expect(usage.promptTokenCount).toBeGreaterThan(cache.usageMetadata.totalTokenCount)
    const wrongModel = await generate('nimbus/chat-4', { cachedContent: cache.name, ...user('x') })
    expect(wrongModel.status).toBe(400)
  })

  it('answers 403 to another key for read, delete and use', async () => {
    const cache = CachedContent.parse((await createCache(context)).body)
    expect((await call(url(`${base}/${cache.name}`), { headers: nativeKey(otherKey) })).status).toBe(403)
    expect(
      (await call(url(`${base}/${cache.name}`), { method: 'DELETE', headers: nativeKey(otherKey) })).status,
    ).toBe(403)
    expect(
      statusOf(await generate('aurora/flash-2', { cachedContent: cache.name, ...user('x') }, otherKey)),
    ).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' })
  })

  it('deletes, and a deleted or expired cache is gone', async () => {
    const cache = CachedContent.parse((await createCache(context)).body)
    expect(
      (await call(url(`${base}/${cache.name}`), { method: 'DELETE', headers: nativeKey() })).body,
    ).toEqual({})
    expect((await call(url(`${base}/${cache.name}`), { headers: nativeKey() })).status).toBe(404)
    const expiring = CachedContent.parse((await createCache(context)).body)
    clock += 601_000
    expect((await call(url(`${base}/${expiring.name}`), { headers: nativeKey() })).status).toBe(404)
    expect((await generate('aurora/flash-2', { cachedContent: expiring.name, ...user('x') })).status).toBe(
      404,
    )
  })
})
