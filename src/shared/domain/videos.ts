// The rules of video creation (document 2 §2.2, §4.1, §7): mode inference, reference limits, callback URL
// form, and the cost estimate used for pre-authorization. Used by the create form, the gateway client and
// the sandbox.
import type { VideoCreateRequest } from '../api/videos.ts'
import { type Amount, multiply, multiplyDecimal, parseAmount } from './money.ts'
import { isForbiddenAddress, isForbiddenHostName, isIP } from './network-address.ts'
import { type Violation, violation } from './violation.ts'

export type VideoMode = 'text2video' | 'img2video' | 'img2video_end' | 'imgref2video' | 'mixref2video'

export const referenceLimits = { image: 9, audio: 3, video: 1 } as const

export const videoMessages = {
  referencesConflict: 'frame_images and input_references cannot be used in the same request.',
  tooManyReferences: (kind: keyof typeof referenceLimits, count: number) =>
    `Too many ${kind} references: ${count} given, at most ${referenceLimits[kind]} allowed.`,
  realPersonWithoutImage:
    'real_person requires at least one image reference in frame_images or input_references.',
  frames: 'frame_images must hold one first_frame, optionally followed by one last_frame.',
  callbackNotHttps: 'callback_url must be an https URL.',
  callbackPrivate: 'callback_url points to a private, loopback or cloud-metadata address.',
  callbackInvalid: 'callback_url is not a valid URL.',
  insufficientCredits: (estimate: string, balance: string) =>
    `This job is estimated at $${estimate}, more than the balance of $${balance}.`,
} as const

const count = (request: VideoCreateRequest, type: 'image_url' | 'audio_url' | 'video_url') =>
  (request.input_references ?? []).filter((reference) => reference.type === type).length

export function inferVideoMode(
  request: Pick<VideoCreateRequest, 'frame_images' | 'input_references'>,
): VideoMode {
  const frames = request.frame_images ?? []
  const references = request.input_references ?? []
  if (frames.length > 0)
    return frames.some((frame) => frame.frame_type === 'last_frame') ? 'img2video_end' : 'img2video'
  if (references.length > 0)
    return references.every((r) => r.type === 'image_url') ? 'imgref2video' : 'mixref2video'
  return 'text2video'
}

/** Image references in whichever field the request uses, with the name the error messages give them. */
export function imageReferences(request: VideoCreateRequest): { url: string; field: string }[] {
  if (request.frame_images?.length) {
    return request.frame_images.map((frame, index) => ({
      url: frame.image_url.url,
      field: `frame_images[${index}]`,
    }))
  }
  return (request.input_references ?? []).flatMap((reference, index) =>
    reference.type === 'image_url'
      ? [{ url: reference.image_url.url, field: `input_references[${index}]` }]
      : [],
  )
}

/** Rules 1–3 of §4.1 and the form of frames, in that order of precedence. */
export function checkVideoReferences(request: VideoCreateRequest): Violation | null {
  // The rule is about presence (document 2 §4.1 rule 1): an empty list still says which kind of job it is.
  if (request.frame_images !== undefined && request.input_references !== undefined) {
    return violation(400, 'references_conflict', videoMessages.referencesConflict, ['input_references'])
  }
  for (const [kind, type] of [
    ['image', 'image_url'],
    ['audio', 'audio_url'],
    ['video', 'video_url'],
  ] as const) {
    const given = count(request, type)
    if (given > referenceLimits[kind]) {
      return violation(400, 'too_many_references', videoMessages.tooManyReferences(kind, given), [
        'input_references',
      ])
    }
  }
  const frames = request.frame_images ?? []
  const firsts = frames.filter((frame) => frame.frame_type === 'first_frame').length
  const lasts = frames.length - firsts
  if (request.frame_images !== undefined && (firsts !== 1 || lasts > 1)) {
    return violation(400, 'invalid_request', videoMessages.frames, ['frame_images'])
  }
  if (request.real_person && imageReferences(request).length === 0) {
    return violation(400, 'invalid_request', videoMessages.realPersonWithoutImage, ['real_person'])
  }
  return null
}

/**
 * The form of a callback URL: https, and not a literal private address or a forbidden name. A host name must
 * still be resolved and each of its addresses checked with `isForbiddenAddress` before the URL is trusted.
 */
export function checkCallbackUrl(raw: string, options: { allowPrivate?: boolean } = {}): Violation | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return violation(400, 'invalid_callback_url', videoMessages.callbackInvalid, ['callback_url'])
  }
  if (url.protocol !== 'https:')
    return violation(400, 'invalid_callback_url', videoMessages.callbackNotHttps, ['callback_url'])
  if (options.allowPrivate) return null
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) ? isForbiddenAddress(host) : isForbiddenHostName(host)) {
    return violation(400, 'invalid_callback_url', videoMessages.callbackPrivate, ['callback_url'])
  }
  return null
}

/** How much more a resolution costs than 720p. */
export const resolutionFactors: Record<string, string> = {
  '480p': '0.6',
  '720p': '1',
  '1080p': '2',
  '1K': '2',
  '2K': '4',
  '4K': '8',
}

export const defaultVideoResolution = '720p'

/** Estimated cost: seconds × the model's price per second at 720p × the resolution's factor. */
export function estimateVideoCost(
  pricePerSecond: string,
  resolution: string | undefined,
  seconds: number,
): Amount {
  const factor = resolutionFactors[resolution ?? defaultVideoResolution] ?? '1'
  return multiplyDecimal(multiply(parseAmount(pricePerSecond), seconds), factor)
}

/** Status only moves forward: pending may become any terminal state; a terminal state never changes. */
export function isForwardMove(from: string, to: string): boolean {
  return from === 'pending' && to !== 'pending'
}
