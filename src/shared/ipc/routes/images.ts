// Routes of the image canvas: models by family, generate, edit (the family's way), the gallery.
import { z } from 'zod'
import {
  imageBackgrounds,
  imageFormats,
  imageQualities,
  imageSizes,
  inputFidelities,
} from '../../api/images.ts'
import { imageOptionNames } from '../../domain/images.ts'
import { route } from '../contract.ts'
import { ModelFieldQuery } from './catalog.ts'
import { overBudget } from './spend.ts'

export const ImageModel = z.object({
  id: z.string(),
  name: z.string(),
  family: z.enum(['A', 'B', 'C']),
  /** Generation options this model takes (by the service's names). */
  options: z.array(z.enum(imageOptionNames)),
  /** Takes an image as input, so it can edit. */
  readsImages: z.boolean(),
  /** Served by more than one provider, so a pin means something (document 1 §4.4). */
  pinnable: z.boolean(),
  promptPrice: z.string(),
  completionPrice: z.string(),
})
export type ImageModel = z.infer<typeof ImageModel>

export const ImageRecord = z.object({
  id: z.string(),
  url: z.string(),
  /** A small copy for tiles (at most 320 px a side); `url` is the image itself. */
  thumbnailUrl: z.string(),
  parentId: z.string().nullable(),
  kind: z.enum(['generated', 'edited', 'uploaded']),
  model: z.string(),
  provider: z.string().nullable(),
  prompt: z.string(),
  params: z.record(z.string(), z.unknown()),
  usage: z
    .object({
      inputTokens: z.number(),
      textTokens: z.number().nullable(),
      imageTokens: z.number().nullable(),
      outputTokens: z.number(),
      thoughtTokens: z.number().nullable(),
      totalTokens: z.number(),
      numInputImages: z.number().nullable(),
    })
    .nullable(),
  cost: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  mimeType: z.string(),
  bytes: z.number(),
  thoughts: z.array(z.string()),
  createdAt: z.number(),
})
export type ImageRecord = z.infer<typeof ImageRecord>

const options = z.object({
  quality: z.enum(imageQualities).optional(),
  size: z.enum(imageSizes).optional(),
  n: z.number().int().min(1).max(10).optional(),
  output_format: z.enum(imageFormats).optional(),
  background: z.enum(imageBackgrounds).optional(),
  input_fidelity: z.enum(inputFidelities).optional(),
})
export type ImageOptions = z.infer<typeof options>

const provider = z.string().max(64).optional()
const id = z.object({ id: z.string() })

export const imageRoutes = {
  /**
   * The image models the model field shows (what is typed matched; when `editing`, only those that take an
   * image), how many match, the chosen one, and what the whole list holds.
   */
  'images.models': route({
    input: ModelFieldQuery.extend({ editing: z.boolean().default(false) }),
    output: z.object({
      models: z.array(ImageModel),
      total: z.number().int(),
      chosen: ImageModel.nullable(),
      /** Image models that take no image, so cannot edit (not listed while editing). */
      cannotEdit: z.number().int(),
      /** Whether any image model draws from reference images (family C). */
      takesReferences: z.boolean(),
    }),
  }),
  /** The models the gallery's images were made with (what its model filter offers). */
  'images.madeWith': route({ input: z.object({}), output: z.array(z.string()) }),
  'images.generate': route({
    input: z.object({
      requestId: z.string().max(100).optional(),
      overBudget,
      model: z.string(),
      prompt: z.string().min(1, 'Describe the image.').max(32_000),
      options,
      provider,
      /** Gallery images sent as `input_images` (family C), 1–3. */
      referenceIds: z.array(z.string()).max(3).optional(),
    }),
    output: z.object({ images: z.array(ImageRecord) }),
  }),
  'images.edit': route({
    input: z.object({
      requestId: z.string().max(100).optional(),
      overBudget,
      model: z.string(),
      prompt: z.string().min(1, 'Describe the change.').max(32_000),
      sourceId: z.string(),
      options: options.pick({ quality: true, size: true, n: true, input_fidelity: true }),
      provider,
    }),
    output: z.object({ images: z.array(ImageRecord) }),
  }),
  /** A dropped or pasted file, as base64; checked and stored by main. */
  'images.import': route({
    input: z.object({ fileName: z.string().max(300), dataBase64: z.string().max(36 * 1024 * 1024) }),
    output: ImageRecord,
  }),
  /** The native file picker, read by main. */
  'images.pick': route({ input: z.object({}), output: ImageRecord.nullable() }),
  'images.list': route({
    input: z.object({
      text: z.string().max(200).optional(),
      model: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(5000).default(200),
    }),
    output: z.array(ImageRecord),
  }),
  'images.get': route({ input: id, output: ImageRecord }),
  'images.prompts': route({ input: z.object({}), output: z.array(z.string()) }),
  'images.delete': route({ input: id, output: z.object({ deleted: z.boolean() }) }),
  'images.saveAs': route({ input: id, output: z.object({ savedTo: z.string().nullable() }) }),
  'images.copy': route({ input: id, output: z.object({ copied: z.boolean() }) }),
  /** Starts dragging the image's file out of the window (Electron; the harness records it). */
  'images.dragOut': route({ input: id, output: z.object({ started: z.boolean() }) }),
}
