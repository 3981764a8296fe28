// Serves the built renderer from app://gateway-desk/ instead of file://, with the CSP as a header.
import { readFile } from 'node:fs/promises'
import { protocol } from 'electron'
import { appHost, appScheme, contentSecurityPolicy } from '#shared/csp'
import { contentTypeOf } from '../core/files/content-types.ts'
import { resolveStaticFile } from '../core/files/static-files.ts'

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ])
}

export function serveRenderer(rendererDir: string): void {
  protocol.handle(appScheme, async (request) => {
    const url = new URL(request.url)
    if (url.host !== appHost) return new Response('Not found', { status: 404 })
    const file = resolveStaticFile(rendererDir, url.pathname)
    if (!file) return new Response('Not found', { status: 404 })
    try {
      const body = await readFile(file)
      return new Response(body, {
        headers: {
          'content-type': contentTypeOf(file),
          'content-security-policy': contentSecurityPolicy,
          'x-content-type-options': 'nosniff',
        },
      })
    } catch {
      return new Response('Not found', { status: 404 })
    }
  })
}
