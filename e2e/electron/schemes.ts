// `protocol` of the stand-in. Plain Chromium cannot load a custom scheme, so each privileged scheme is
// served from one loopback origin in front of the app's own handlers: the scheme the window loads
// (app://gateway-desk) at its root, any other (media://item) under /__scheme/<scheme>/<host>/. URLs are
// mapped at the stand-in's edges (loadURL, navigation events, sender frames, IPC strings), so the app only
// ever sees its own URLs and Chromium only loopback ones.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { record } from './records.ts'

type Handler = (request: Request) => Response | Promise<Response>

const privileged = new Map<string, Record<string, boolean>>()
const handlers = new Map<string, Handler>()
let appReady = false
let server: Server | null = null
let origin = ''
/** The scheme and host the window's page comes from; served at the loopback origin's root. */
let rootBase: string | null = null

export function markReady(): void {
  appReady = true
}

export const protocol = {
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges?: Record<string, boolean> }[]): void {
    if (appReady) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready')
    for (const { scheme, privileges } of schemes) privileged.set(scheme, privileges ?? {})
    record({ api: 'protocol.registerSchemesAsPrivileged', schemes: [...privileged.keys()] })
  },
  handle(scheme: string, handler: Handler): void {
    if (!appReady) throw new Error('protocol.handle must be called after app is ready')
    handlers.set(scheme, handler)
  },
  unhandle(scheme: string): void {
    handlers.delete(scheme)
  },
  isProtocolHandled: (scheme: string) => handlers.has(scheme),
}

const isCustom = (url: string) => {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]
  return scheme !== undefined && privileged.has(scheme)
}

/** An app URL as Chromium loads it. Non-privileged URLs pass unchanged. */
export function toChromium(url: string): string {
  if (!isCustom(url)) return url
  const parsed = new URL(url)
  const base = `${parsed.protocol}//${parsed.host}`
  rootBase ??= base
  const rest = `${parsed.pathname}${parsed.search}${parsed.hash}`
  if (base === rootBase) return `${origin}${rest}`
  return `${origin}/__scheme/${parsed.protocol.slice(0, -1)}/${parsed.host}${rest}`
}

/** A Chromium URL as the app knows it. */
export function toApp(url: string): string {
  if (!origin || !url.startsWith(`${origin}/`)) return url
  const rest = url.slice(origin.length)
  const mapped = /^\/__scheme\/([^/]+)\/([^/]+)(\/.*)?$/.exec(rest)
  if (mapped) return `${mapped[1]}://${mapped[2]}${mapped[3] ?? '/'}`
  return `${rootBase ?? ''}${rest}`
}

/** Strings inside an IPC value that are app URLs of another privileged scheme (media://…), mapped. */
export function mapStrings(value: unknown, map: (url: string) => string): unknown {
  if (typeof value === 'string') return map(value)
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map))
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]))
  }
  return value
}

export async function startSchemeServer(): Promise<string> {
  server = createServer(async (req, res) => {
    try {
      const target = toApp(`${origin}${req.url ?? '/'}`)
      const scheme = /^([^:]+):/.exec(target)?.[1] ?? ''
      const handler = handlers.get(scheme)
      if (!handler) {
        res.writeHead(404).end(`not stood in: no protocol.handle for ${scheme}:`)
        return
      }
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string') headers.set(name, value)
      const answer = await handler(new Request(target, { method: req.method ?? 'GET', headers }))
      res.writeHead(answer.status, Object.fromEntries(answer.headers))
      if (answer.body) Readable.fromWeb(answer.body as NodeReadableStream<Uint8Array>).pipe(res)
      else res.end()
    } catch (error) {
      res.writeHead(500).end(String(error))
    }
  })
  server.on('clientError', (_error, socket) => socket.destroy())
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return origin
}

export function stopSchemeServer(): void {
  server?.closeAllConnections()
  server?.close()
}
