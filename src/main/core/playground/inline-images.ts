// Images an answer carries as inline data, decoded here in main for the gallery.
import type { GenerateContentRequest, Part } from '#shared/api/generative'
import { sniffImageType } from '#shared/domain/images'
import type { DrawnImage } from '../images/image-calls.ts'

/** The text of the last turn, which names the images it drew in the gallery. */
export const promptOf = (body: GenerateContentRequest): string =>
  body.contents
    .at(-1)
    ?.parts.map((part) => part.text ?? '')
    .join(' ')
    .trim() ?? ''

export function inlineImagesOf(parts: readonly Part[]): DrawnImage[] {
  return parts.flatMap((part) => {
    const data = part.inlineData ?? part.inline_data
    if (!data) return []
    const bytes = Buffer.from(data.data, 'base64')
    const mimeType = sniffImageType(bytes)
    return mimeType
      ? [{ bytes, mimeType, usage: null, cost: null, provider: null, thoughts: [], served: {} }]
      : []
  })
}
