// The rules of image generation and editing (document 1 §4.2–4.4): which family takes which option.
import type { ImageGenerationRequest } from '../api/images.ts'
import { type Violation, violation } from './violation.ts'

/** A: OpenAI-style, edits via /v1/images/edits. B: Gemini-style, edits via generateContent. C: reference images. */
export type ImageFamily = 'A' | 'B' | 'C'

export const inputImageLimits = { min: 1, max: 3 } as const

export const imageMessages = {
  nForFamilyB: (model: string) =>
    `Parameter 'n' is not supported for model '${model}': it returns exactly one image per call.`,
  inputImagesCount: `input_images must hold between ${inputImageLimits.min} and ${inputImageLimits.max} images.`,
  editNotSupported: (model: string) =>
    `Image editing is not supported for model '${model}'. Edit it through the generateContent endpoint instead.`,
  editFamilyC: (model: string) =>
    `Image editing is not supported for model '${model}'. Send the image in input_images to /v1/images/generations instead.`,
  providerUnavailable: (provider: string, model: string) =>
    `Provider type '${provider}' is not available for model '${model}'.`,
  editImageType: 'image must be a PNG or JPEG file.',
} as const

export function checkImageGeneration(request: ImageGenerationRequest, family: ImageFamily): Violation | null {
  if (family === 'B' && request.n !== undefined) {
    return violation(400, 'invalid_request_error', imageMessages.nForFamilyB(request.model), ['n'])
  }
  if (family === 'C' && request.input_images !== undefined) {
    const count = request.input_images.length
    if (count < inputImageLimits.min || count > inputImageLimits.max) {
      return violation(400, 'invalid_request_error', imageMessages.inputImagesCount, ['input_images'])
    }
  }
  return null
}

/** Reference images that take effect: only `input_images`, only for family C; other spellings are ignored. */
export function effectiveInputImages(request: ImageGenerationRequest, family: ImageFamily): string[] {
  return family === 'C' ? (request.input_images ?? []) : []
}

/** PNG or JPEG, by the file's first bytes, whatever its name or declared type says. */
export function sniffEditImage(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  return null
}
