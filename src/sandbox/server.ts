// The sandbox: a local HTTP server that speaks the service's three documents, for the app's Sandbox profile,
// for tests, and for anyone pointing curl or an SDK at it.
import { randomInt } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { messagesVersion } from '#shared/api/messages'
import { decisionMessages } from '#shared/domain/decisions'
import { requestTarget } from '#shared/http-target'
import { type Catalog, createCatalog, sandboxModels, syntheticModels } from './catalog.ts'
import {
  bearerKey,
  errorBody,
  type Group,
  header,
  readBody,
  ServiceError,
  sendAnswer,
  sendJson,
} from './http.ts'
import type { Reply, RequestContext, Route, SandboxContext } from './router.ts'
import { controlRoutes } from './routes/control.ts'
import { decisionRoutes } from './routes/decisions.ts'
import { generativeRoutes } from './routes/generative.ts'
import { imageRoutes } from './routes/images.ts'
import { listingRoutes } from './routes/listings.ts'
import { messageRoutes } from './routes/messages.ts'
import { videoRoutes } from './routes/videos.ts'
import { defaultOptions, type KeyState, type SandboxOptions, SandboxState } from './state.ts'
import { createVideoEngine, type VideoEngine } from './videos/engine.ts'

export interface Sandbox {
  url: string
  state: SandboxState
  catalog: Catalog
  videos: VideoEngine
  close(): Promise<void>
}

export interface StartOptions extends Partial<SandboxOptions> {
  port?: number
  host?: string
  catalog?: Catalog
  /** Adds this many made-up models to the catalog (benchmarks of a large catalog). */
  syntheticModels?: number
  /** The clock (ms); tests move it to expire caches. */
  now?: () => number
}

const defaultBodyLimit = 48 * 1024 * 1024

function authenticate(group: Group, req: IncomingMessage, state: SandboxState): KeyState | null {
  if (group === 'listing' || group === 'control' || group === 'media') return null
  let key: string | undefined
  if (group === 'generative') key = header(req, 'x-native-api-key')
  else if (group === 'messages') key = header(req, 'x-api-key')
  else key = bearerKey(req)
  const headerName =
    { generative: 'x-native-api-key', messages: 'x-api-key' }[group as string] ?? 'Authorization: Bearer'
  if (!key) throw new ServiceError(401, 'unauthorized', `No API key: send it in ${headerName}.`)
  const found = state.keys.get(key)
  if (!found) throw new ServiceError(401, 'invalid_api_key', 'The API key is not valid.')
  found.requests++
  if (group === 'messages' && header(req, 'native-version') !== messagesVersion) {
    throw new ServiceError(
      400,
      'invalid_request_error',
      `The native-version header must be ${messagesVersion}.`,
    )
  }
  return found
}

const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' ||
  address === '::1' ||
  address === '::ffff:127.0.0.1' ||
  address?.startsWith('127.') === true

/** A path parameter as the client meant it; a broken percent-escape (`%`, `%zz`) is the client's mistake. */
function pathParameter(name: string, value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    throw new ServiceError(
      400,
      'invalid_request_error',
      `The ${name} in the path has a broken percent-escape.`,
    )
  }
}

export async function startSandbox(options: StartOptions = {}): Promise<Sandbox> {
  const state = new SandboxState({ ...defaultOptions, ...options })
  const catalog =
    options.catalog ?? createCatalog([...sandboxModels, ...syntheticModels(options.syntheticModels ?? 0)])
  const context: SandboxContext = { catalog, state, now: options.now ?? (() => Date.now()) }
  let baseUrl = ''
  const videos = createVideoEngine(context, () => baseUrl)
  const routes: Route[] = [
    ...decisionRoutes(context),
    ...imageRoutes(context),
    ...videoRoutes(context, videos),
    ...generativeRoutes(context),
    ...messageRoutes(context),
    ...listingRoutes(context),
    ...controlRoutes(context, videos),
  ]

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = requestTarget(req.url, baseUrl)
    if (!url) {
      const refused = new ServiceError(400, 'invalid_request_error', 'The request target is not a path.')
      return sendJson(res, refused.status, errorBody('unified', refused))
    }
    const matches = routes
      .map((route) => ({ route, match: route.pattern.exec(url.pathname) }))
      .filter((entry) => entry.match !== null)
    const entry = matches.find(({ route }) => route.method === req.method)
    const group: Group = entry?.route.group ?? matches[0]?.route.group ?? 'unified'
    try {
      if (!entry) {
        if (matches.length > 0) {
          const allowed = [...new Set(matches.map(({ route }) => route.method))].join(', ')
          throw new ServiceError(
            405,
            'method_not_allowed',
            `${req.method} is not supported here; use ${allowed}.`,
            { allow: allowed },
          )
        }
        throw new ServiceError(404, 'invalid_request_error', decisionMessages.unsupportedEndpoint)
      }
      const { route, match } = entry as { route: Route; match: RegExpExecArray }
      if (group === 'control' && !isLoopback(req.socket.remoteAddress)) {
        throw new ServiceError(403, 'forbidden', 'The control API answers loopback clients only.')
      }
      const key = authenticate(group, req, state)
      if (group !== 'listing' && group !== 'control' && group !== 'media') {
        if (state.faults.latencyMs > 0) await sleep(state.faults.latencyMs)
        if (state.faults.upstreamError > 0 && randomInt(1_000_000) < state.faults.upstreamError * 1_000_000) {
          throw new ServiceError(
            502,
            'upstream_error',
            'The upstream provider returned an error (simulated fault).',
          )
        }
      }
      let bodyPromise: Promise<Buffer> | null = null
      const ctx: RequestContext = {
        req,
        res,
        url,
        params: Object.fromEntries(
          Object.entries(match.groups ?? {}).map(([name, value]) => [name, pathParameter(name, value)]),
        ),
        key: key as KeyState,
        body: () => {
          bodyPromise ??= readBody(req, route.bodyLimit ?? defaultBodyLimit)
          return bodyPromise
        },
        baseUrl,
      }
      const reply: Reply | null = await route.handle(ctx)
      if (reply) send(res, reply)
    } catch (error) {
      const failure = error instanceof ServiceError ? error : internal(error)
      if (res.headersSent) {
        res.destroy()
        return
      }
      sendJson(res, failure.status, errorBody(group, failure), failure.headers)
    }
  }

  const server: Server = createServer((req, res) => void handle(req, res))
  server.headersTimeout = 30_000
  server.requestTimeout = 120_000
  // Longer than any client keeps an idle connection (undici: 4 s): the client closes it first, so a request is
  // never sent on a connection the sandbox is closing at that moment (a POST cut so cannot be sent again).
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve)
  })
  const address = server.address() as AddressInfo
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  baseUrl = `http://${host}:${address.port}`

  return {
    url: baseUrl,
    state,
    catalog,
    videos,
    async close() {
      videos.stop()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function send(res: ServerResponse, reply: Reply): void {
  if (reply.json !== undefined) {
    sendJson(res, reply.status, reply.json, reply.headers)
    return
  }
  sendAnswer(res, reply.status, reply.headers ?? {}, reply.body)
}

function internal(error: unknown): ServiceError {
  console.error('sandbox: unexpected error', error)
  return new ServiceError(500, 'internal_error', 'The sandbox hit an unexpected error.')
}
