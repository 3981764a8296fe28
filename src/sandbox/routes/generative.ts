// The generative-native protocol (document 3 §4.1–4.2): generateContent, its stream, and cached contents.
import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { CachedContentRequest, type Content, GenerateContentRequest, type Part } from '#shared/api/generative'
import { resolveCacheExpiry } from '#shared/domain/caches'
import { estimateTokens } from '#shared/domain/tokens'
import type { SandboxModel } from '../catalog.ts'
import { parseJsonObject, parseWith, ServiceError } from '../http.ts'
import { editImage, renderImage } from '../render.ts'
import { chunks, composeAnswer, composeThoughts, cutToTokens } from '../reply.ts'
import type { Route, SandboxContext } from '../router.ts'
import type { KeyState } from '../state.ts'

const invalid = 'INVALID_ARGUMENT'
const imageOutputTokens = 1290
const imageInputTokens = 258

interface CacheEntry {
  id: string
  key: KeyState
  model: SandboxModel
  tokens: number
  displayName: string | undefined
  createTime: number
  expiresAt: number
}

const iso = (ms: number) => new Date(ms).toISOString()
const inline = (part: Part) => part.inlineData ?? part.inline_data

export function generativeRoutes(ctx: SandboxContext): Route[] {
  const caches = new Map<string, CacheEntry>()

  function cacheFor(handle: string, key: KeyState): CacheEntry {
    const id = handle.replace(/^cachedContents\//, '')
    const entry = caches.get(id)
    if (entry && entry.expiresAt <= ctx.now()) caches.delete(id)
    const live = caches.get(id)
    if (!live) throw new ServiceError(404, 'NOT_FOUND', `cachedContents/${id} was not found or has expired.`)
    if (live.key !== key)
      throw new ServiceError(403, 'PERMISSION_DENIED', `cachedContents/${id} belongs to another API key.`)
    return live
  }

  const describe = (entry: CacheEntry) => ({
    name: `cachedContents/${entry.id}`,
    model: `models/${entry.model.id}`,
    createTime: iso(entry.createTime),
    updateTime: iso(entry.createTime),
    expireTime: iso(entry.expiresAt),
    ...(entry.displayName !== undefined ? { displayName: entry.displayName } : {}),
    usageMetadata: { totalTokenCount: entry.tokens },
  })

  function generationModel(id: string): SandboxModel {
    const model = ctx.catalog.find(id)
    if (!model) throw new ServiceError(404, 'NOT_FOUND', `models/${id} is not found.`)
    if (!ctx.catalog.hasRole(model, 'chat', 'image-b')) {
      throw new ServiceError(400, 'FAILED_PRECONDITION', `models/${id} does not support generateContent.`)
    }
    return model
  }

  /** The whole answer as parts, with its usage; streaming sends the same parts in pieces. */
  /** generationConfig.maxOutputTokens: a whole number from 1 when given (the answer stops there). */
  function maxOutputTokensOf(request: GenerateContentRequest): number {
    const given = request.generationConfig?.maxOutputTokens
    if (given === undefined) return Number.POSITIVE_INFINITY
    if (typeof given !== 'number' || !Number.isInteger(given) || given < 1)
      throw new ServiceError(400, invalid, 'generationConfig.maxOutputTokens must be a whole number from 1.')
    return given
  }

  async function answer(model: SandboxModel, request: GenerateContentRequest, key: KeyState) {
    if (request.contents.length === 0)
      throw new ServiceError(400, invalid, 'contents must hold at least one turn.')
    const cache = request.cachedContent ? cacheFor(request.cachedContent, key) : undefined
    if (cache && cache.model !== model) {
      throw new ServiceError(
        400,
        invalid,
        `The cached content was created for models/${cache.model.id}, not models/${model.id}.`,
      )
    }
    const lastTurn = request.contents.at(-1) as Content
    const prompt = lastTurn.parts.map((part) => part.text ?? '').join(' ')
    const images: Buffer[] = []
    for (const part of request.contents.flatMap((content) => content.parts)) {
      const data = inline(part)
      if (!data) continue
      const bytes = Buffer.from(data.data, 'base64')
      if (
        bytes.length === 0 ||
        bytes.toString('base64').replace(/=+$/, '') !== data.data.replace(/\s|=+$/g, '')
      ) {
        throw new ServiceError(400, invalid, 'An inline_data part holds invalid base64 data.')
      }
      if ((data.mimeType ?? data.mime_type ?? '').startsWith('image/')) images.push(bytes)
    }
    const thoughts = model.thinks ? composeThoughts(prompt) : []
    const text =
      model.imageFamily === 'B'
        ? `Here is the image for: ${prompt.slice(0, 120)}`
        : composeAnswer(prompt, model.id)
    const limit = maxOutputTokensOf(request)
    const { text: shown, cut: truncated } = cutToTokens(text, limit)
    const parts: Part[] = [...thoughts.map((thought) => ({ text: thought, thought: true })), { text: shown }]
    if (model.imageFamily === 'B') {
      const source = images.at(-1)
      const image = source
        ? await editImage(source, prompt, { format: 'png' })
        : await renderImage({ seed: [model.id, prompt], width: 1024, height: 1024, format: 'png' })
      parts.push({ inlineData: { mimeType: image.mimeType, data: image.bytes.toString('base64') } })
    }
    const promptTokens =
      estimateTokens(request.contents.map((c) => c.parts.map((p) => p.text ?? ''))) +
      estimateTokens(request.systemInstruction ?? '') +
      images.length * imageInputTokens
    const textTokens = estimateTokens(shown)
    const imageTokens = model.imageFamily === 'B' ? imageOutputTokens : 0
    const thoughtTokens = estimateTokens(thoughts.join(' '))
    const cached = cache?.tokens ?? 0
    const usageMetadata = {
      promptTokenCount: promptTokens + cached,
      candidatesTokenCount: textTokens + imageTokens,
      ...(thoughtTokens ? { thoughtsTokenCount: thoughtTokens } : {}),
      totalTokenCount: promptTokens + cached + textTokens + imageTokens + thoughtTokens,
      candidatesTokensDetails: [
        { modality: 'TEXT', tokenCount: textTokens },
        ...(imageTokens ? [{ modality: 'IMAGE', tokenCount: imageTokens }] : []),
      ],
      ...(cache ? { cachedContentTokenCount: cached } : {}),
    }
    return { parts, finishReason: truncated ? 'MAX_TOKENS' : 'STOP', usageMetadata }
  }

  const generate: Route['handle'] = async ({ body, req, params, key, url, res }) => {
    const model = generationModel(params.model ?? '')
    const request = parseWith(
      GenerateContentRequest,
      parseJsonObject(await body(), req.headers['content-type'], invalid),
      invalid,
    )
    const result = await answer(model, request, key)
    const envelope = (parts: Part[], last: boolean) => ({
      candidates: [
        {
          content: { role: 'model', parts },
          ...(last ? { finishReason: result.finishReason } : {}),
          index: 0,
        },
      ],
      modelVersion: model.id,
      ...(last ? { usageMetadata: result.usageMetadata } : {}),
    })
    if (params.method === 'generateContent') return { status: 200, json: envelope(result.parts, true) }

    const pieces: Part[][] = result.parts.flatMap((part) =>
      part.text !== undefined && !part.thought ? chunks(part.text).map((text) => [{ text }]) : [[part]],
    )
    await stream(
      res,
      url.searchParams.get('alt') === 'sse',
      pieces.map((piece, i) => envelope(piece, i === pieces.length - 1)),
    )
    return null
  }

  const createCache: Route['handle'] = async ({ body, req, key }) => {
    const request = parseWith(
      CachedContentRequest,
      parseJsonObject(await body(), req.headers['content-type'], invalid),
      invalid,
    )
    const model = generationModel(request.model.replace(/^models\//, ''))
    const now = ctx.now()
    const expiry = resolveCacheExpiry(request, now)
    if ('violation' in expiry) throw ServiceError.from(expiry.violation)
    const tokens = estimateTokens([
      request.contents ?? [],
      request.systemInstruction ?? '',
      request.tools ?? [],
    ])
    const entry: CacheEntry = {
      id: randomBytes(12).toString('hex'),
      key,
      model,
      tokens,
      displayName: request.displayName,
      createTime: now,
      expiresAt: expiry.expiresAt,
    }
    caches.set(entry.id, entry)
    return { status: 200, json: describe(entry) }
  }

  const readCache: Route['handle'] = ({ params, key }) => ({
    status: 200,
    json: describe(cacheFor(params.id ?? '', key)),
  })
  const deleteCache: Route['handle'] = ({ params, key }) => {
    caches.delete(cacheFor(params.id ?? '', key).id)
    return { status: 200, json: {} }
  }

  return [
    {
      method: 'POST',
      pattern:
        /^\/gen-native\/v1beta\/models\/(?<model>[^:]+):(?<method>generateContent|streamGenerateContent)$/,
      group: 'generative',
      handle: generate,
    },
    {
      method: 'POST',
      pattern: /^\/gen-native\/v1beta\/cachedContents$/,
      group: 'generative',
      handle: createCache,
    },
    {
      method: 'GET',
      pattern: /^\/gen-native\/v1beta\/cachedContents\/(?<id>[^/]+)$/,
      group: 'generative',
      handle: readCache,
    },
    {
      method: 'DELETE',
      pattern: /^\/gen-native\/v1beta\/cachedContents\/(?<id>[^/]+)$/,
      group: 'generative',
      handle: deleteCache,
    },
    {
      // Control API: a cache reaches its expiry now (tests cannot wait the 600 s minimum).
      method: 'POST',
      pattern: /^\/__sandbox\/caches\/(?<id>[^/]+)\/expire$/,
      group: 'control',
      handle: ({ params }) => {
        const entry = caches.get(params.id ?? '')
        if (!entry) throw new ServiceError(404, 'NOT_FOUND', `cachedContents/${params.id} was not found.`)
        entry.expiresAt = ctx.now()
        return { status: 200, json: { name: `cachedContents/${entry.id}`, expireTime: iso(entry.expiresAt) } }
      },
    },
  ]
}

/** Sends chunks as server-sent events (`alt=sse`) or as one JSON array, a little apart like a real stream. */
async function stream(res: ServerResponse, sse: boolean, events: unknown[]): Promise<void> {
  res.writeHead(200, {
    'content-type': sse ? 'text/event-stream' : 'application/json',
    'cache-control': 'no-cache',
  })
  for (const [index, event] of events.entries()) {
    if (res.destroyed) return
    res.write(
      sse
        ? `data: ${JSON.stringify(event)}\r\n\r\n`
        : `${index === 0 ? '[' : ',\r\n'}${JSON.stringify(event)}`,
    )
    await sleep(15)
  }
  res.end(sse ? '' : ']')
}
