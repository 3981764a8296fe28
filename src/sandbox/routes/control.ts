// The loopback-only control API that tests and the app's tooling rely on: the catalog's roles and changes, forced video
// outcomes, keys, and faults. Its shapes are stable.
import { z } from 'zod'
import { formatAmount } from '#shared/domain/money'
import { parseJsonObject, parseWith, ServiceError } from '../http.ts'
import type { Route, SandboxContext } from '../router.ts'
import type { VideoEngine } from '../videos/engine.ts'

const Outcome = z.object({ status: z.enum(['completed', 'failed', 'cancelled', 'expired']) })
const KeyChange = z.object({
  credits: z.union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d+)?$/)]).optional(),
  pollLimit: z
    .object({ requests: z.number().int().positive(), windowSeconds: z.number().positive() })
    .optional(),
  webhookSecret: z.string().min(1).optional(),
})
const Price = z.string().regex(/^\d+(\.\d+)?$/)
const CatalogChange = z.object({
  /** New models, made from the chat model `like` with these fields changed. */
  add: z
    .array(
      z.object({
        id: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
        name: z.string().min(1),
        like: z.string().default('aurora/flash-2'),
        contextLength: z.number().int().positive().optional(),
        pricing: z.object({ prompt: Price, completion: Price }).optional(),
      }),
    )
    .default([]),
  remove: z.array(z.string()).default([]),
  prices: z
    .record(
      z.string(),
      z.object({
        prompt: Price.optional(),
        completion: Price.optional(),
        cacheRead: Price.optional(),
        cacheWrite5m: Price.optional(),
        cacheWrite1h: Price.optional(),
      }),
    )
    .default({}),
})
const Faults = z.object({
  upstreamError: z.number().min(0).max(1).optional(),
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  dropWebhooks: z.number().min(0).max(1).optional(),
  holdVideos: z.boolean().optional(),
  cutStreams: z.number().int().min(0).max(10_000).optional(),
})

export function controlRoutes(ctx: SandboxContext, videos: VideoEngine): Route[] {
  const json = async (body: () => Promise<Buffer>, type: string | undefined) =>
    parseJsonObject(await body(), type, 'invalid_request')
  return [
    {
      method: 'GET',
      pattern: /^\/__sandbox\/catalog$/,
      group: 'control',
      handle: () => ({
        status: 200,
        json: ctx.catalog.models.map((model) => ({ id: model.id, roles: model.roles })),
      }),
    },
    {
      method: 'POST',
      pattern: /^\/__sandbox\/catalog$/,
      group: 'control',
      handle: async ({ body, req }) => {
        const change = parseWith(
          CatalogChange,
          await json(body, req.headers['content-type']),
          'invalid_request',
        )
        for (const added of change.add) {
          const template = ctx.catalog.find(added.like)
          if (!template) throw new ServiceError(400, 'invalid_request', `No model '${added.like}' to copy.`)
          const { alias: _alias, ...rest } = template
          ctx.catalog.add({
            ...rest,
            id: added.id,
            name: added.name,
            contextLength: added.contextLength ?? template.contextLength,
            pricing: added.pricing ?? template.pricing,
            created: Math.floor(ctx.now() / 1000),
          })
        }
        const missing = [
          ...change.remove.filter((id) => !ctx.catalog.remove(id)),
          ...Object.entries(change.prices)
            .filter(([id, pricing]) => !ctx.catalog.reprice(id, pricing))
            .map(([id]) => id),
        ]
        if (missing.length) throw new ServiceError(404, 'model_not_found', `No model ${missing.join(', ')}.`)
        return { status: 200, json: { models: ctx.catalog.models.length } }
      },
    },
    {
      method: 'POST',
      pattern: /^\/__sandbox\/videos\/(?<id>[^/]+)\/outcome$/,
      group: 'control',
      handle: async ({ params, body, req }) => {
        const { status } = parseWith(
          Outcome,
          await json(body, req.headers['content-type']),
          'invalid_request',
        )
        return { status: 200, json: videos.force(params.id ?? '', status).task }
      },
    },
    {
      method: 'POST',
      pattern: /^\/__sandbox\/keys\/(?<key>[^/]+)$/,
      group: 'control',
      handle: async ({ params, body, req }) => {
        const change = parseWith(KeyChange, await json(body, req.headers['content-type']), 'invalid_request')
        if (!params.key) throw new ServiceError(400, 'invalid_request', 'A key is required.')
        const key = ctx.state.updateKey(params.key, change)
        return {
          status: 200,
          json: {
            key: key.key,
            credits: formatAmount(key.credits),
            pollLimit: key.pollLimit,
            requests: key.requests,
          },
        }
      },
    },
    {
      method: 'POST',
      pattern: /^\/__sandbox\/faults$/,
      group: 'control',
      handle: async ({ body, req }) => {
        const faults = parseWith(Faults, await json(body, req.headers['content-type']), 'invalid_request')
        ctx.state.faults = {
          upstreamError: 0,
          latencyMs: 0,
          dropWebhooks: 0,
          holdVideos: false,
          cutStreams: 0,
          ...faults,
        }
        return { status: 200, json: ctx.state.faults }
      },
    },
  ]
}
