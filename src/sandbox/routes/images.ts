// Image generation and editing (document 1 §4.2–4.4): three families, provider pinning with a weighted
// split, the cloud host's stricter moderation, multipart edits for family A only.
import {
  editQualities,
  ImageGenerationRequest,
  imageSizes,
  inputFidelities,
  providerHeader,
} from '#shared/api/images'
import {
  checkImageGeneration,
  effectiveInputImages,
  imageMessages,
  sniffEditImage,
} from '#shared/domain/images'
import { estimateTokens } from '#shared/domain/tokens'
import type { SandboxModel } from '../catalog.ts'
import { header, parseJsonObject, parseWith, ServiceError } from '../http.ts'
import { loadImage } from '../media-input.ts'
import { editImage, type ImageFormat, type RenderedImage, renderImage } from '../render.ts'
import type { Reply, Route, SandboxContext } from '../router.ts'
import { exact } from './decisions.ts'

const invalid = 'invalid_request_error'
/** Prompts with this word are refused by the cloud-host provider's moderation (and accepted by the origin). */
export const moderationTrigger = /\btaboo\b/i
const outputTokensPerMegapixel: Record<string, number> = {
  low: 272,
  medium: 1056,
  high: 4160,
  hd: 4160,
  standard: 1056,
  auto: 1056,
}

export function parseSize(size: string | undefined, fallback = { width: 1024, height: 1024 }) {
  if (!size || size === 'auto') return fallback
  const [width, height] = size.split('x').map(Number)
  return { width: width ?? fallback.width, height: height ?? fallback.height }
}

function imageModel(ctx: SandboxContext, id: string): SandboxModel & { imageFamily: 'A' | 'B' | 'C' } {
  const model = ctx.catalog.find(id)
  if (!model) throw new ServiceError(404, 'model_not_found', `Model '${id}' not found`)
  if (!model.imageFamily) throw new ServiceError(400, invalid, `Model '${id}' does not generate images.`)
  return model as SandboxModel & { imageFamily: 'A' | 'B' | 'C' }
}

export function imageRoutes(ctx: SandboxContext): Route[] {
  const splits = new Map<string, number>()

  /** The pinned provider, or the weighted split (3 cloud host : 1 origin) for a model with two providers. */
  function chooseProvider(model: SandboxModel, pinned: string | undefined): string {
    if (pinned) {
      if (!model.providers.includes(pinned)) {
        throw new ServiceError(
          400,
          'provider_type_unavailable',
          imageMessages.providerUnavailable(pinned, model.id),
        )
      }
      return pinned
    }
    if (model.providers.length === 1) return model.providers[0]!
    const turn = splits.get(model.id) ?? 0
    splits.set(model.id, turn + 1)
    return turn % 4 === 3 ? 'origin' : 'cloudhost'
  }

  function moderate(provider: string, prompt: string): void {
    if (provider === 'cloudhost' && moderationTrigger.test(prompt)) {
      throw new ServiceError(
        400,
        'content_policy_violation',
        'The cloud-host provider rejected this prompt under its content policy. The origin provider is more permissive: pin it with the X-Svc-Provider-Type: origin header to retry.',
      )
    }
  }

  function result(
    model: SandboxModel,
    images: RenderedImage[],
    quality: string,
    size: string,
    usage: object,
    provider: string,
  ): Reply {
    return {
      status: 200,
      headers: { 'x-svc-provider': provider },
      json: {
        created: Math.floor(ctx.now() / 1000),
        data: images.map((image, index) => ({ b64_json: image.bytes.toString('base64'), index })),
        model: model.id,
        size,
        quality,
        usage,
      },
    }
  }

  const generate: Route['handle'] = async ({ body, req }) => {
    const raw = parseJsonObject(await body(), req.headers['content-type'], invalid)
    const request = parseWith(ImageGenerationRequest, raw, invalid)
    const model = imageModel(ctx, request.model)
    const problem = checkImageGeneration(request, model.imageFamily)
    if (problem) throw ServiceError.from(problem)
    const provider = chooseProvider(model, header(req, providerHeader) ?? request.extra_body?.provider?.type)
    moderate(provider, request.prompt)

    const references: Buffer[] = []
    for (const [index, reference] of effectiveInputImages(request, model.imageFamily).entries()) {
      const loaded = await loadImage(reference, ctx.state.options.allowPrivateAddresses)
      if (!loaded.ok)
        throw new ServiceError(400, invalid, `input_images[${index}] could not be used (${loaded.reason}).`)
      references.push(loaded.bytes)
    }
    const { width, height } = parseSize(request.size)
    const format: ImageFormat = request.output_format ?? 'png'
    const quality = request.quality ?? 'auto'
    const count = model.imageFamily === 'B' ? 1 : (request.n ?? 1)
    const images = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        renderImage({
          seed: [model.id, request.prompt, index],
          width,
          height,
          format,
          transparent: request.background === 'transparent',
          references,
        }),
      ),
    )
    const textTokens = estimateTokens(request.prompt)
    const imageTokens = references.length * 258
    const output =
      Math.round(((width * height) / 1024 ** 2) * (outputTokensPerMegapixel[quality] ?? 1056)) * count
    const usage = {
      input_tokens: textTokens + imageTokens,
      input_tokens_details: {
        text_tokens: textTokens,
        ...(imageTokens ? { image_tokens: imageTokens } : {}),
      },
      output_tokens: output,
      total_tokens: textTokens + imageTokens + output,
      ...(references.length ? { num_input_images: references.length } : {}),
    }
    return result(model, images, quality, request.size ?? 'auto', usage, provider)
  }

  const edit: Route['handle'] = async ({ body, req, url }) => {
    const contentType = req.headers['content-type'] ?? ''
    if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
      throw new ServiceError(415, invalid, 'Image edits must be sent as multipart/form-data.')
    }
    let form: FormData
    try {
      form = await new Request(url, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: await body(),
      }).formData()
    } catch {
      throw new ServiceError(400, invalid, 'The multipart body could not be read.')
    }
    const text = (name: string) => {
      const value = form.get(name)
      return typeof value === 'string' ? value : undefined
    }
    const modelId = text('model')
    if (!modelId) throw new ServiceError(400, invalid, 'model is required.')
    const model = imageModel(ctx, modelId)
    if (model.imageFamily === 'B')
      throw new ServiceError(400, invalid, imageMessages.editNotSupported(model.id))
    if (model.imageFamily === 'C') throw new ServiceError(400, invalid, imageMessages.editFamilyC(model.id))
    const prompt = text('prompt')
    if (!prompt) throw new ServiceError(400, invalid, 'prompt is required.')
    const file = form.get('image')
    if (!(file instanceof File))
      throw new ServiceError(400, invalid, 'image is required, uploaded as a file.')
    const bytes = Buffer.from(await file.arrayBuffer())
    if (!sniffEditImage(bytes)) throw new ServiceError(400, invalid, imageMessages.editImageType)
    const quality = text('quality') ?? 'medium'
    if (!(editQualities as readonly string[]).includes(quality)) {
      throw new ServiceError(400, invalid, `quality must be one of ${editQualities.join(', ')}.`)
    }
    const size = text('size') ?? 'auto'
    if (!(imageSizes as readonly string[]).includes(size))
      throw new ServiceError(400, invalid, `size must be one of ${imageSizes.join(', ')}.`)
    const n = Number(text('n') ?? '1')
    if (!Number.isInteger(n) || n < 1 || n > 10)
      throw new ServiceError(400, invalid, 'n must be a whole number from 1 to 10.')
    const fidelity = text('input_fidelity')
    if (fidelity !== undefined) {
      if (!model.supportedParameters.includes('input_fidelity'))
        throw new ServiceError(400, invalid, `input_fidelity is not supported by ${model.id}.`)
      if (!(inputFidelities as readonly string[]).includes(fidelity))
        throw new ServiceError(400, invalid, `input_fidelity must be one of ${inputFidelities.join(', ')}.`)
    }
    // Only the header pins an edit: an `extra_body` form field is ignored, as the document says.
    const provider = chooseProvider(model, header(req, providerHeader))
    moderate(provider, prompt)

    const target = size === 'auto' ? {} : parseSize(size)
    const format: ImageFormat =
      text('output_format') === 'jpeg' ? 'jpeg' : text('output_format') === 'webp' ? 'webp' : 'png'
    const images: RenderedImage[] = []
    for (let index = 0; index < n; index++)
      images.push(await editImage(bytes, `${prompt}#${index}`, { ...target, format }))
    const first = images[0]!
    const textTokens = estimateTokens(prompt)
    const imageTokens = Math.ceil(((first.width * first.height) / 1024 ** 2) * 765)
    const output =
      Math.round(((first.width * first.height) / 1024 ** 2) * (outputTokensPerMegapixel[quality] ?? 1056)) * n
    const usage = {
      input_tokens: textTokens + imageTokens,
      input_tokens_details: { text_tokens: textTokens, image_tokens: imageTokens },
      output_tokens: output,
      total_tokens: textTokens + imageTokens + output,
      num_input_images: 1,
    }
    return result(model, images, quality, size, usage, provider)
  }

  return [
    { method: 'POST', pattern: exact('/v1/images/generations'), group: 'unified', handle: generate },
    { method: 'POST', pattern: exact('/v1/images/edits'), group: 'unified', handle: edit },
  ]
}
