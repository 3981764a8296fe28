// Serves the built renderer from app://gateway-desk/ instead of file://, with the CSP as a header, and stored
// media from media://item/<id>.
import { readFile } from 'node:fs/promises'
import { protocol } from 'electron'
import { appHost, appScheme, contentSecurityPolicy } from '#shared/csp'
import { contentTypeOf } from '../core/files/content-types.ts'
import { resolveStaticFile } from '../core/files/static-files.ts'
import { mediaResponse } from '../core/media/serve-media.ts'
import type { Thumbnails } from '../core/media/thumbnails.ts'

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    // The renderer's scripts keep their compiled code between starts (V8's code cache; needs `standard`).
    {
      scheme: appScheme,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
    { scheme: 'media', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
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

/** Stored media for the window: an image past the screen's size as a bounded view, a tile as its thumbnail. */
export function serveMedia(thumbnails: Thumbnails): void {
  protocol.handle('media', (request) => {
    const url = new URL(request.url)
    const source = url.host === 'item' ? thumbnails.views : url.host === 'thumbnail' ? thumbnails : null
    if (!source) return new Response('Not found', { status: 404 })
    return mediaResponse(source, url.pathname.slice(1), request.headers.get('range'))
  })
}
