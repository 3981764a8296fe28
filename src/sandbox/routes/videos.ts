// Videos (document 2 §4): create, read and cancel, and the result files the task's URLs point at.
import { open, stat } from 'node:fs/promises'
import { VideoCreateRequest } from '#shared/api/videos'
import { checkVideoReferences } from '#shared/domain/videos'
import { parseRange } from '#shared/http-range'
import { parseJsonObject, parseWith, ServiceError } from '../http.ts'
import type { Reply, Route, SandboxContext } from '../router.ts'
import { verifyCallbackUrl } from '../videos/callback.ts'
import { clipLength } from '../videos/clip.ts'
import type { VideoEngine } from '../videos/engine.ts'
import { preprocessRealPerson } from '../videos/preprocess.ts'

const invalid = 'invalid_request'

export function videoRoutes(ctx: SandboxContext, engine: VideoEngine): Route[] {
  const create: Route['handle'] = async ({ body, req, key, baseUrl }) => {
    const raw = parseJsonObject(await body(), req.headers['content-type'], invalid)
    const request = parseWith(VideoCreateRequest, raw, invalid)
    const model = ctx.catalog.find(request.model)
    if (!model) throw new ServiceError(404, 'model_not_found', `Model '${request.model}' not found`)
    if (!model.video) throw new ServiceError(400, invalid, `Model '${model.id}' does not generate video.`)
    if (request.duration !== undefined && request.duration > model.video.maxSeconds) {
      throw new ServiceError(
        400,
        invalid,
        `duration must be at most ${model.video.maxSeconds} seconds for model '${model.id}'.`,
      )
    }
    if (request.generate_audio === true && !model.video.audio) {
      throw new ServiceError(400, invalid, `Model '${model.id}' does not generate audio.`)
    }
    if (
      request.size !== undefined &&
      (request.resolution !== undefined || request.aspect_ratio !== undefined)
    ) {
      throw new ServiceError(400, invalid, 'Give either size, or resolution and aspect_ratio, not both.')
    }
    if (request.provider?.type && !model.providers.includes(request.provider.type)) {
      throw new ServiceError(
        400,
        invalid,
        `Provider type '${request.provider.type}' does not serve model '${model.id}'.`,
      )
    }
    const problem = checkVideoReferences(request)
    if (problem) throw ServiceError.from(problem)
    const callback =
      request.callback_url !== undefined
        ? (await verifyCallbackUrl(request.callback_url, ctx.state.options.allowPrivateAddresses)).href
        : undefined
    engine.preauthorize(key, model, request)
    if (request.real_person) await preprocessRealPerson(request, ctx.state.options.allowPrivateAddresses)
    const job = engine.create(key, model, request, callback)
    return {
      status: 202,
      json: { id: job.task.id, status: 'pending', polling_url: `${baseUrl}/v1/videos/${job.task.id}` },
    }
  }

  const read: Route['handle'] = ({ params, key }) => {
    const retryAfter = ctx.state.takePoll(key, ctx.now())
    if (retryAfter !== null) {
      throw new ServiceError(
        429,
        'rate_limited',
        `Polling limit reached for this key; retry after ${retryAfter} s.`,
        {
          'retry-after': String(retryAfter),
        },
      )
    }
    return { status: 200, json: engine.find(params.id ?? '', key).task }
  }

  const cancel: Route['handle'] = ({ params, key }) => ({
    status: 200,
    json: engine.cancel(engine.find(params.id ?? '', key)).task,
  })

  const media =
    (signed: boolean): Route['handle'] =>
    async ({ params, url, req }) => {
      const job = engine.jobs.get(params.id ?? '')
      if (job?.task.status !== 'completed') throw new ServiceError(404, 'not_found', 'No such video.')
      if (
        signed &&
        !engine.verifyMirror(job.task.id, url.searchParams.get('expires'), url.searchParams.get('signature'))
      ) {
        throw new ServiceError(403, 'forbidden', 'This signed URL is invalid or has expired.')
      }
      const path = ctx.state.options.sampleVideo
      return serveFile(path, 'video/mp4', req.headers.range, await clipLength(path, job.seconds))
    }

  const id = '(?<id>[0-9a-f-]{36})'
  return [
    { method: 'POST', pattern: /^\/v1\/videos$/, group: 'video', handle: create },
    { method: 'GET', pattern: /^\/v1\/videos\/(?<id>[^/]+)$/, group: 'video', handle: read },
    { method: 'DELETE', pattern: /^\/v1\/videos\/(?<id>[^/]+)$/, group: 'video', handle: cancel },
    {
      method: 'GET',
      pattern: new RegExp(`^/__media/videos/${id}\\.mp4$`),
      group: 'media',
      handle: media(false),
    },
    {
      method: 'GET',
      pattern: new RegExp(`^/__media/mirror/${id}\\.mp4$`),
      group: 'media',
      handle: media(true),
    },
  ]
}

/** A file, or its first `length` bytes, with range support, so players can seek. */
export async function serveFile(
  path: string,
  type: string,
  range: string | undefined,
  length?: number,
): Promise<Reply> {
  const size = Math.min(length ?? Number.POSITIVE_INFINITY, (await stat(path)).size)
  const answer = parseRange(range, size)
  if (answer.kind === 'unsatisfiable')
    return { status: 416, headers: { 'content-range': `bytes */${size}` }, body: '' }
  const [start, end] = answer.kind === 'part' ? [answer.start, answer.end] : [0, size - 1]
  const handle = await open(path)
  try {
    const body = Buffer.alloc(end - start + 1)
    await handle.read(body, 0, body.length, start)
    return {
      status: answer.kind === 'part' ? 206 : 200,
      headers: {
        'content-type': type,
        'accept-ranges': 'bytes',
        'content-length': String(body.length),
        ...(answer.kind === 'part' ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
      },
      body,
    }
  } finally {
    await handle.close()
  }
}
