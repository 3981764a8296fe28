// Tunnel providers behind one interface: each exposes the local HTTPS receiver at a public URL and says
// when that URL goes away. Real tunnels cannot be reached from a test machine; their code is kept small.
import { spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https'
import type { AddressInfo } from 'node:net'
import { delimiter, join } from 'node:path'
import { checkBaseUrl } from '#shared/domain/profiles'
import { requestTarget } from '#shared/http-target'
import { closeUnread, hasUnreadBody } from '../../../node/close-unread.ts'

export interface OpenTunnel {
  publicUrl: string
  close(): Promise<void>
}

export interface TunnelProvider {
  /** Opens the tunnel to `upstream` (https://127.0.0.1:PORT); `onDrop` fires if it closes by itself. */
  open(upstream: string, onDrop: (reason: string) => void): Promise<OpenTunnel>
}

/** ngrok through its official agent SDK, forwarding to the local HTTPS receiver. */
export function ngrokProvider(authtoken: string): TunnelProvider {
  return {
    async open(upstream, onDrop) {
      const ngrok = await import('@ngrok/ngrok')
      const listener = await ngrok.forward({ addr: upstream, authtoken, verify_upstream_tls: false })
      const url = listener.url()
      if (!url) throw new Error('ngrok gave no public URL')
      return {
        publicUrl: url,
        close: async () => {
          await listener.close()
          onDrop('closed')
        },
      }
    },
  }
}

export function findOnPath(binary: string): string | null {
  const names = process.platform === 'win32' ? [`${binary}.exe`] : [binary]
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of names) {
      try {
        accessSync(join(folder, name), constants.X_OK)
        return join(folder, name)
      } catch {
        // not here
      }
    }
  }
  return null
}

/** cloudflared's quick tunnel, when its binary is on PATH. */
export function cloudflaredProvider(binary: string): TunnelProvider {
  return {
    open(upstream, onDrop) {
      return new Promise((resolve, reject) => {
        const child = spawn(binary, ['tunnel', '--no-autoupdate', '--no-tls-verify', '--url', upstream], {
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        let found = false
        const scan = (chunk: Buffer) => {
          const match = /https:\/\/[a-z0-9-]+\.trycloudflare\.com/.exec(chunk.toString())
          if (match && !found) {
            found = true
            resolve({ publicUrl: match[0], close: async () => void child.kill() })
          }
        }
        child.stdout.on('data', scan)
        child.stderr.on('data', scan)
        child.once('error', reject)
        child.once('exit', (code) =>
          found
            ? onDrop(`cloudflared exited (${code})`)
            : reject(new Error(`cloudflared exited (${code}) before giving a URL`)),
        )
      })
    },
  }
}

/** A public URL the person runs themselves (their own reverse proxy or tunnel). */
export function manualProvider(publicUrl: string): TunnelProvider {
  return {
    async open() {
      const checked = checkBaseUrl(publicUrl)
      if (!checked.ok || !checked.url.startsWith('https://'))
        throw new Error('The public URL must be an https address.')
      return { publicUrl: checked.url, close: async () => {} }
    },
  }
}

/** The relay carries webhooks only: a body past this is refused. */
const relayBodyBytes = 2 * 1024 * 1024

/**
 * A relay on this computer, standing in for a tunnel: an HTTPS endpoint on another loopback port that
 * forwards every request to the receiver. It lets the built-in sandbox exercise the whole tunnel path,
 * including a tunnel that drops.
 */
export function loopbackProvider(certificate: {
  cert: string
  key: string
}): TunnelProvider & { drop(): void } {
  let dropCurrent: (() => void) | null = null
  return {
    drop: () => dropCurrent?.(),
    async open(upstream, onDrop) {
      const target = new URL(upstream)
      const relay = createHttpsServer(certificate, (req, res) => {
        res.on('error', () => {})
        const refuse = (status: number, message: string) => {
          res.writeHead(status, { 'content-type': 'text/plain', connection: 'close' })
          res.end(message, () => {
            if (hasUnreadBody(req)) closeUnread(req)
          })
        }
        if (!requestTarget(req.url, upstream)) return refuse(400, 'The request target is not a path.')
        if (Number(req.headers['content-length'] ?? 0) > relayBodyBytes)
          return refuse(413, 'The relay carries webhooks: the body is too large.')
        const forward = httpsRequest(
          {
            host: target.hostname,
            port: target.port,
            path: req.url,
            method: req.method,
            headers: req.headers,
            rejectUnauthorized: false,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(res)
          },
        )
        forward.on('error', () =>
          res.headersSent ? res.destroy() : refuse(502, 'The receiver did not answer.'),
        )
        req.on('error', () => forward.destroy())
        let carried = 0
        req.on('data', (chunk: Buffer) => {
          carried += chunk.length
          if (carried > relayBodyBytes) {
            forward.destroy()
            req.socket.destroy()
          }
        })
        req.pipe(forward)
      })
      await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
      const close = () =>
        new Promise<void>((resolve) => {
          relay.closeAllConnections()
          relay.close(() => resolve())
        })
      dropCurrent = () => void close().then(() => onDrop('the relay stopped'))
      return { publicUrl: `https://127.0.0.1:${(relay.address() as AddressInfo).port}`, close }
    },
  }
}
