// Test helpers for the core: a core on the Node platform with a fast embedded sandbox, calls through its
// contract, raw webhook requests to its receiver, and a wait on a condition.
import { createHmac } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import { request } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RouteInput, RouteName, RouteOutput } from '#shared/ipc/routes/index'
import { unwrap } from '#shared/ipc/unwrap'
import { createCore } from '../core/compose.ts'
import type { Core } from '../core/core.ts'
import { createNodePlatform, type NodePlatform } from '../core/node-platform.ts'
import { takeFolder } from '../core/owner/folder-owner.ts'
import type { FolderClaim } from '../core/owner/owner-server.ts'

export async function startCore(
  options: {
    sandboxTimeScale?: number
    sandboxCredits?: number
    userData?: string
    /** Takes the folder as the app does (asking a command that owns it to let go) and serves its socket. */
    owner?: boolean
    /** The folder already taken (`takeFolder`), for a test that looks at it between the taking and the core. */
    folder?: FolderClaim
  } = {},
) {
  const userData = options.userData ?? (await mkdtemp(join(tmpdir(), 'gd-videos-')))
  const platform: NodePlatform = createNodePlatform({ userData, keychainFile: `${userData}.keychain` })
  const folder =
    options.folder ?? (options.owner ? await takeFolder(userData, { info: () => {} }) : undefined)
  const core: Core = await createCore(platform, {
    sandboxTimeScale: options.sandboxTimeScale ?? 0.001,
    ...(options.sandboxCredits !== undefined ? { sandboxCredits: options.sandboxCredits } : {}),
    ...(folder ? { folder } : {}),
  })
  const dispatch = core.dispatcher(() => ['app://gateway-desk'])
  const call = async <N extends RouteName>(route: N, input: RouteInput<N>): Promise<RouteOutput<N>> =>
    unwrap((await dispatch(route, input, { url: 'app://gateway-desk/', isTopFrame: true })) as never)
  return { core, platform, call, userData }
}

export function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url')
}

export function postWebhook(
  url: string,
  body: string | Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        rejectUnauthorized: false,
        // Each delivery on a connection of its own, as the service sends them.
        agent: false,
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => {
          text += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

export async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 8000,
): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
