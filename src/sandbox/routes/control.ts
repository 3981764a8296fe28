// The loopback-only control API that tests and the app's tooling rely on: the catalog's roles, forced video
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
const Faults = z.object({
  upstreamError: z.number().min(0).max(1).optional(),
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  dropWebhooks: z.number().min(0).max(1).optional(),
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
          json: { key: key.key, credits: formatAmount(key.credits), pollLimit: key.pollLimit },
        }
      },
    },
    {
      method: 'POST',
      pattern: /^\/__sandbox\/faults$/,
      group: 'control',
      handle: async ({ body, req }) => {
        const faults = parseWith(Faults, await json(body, req.headers['content-type']), 'invalid_request')
        ctx.state.faults = { upstreamError: 0, latencyMs: 0, dropWebhooks: 0, ...faults }
        return { status: 200, json: ctx.state.faults }
      },
    },
  ]
}
