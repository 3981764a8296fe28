// The e2e harness: the real core, built by the same composition root as the desktop app, with a Node
// Platform; the built renderer served on 127.0.0.1; the contract carried over a loopback WebSocket.
// Only the transport and the platform differ from Electron.
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { WebSocketServer } from 'ws'
import { createCore } from '#core/compose'
import type { Core } from '#core/core'
import { dialogAnswersFileOf } from '#core/dialog-answers'
import { contentTypeOf } from '#core/files/content-types'
import { resolveStaticFile } from '#core/files/static-files'
import { mediaResponse } from '#core/media/serve-media'
import { createNodePlatform, type NodePlatform } from '#core/node-platform'
import { takeFolder } from '#core/owner/folder-owner'
import { contentSecurityPolicy } from '#shared/csp'
import { requestTarget } from '#shared/http-target'
import { closeUnread, hasUnreadBody } from '../../src/node/close-unread.ts'

export interface HarnessOptions {
  userData: string
  port?: number
  rendererDir?: string
  sandboxTimeScale?: number
  sandboxSyntheticModels?: number
}

export interface Harness {
  url: string
  origin: string
  platform: NodePlatform
  core: Core
  close(): Promise<void>
}

const projectRoot = join(import.meta.dirname, '..', '..')
const bridgeScriptPath = '/__harness/bridge.js'
/** How long a close waits for the page's last calls: a page that stopped answering does not hold the harness. */
const closingBudgetMs = 2_000

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const rendererDir = options.rendererDir ?? join(projectRoot, 'out', 'renderer')
  const indexHtml = await readFile(join(rendererDir, 'index.html'), 'utf8').catch(() => {
    throw new Error(`No renderer build in ${rendererDir}: run "npm run build" first.`)
  })
  const page = indexHtml.replace('<script', `<script src="${bridgeScriptPath}"></script>\n    <script`)
  const bridgeScript = await readFile(join(import.meta.dirname, 'bridge-client.js'))
  const token = randomBytes(16).toString('hex')
  const platform = createNodePlatform({
    userData: options.userData,
    version: await packageVersion(),
    // The stand-in for the OS keychain lives beside the data folder, as a real keychain lives outside it.
    keychainFile: `${options.userData.replace(/[\\/]+$/, '')}.keychain`,
    // Tests answer the native save and open dialogs by writing this file.
    dialogAnswersFile: dialogAnswersFileOf(options.userData),
  })
  // As the app's main does: the folder is this process's, and the command line attaches to it.
  const folder = await takeFolder(options.userData, { info: () => {} })
  const core = await createCore(platform, {
    folder,
    sandboxTimeScale: options.sandboxTimeScale ?? 1,
    ...(options.sandboxSyntheticModels ? { sandboxSyntheticModels: options.sandboxSyntheticModels } : {}),
  })

  let origin = ''
  const dispatch = core.dispatcher(() => [origin])
  const send = (res: ServerResponse, status: number, type: string, body: string | Buffer) => {
    res.writeHead(status, {
      'content-type': type,
      'content-security-policy': contentSecurityPolicy,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      ...(hasUnreadBody(res.req) ? { connection: 'close' } : {}),
    })
    // A body the harness never reads (it serves GET only) is not drained: the connection closes instead.
    res.end(body, () => {
      if (hasUnreadBody(res.req)) closeUnread(res.req)
    })
  }

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const url = requestTarget(req.url, origin)
    if (!url) return send(res, 400, 'text/plain', 'The request target is not a path.')
    if (req.method !== 'GET') return send(res, 405, 'text/plain', 'Method not allowed')
    if (url.pathname === '/' || url.pathname === '/index.html')
      return send(res, 200, contentTypeOf('index.html'), page)
    // Chromium asks a page served over http for its favicon at times; Electron's window never does.
    if (url.pathname === '/favicon.ico') return send(res, 204, 'text/plain', '')
    if (url.pathname === bridgeScriptPath) return send(res, 200, contentTypeOf('bridge.js'), bridgeScript)
    if (url.pathname.startsWith('/media/')) {
      const thumbnail = url.pathname.startsWith('/media/thumbnail/')
      const answer = await mediaResponse(
        thumbnail ? core.thumbnails : core.thumbnails.views,
        url.pathname.slice(thumbnail ? '/media/thumbnail/'.length : '/media/'.length),
        req.headers.range ?? null,
      )
      res.writeHead(answer.status, Object.fromEntries(answer.headers))
      if (answer.body) Readable.fromWeb(answer.body as NodeReadableStream<Uint8Array>).pipe(res)
      else res.end()
      return
    }
    const file = resolveStaticFile(rendererDir, url.pathname)
    const body = file ? await readFile(file).catch(() => null) : null
    if (!file || !body) return send(res, 404, 'text/plain', 'Not found')
    send(res, 200, contentTypeOf(file), body)
  }
  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      core.log.error('harness request failed', error)
      if (!res.headersSent) send(res, 500, 'text/plain', 'The harness hit an unexpected error.')
      else res.destroy()
    })
  })

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 })
  /** The calls being answered, which a close lets finish. */
  const inFlight = new Set<Promise<unknown>>()
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => {})
    const url = requestTarget(req.url, origin)
    const allowed =
      url?.pathname === '/__bridge' &&
      url.searchParams.get('token') === token &&
      req.headers.origin === origin
    if (!allowed) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
      return
    }
    sockets.handleUpgrade(req, socket, head, (ws) => {
      const sender = { url: `${req.headers.origin}/`, isTopFrame: true }
      // A frame past the size limit or with invalid UTF-8 ends that connection (ws closes it), never the harness.
      ws.on('error', (error) => core.log.warn('bridge connection closed on a bad frame', error))
      ws.on('message', async (raw) => {
        const frame = bridgeFrame(raw.toString())
        if (!frame) return
        const answered = dispatch(frame.route, frame.input, sender, frame.callId)
        inFlight.add(answered)
        const result = await answered.finally(() => inFlight.delete(answered))
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id: frame.id, result }))
      })
    })
  })
  const unsubscribe = core.events.subscribe((event, payload) => {
    const frame = JSON.stringify({ event, payload })
    for (const client of sockets.clients) if (client.readyState === client.OPEN) client.send(frame)
  })

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: `${origin}/?token=${token}`,
    origin,
    platform,
    core,
    async close() {
      unsubscribe()
      // As Electron's main handles what a closing window sent before it quits: a page closed just now has its
      // last calls (a draft kept on pagehide) read and answered first, within a budget.
      const budget = new Promise((resolve) => setTimeout(resolve, closingBudgetMs).unref())
      const closed = [...sockets.clients].map(
        (client) =>
          new Promise((resolve) =>
            client.readyState === client.CLOSED ? resolve(null) : client.once('close', resolve),
          ),
      )
      await Promise.race([Promise.all(closed), budget])
      await Promise.race([Promise.all(inFlight), budget])
      for (const client of sockets.clients) client.terminate()
      sockets.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await core.close()
    },
  }
}

async function packageVersion(): Promise<string> {
  const pkg: { version?: string } = JSON.parse(await readFile(join(projectRoot, 'package.json'), 'utf8'))
  return pkg.version ?? '0.0.0'
}

/** A bridge request as the page sends it, or null for anything else (`null`, an array, text). */
function bridgeFrame(text: string): { id: unknown; route: unknown; input: unknown; callId: unknown } | null {
  try {
    const frame: unknown = JSON.parse(text)
    return frame !== null && typeof frame === 'object' && !Array.isArray(frame)
      ? { id: undefined, route: undefined, input: undefined, callId: undefined, ...frame }
      : null
  } catch {
    return null
  }
}
