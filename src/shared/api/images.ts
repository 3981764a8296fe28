// Wire formats of image generation and editing (document 1 §2.5, §4.2–4.3).
import { z } from 'zod'

export const imageQualities = ['auto', 'low', 'medium', 'high', 'standard', 'hd'] as const
export const editQualities = ['low', 'medium', 'high'] as const
export const imageSizes = [
  'auto',
  '1024x1024',
  '1536x1024',
  '1024x1536',
  '256x256',
  '512x512',
  '1792x1024',
  '1024x1792',
] as const
export const imageFormats = ['png', 'jpeg', 'webp'] as const
export const imageBackgrounds = ['transparent', 'opaque', 'auto'] as const
/** How closely an edit keeps the input image, on the edit-optimized family A model (document 1 §4.3). */
export const inputFidelities = ['low', 'high'] as const

export const ImageGenerationRequest = z.looseObject({
  model: z.string().min(1),
  prompt: z.string().min(1),
  quality: z.enum(imageQualities).optional(),
  n: z.number().int().min(1).max(10).optional(),
  size: z.enum(imageSizes).optional(),
  input_images: z.array(z.string()).optional(),
  output_format: z.enum(imageFormats).optional(),
  background: z.enum(imageBackgrounds).optional(),
  stream: z.boolean().optional(),
  extra_body: z.looseObject({ provider: z.looseObject({ type: z.string() }).optional() }).optional(),
})
export type ImageGenerationRequest = z.infer<typeof ImageGenerationRequest>

export const ImageUsage = z.looseObject({
  input_tokens: z.number().int(),
  input_tokens_details: z.looseObject({
    text_tokens: z.number().int(),
    image_tokens: z.number().int().optional(),
  }),
  output_tokens: z.number().int(),
  total_tokens: z.number().int(),
  num_input_images: z.number().int().optional(),
})
export type ImageUsage = z.infer<typeof ImageUsage>

export const ImageResult = z.looseObject({
  created: z.number().int(),
  data: z.array(z.looseObject({ b64_json: z.string(), index: z.number().int() })),
  model: z.string(),
  size: z.string(),
  quality: z.string(),
  usage: ImageUsage,
})
export type ImageResult = z.infer<typeof ImageResult>

/** The provider-pinning header, equivalent to `extra_body.provider.type` (§4.4). */
export const providerHeader = 'x-svc-provider-type'
