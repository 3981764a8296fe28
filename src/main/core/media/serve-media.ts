// Answers a request for a stored media file (the media:// protocol in Electron, /media/ in the harness):
// the right content type, range requests for video, 404 for anything unknown.
import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import { parseRange } from '#shared/http-range'
import { AppError } from '#shared/ipc/app-error'
import type { MediaStore } from './media-store.ts'

/**
 * Where a stored file is: the media store, the thumbnails, or the views (`thumbnails.views`: what the window is
 * given for a stored item, so that it never decodes an image larger than a screen shows).
 */
export type MediaSource = {
  locate(
    id: string,
  ):
    | ReturnType<MediaStore['locate']>
    | Promise<{ item: { mimeType: string }; path: string; size: number } | null>
}

export async function mediaResponse(media: MediaSource, id: string, range: string | null): Promise<Response> {
  const found = await media.locate(id).catch((error: unknown) => {
    if (error instanceof AppError) return error
    throw error
  })
  if (found instanceof AppError) return new Response(found.message, { status: 403 })
  if (!found) return new Response('Not found', { status: 404 })
  const answer = parseRange(range, found.size)
  const headers: Record<string, string> = {
    'content-type': found.item.mimeType,
    'accept-ranges': 'bytes',
    'cache-control': 'private, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
  }
  if (answer.kind === 'unsatisfiable')
    return new Response(null, { status: 416, headers: { 'content-range': `bytes */${found.size}` } })
  const [start, end] = answer.kind === 'part' ? [answer.start, answer.end] : [0, found.size - 1]
  headers['content-length'] = String(end - start + 1)
  if (answer.kind === 'part') headers['content-range'] = `bytes ${start}-${end}/${found.size}`
  const stream = Readable.toWeb(createReadStream(found.path, { start, end })) as ReadableStream<Uint8Array>
  return new Response(stream, { status: answer.kind === 'part' ? 206 : 200, headers })
}
