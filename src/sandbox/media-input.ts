// Reads an image a request refers to — a data URI, a URL fetched for real, or bare base64 — with a timeout
// and size caps, and says why when it cannot. The reasons are document 2's reason tokens.
import { bodyUpTo, guardedFetch } from '../node/guarded-fetch.ts'
import { imageSize } from './render.ts'

export type MediaFailure = 'bad_data_uri' | 'download_failed' | 'unreachable' | 'not_image' | 'too_large'

export const mediaLimits = { bytes: 10 * 1024 * 1024, pixels: 36_000_000, timeoutMs: 5_000 } as const

export const failureText: Record<MediaFailure, string> = {
  bad_data_uri: 'the data URI is malformed or its base64 payload is invalid',
  download_failed: 'the image could not be downloaded',
  unreachable: 'the image URL answered with an error status',
  not_image: 'the content is not a supported, decodable image',
  too_large: 'the image exceeds the size or pixel limit',
}

export type LoadedImage =
  | { ok: true; bytes: Buffer; width: number; height: number }
  | { ok: false; reason: MediaFailure }

const base64 = /^[A-Za-z0-9+/]*={0,2}$/

function decodeBase64(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '')
  if (compact.length === 0 || compact.length % 4 !== 0 || !base64.test(compact)) return null
  return Buffer.from(compact, 'base64')
}

/** Fetches an image URL under the rules a gateway applies to it: public addresses only (unless this sandbox
 * runs on the caller's computer), redirects checked hop by hop, and the size cap. */
async function download(url: string, allowPrivate: boolean): Promise<Buffer | MediaFailure> {
  let response: Response
  try {
    response = await guardedFetch(url, { allowPrivate, httpsOnly: false, timeoutMs: mediaLimits.timeoutMs })
  } catch {
    return 'download_failed'
  }
  if (!response.ok) {
    await response.body?.cancel()
    return 'unreachable'
  }
  try {
    const bytes = await bodyUpTo(response, mediaLimits.bytes)
    return bytes ? Buffer.from(bytes) : 'too_large'
  } catch {
    return 'download_failed'
  }
}

export async function loadImage(reference: string, allowPrivate: boolean): Promise<LoadedImage> {
  let bytes: Buffer | MediaFailure
  if (reference.startsWith('data:')) {
    const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(reference)
    const payload = match && /;base64/i.test(match[2] ?? '') ? decodeBase64(match[3] ?? '') : null
    bytes = payload ?? 'bad_data_uri'
  } else if (/^https?:\/\//i.test(reference)) {
    bytes = await download(reference, allowPrivate)
  } else {
    bytes = decodeBase64(reference) ?? 'bad_data_uri'
  }
  if (typeof bytes === 'string') return { ok: false, reason: bytes }
  if (bytes.length > mediaLimits.bytes) return { ok: false, reason: 'too_large' }
  const size = await imageSize(bytes)
  if (!size) return { ok: false, reason: 'not_image' }
  if (size.width * size.height > mediaLimits.pixels) return { ok: false, reason: 'too_large' }
  return { ok: true, bytes, ...size }
}
