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

/**
 * A model's family, from its listing: it draws images; it takes `input_images` (C); it answers in text and
 * images through the generative protocol (B); otherwise the OpenAI-style family (A).
 */
export function imageFamilyOf(model: {
  architecture: { input_modalities: string[]; output_modalities: string[] }
  supported_parameters: string[]
}): ImageFamily | null {
  const { output_modalities: outputs } = model.architecture
  if (!outputs.includes('image')) return null
  if (model.supported_parameters.includes('input_images')) return 'C'
  if (outputs.includes('text')) return 'B'
  return 'A'
}

/** How a family edits an image: multipart edits (A), generateContent with inline data (B), `input_images` (C). */
export const editRoutes = {
  A: 'edits',
  B: 'generateContent',
  C: 'inputImages',
} as const satisfies Record<ImageFamily, string>

/** The generation options a person can set, by the name the service takes. */
export const imageOptionNames = [
  'quality',
  'size',
  'n',
  'output_format',
  'background',
  'input_fidelity',
] as const
export type ImageOptionName = (typeof imageOptionNames)[number]

/** The options a model takes: those it lists as supported, never `n` for family B. */
export function imageOptionsOf(family: ImageFamily, supported: readonly string[]): ImageOptionName[] {
  return imageOptionNames.filter((name) => supported.includes(name) && !(family === 'B' && name === 'n'))
}

/** Files a person can bring in as a source image: what the edit endpoint takes, up to a size. */
export const sourceImageRules = { types: ['image/png', 'image/jpeg'], maxBytes: 25 * 1024 * 1024 } as const

export function checkSourceFile(file: { name: string; type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return `${file.name} is not an image. Use a PNG or JPEG file.`
  if (!(sourceImageRules.types as readonly string[]).includes(file.type))
    return `${file.name} is a ${file.type.replace('image/', '').toUpperCase()} image; editing takes PNG or JPEG.`
  if (file.size > sourceImageRules.maxBytes)
    return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MiB, more than the ${sourceImageRules.maxBytes / 1024 / 1024} MiB a source image may be.`
  if (file.size === 0) return `${file.name} is empty.`
  return null
}

/** PNG, JPEG or WebP, by the first bytes. */
export function sniffImageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  return sniffEditImage(bytes)
}

/** Width and height from a PNG's IHDR or a JPEG's first frame header; null when it is neither. */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (sniffEditImage(bytes) === 'image/png' && bytes.length >= 24)
    return { width: view.getUint32(16), height: view.getUint32(20) }
  if (sniffEditImage(bytes) !== 'image/jpeg') return null
  let offset = 2
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null
    const marker = bytes[offset + 1] ?? 0
    const length = view.getUint16(offset + 2)
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) }
    offset += 2 + length
  }
  return null
}
