// Generate and edit the way each family allows (document 1 §4.2–4.3, document 3 §4.1): edits go to
// /v1/images/edits (A, multipart, pin as header), generateContent with inline data (B), or generations with
// `input_images` (C). Every result comes back as decoded bytes with its usage, priced from the catalog.

import type { GenerateContentResponse } from '#shared/api/generative'
import type { ImageResult } from '#shared/api/images'
import { editRoutes, type ImageFamily, sniffImageType } from '#shared/domain/images'
import { formatAmount, multiply, parseAmount } from '#shared/domain/money'
import { AppError } from '#shared/ipc/app-error'
import type { ImageModel, ImageOptions, ImageRecord } from '#shared/ipc/routes/images'
import type { BilledCall, Gateway } from '../gateway/gateway.ts'

export interface DrawnImage {
  bytes: Buffer
  mimeType: string
  /** None for an image a person brought in. */
  usage: ImageRecord['usage']
  cost: string | null
  provider: string | null
  thoughts: string[]
  /** What the service says it used (size, quality), next to what was asked. */
  served: Record<string, unknown>
}

export interface SourceImage {
  bytes: Buffer
  mimeType: string
  fileName: string
}

/** Decoded here in main; the type comes from the bytes, whatever was asked. */
function decoded(base64: string): { bytes: Buffer; mimeType: string } {
  const bytes = Buffer.from(base64, 'base64')
  const mimeType = sniffImageType(bytes)
  if (!mimeType)
    throw new AppError({
      code: 'unexpected_response',
      message: 'The service returned data that is not an image.',
    })
  return { bytes, mimeType }
}

const costUnits = (model: ImageModel, input: number, output: number) =>
  multiply(parseAmount(model.promptPrice), input) + multiply(parseAmount(model.completionPrice), output)

/** Each image keeps the call's usage; the call's cost is split over its images so the gallery adds up to the bill. */
function fromImageResult(model: ImageModel, result: ImageResult, provider: string | null): DrawnImage[] {
  const { usage } = result
  const count = BigInt(result.data.length)
  const total = costUnits(model, usage.input_tokens, usage.output_tokens)
  // The first image carries the remainder, so the images' costs add up to the call's exactly.
  const share = (index: number) => formatAmount(total / count + (index === 0 ? total % count : 0n))
  return result.data.map((item, index) => ({
    ...decoded(item.b64_json),
    usage: {
      inputTokens: usage.input_tokens,
      textTokens: usage.input_tokens_details.text_tokens,
      imageTokens: usage.input_tokens_details.image_tokens ?? null,
      outputTokens: usage.output_tokens,
      thoughtTokens: null,
      totalTokens: usage.total_tokens,
      numInputImages: usage.num_input_images ?? null,
    },
    cost: share(index),
    provider,
    thoughts: [],
    served: {
      size: result.size,
      quality: result.quality,
      index: item.index,
      imagesInCall: result.data.length,
    },
  }))
}

/** The image among the parts (document 3 §4.1), the thought text kept apart. */
export function fromGenerateContent(model: ImageModel, response: GenerateContentResponse): DrawnImage {
  const parts = response.candidates[0]?.content.parts ?? []
  const image = parts.map((part) => part.inlineData ?? part.inline_data).find((data) => data !== undefined)
  if (!image)
    throw new AppError({
      code: 'unexpected_response',
      message: 'The model answered without an image. Try again, or describe the change more plainly.',
      raw: JSON.stringify(parts.map((part) => part.text ?? '[data]')),
    })
  const meta = response.usageMetadata
  const thoughtTokens = meta?.thoughtsTokenCount ?? 0
  const outputTokens = (meta?.candidatesTokenCount ?? 0) + thoughtTokens
  const inputTokens = meta?.promptTokenCount ?? 0
  return {
    ...decoded(image.data),
    usage: {
      inputTokens,
      textTokens: null,
      imageTokens: null,
      outputTokens,
      thoughtTokens: meta?.thoughtsTokenCount ?? null,
      totalTokens: meta?.totalTokenCount ?? inputTokens + outputTokens,
      numInputImages: null,
    },
    cost: formatAmount(costUnits(model, inputTokens, outputTokens)),
    provider: null,
    thoughts: parts.filter((part) => part.thought && part.text).map((part) => part.text ?? ''),
    served: {
      finishReason: response.candidates[0]?.finishReason ?? null,
      modelVersion: response.modelVersion,
    },
  }
}

const dataUri = (image: SourceImage) => `data:${image.mimeType};base64,${image.bytes.toString('base64')}`

export function createImageCalls(gateway: Gateway) {
  return {
    async generate(
      model: ImageModel,
      request: {
        prompt: string
        options: ImageOptions
        provider?: string | undefined
        references: SourceImage[]
      },
      call: BilledCall,
    ): Promise<DrawnImage[]> {
      const body = {
        model: model.id,
        prompt: request.prompt,
        ...request.options,
        ...(model.family === 'C' && request.references.length > 0
          ? { input_images: request.references.map(dataUri) }
          : {}),
      }
      const { data, headers } = await gateway.generateImage(body, model.family, request.provider, call)
      return fromImageResult(model, data, headers.get('x-svc-provider') ?? request.provider ?? null)
    },

    async edit(
      model: ImageModel,
      request: {
        prompt: string
        source: SourceImage
        options: Pick<ImageOptions, 'quality' | 'size' | 'n' | 'input_fidelity'>
        provider?: string | undefined
      },
      call: BilledCall,
    ): Promise<DrawnImage[]> {
      if (!model.readsImages)
        throw new AppError({
          code: 'validation_failed',
          message: `${model.name} does not take an image as input, so it cannot edit.`,
        })
      const route = editRoutes[model.family as ImageFamily]
      if (route === 'edits') {
        const quality = request.options.quality
        const { data, headers } = await gateway.editImage(
          {
            model: model.id,
            image: request.source.bytes,
            fileName: request.source.fileName,
            prompt: request.prompt,
            quality: quality === 'low' || quality === 'medium' || quality === 'high' ? quality : undefined,
            size: request.options.size,
            n: request.options.n,
            inputFidelity: request.options.input_fidelity,
            provider: request.provider,
          },
          call,
        )
        return fromImageResult(model, data, headers.get('x-svc-provider') ?? request.provider ?? null)
      }
      if (route === 'generateContent') {
        const { data } = await gateway.generateContent(
          model.id,
          {
            contents: [
              {
                role: 'user',
                parts: [
                  { text: request.prompt },
                  {
                    inlineData: {
                      mimeType: request.source.mimeType,
                      data: request.source.bytes.toString('base64'),
                    },
                  },
                ],
              },
            ],
          },
          call,
        )
        return [fromGenerateContent(model, data)]
      }
      const { data, headers } = await gateway.generateImage(
        {
          model: model.id,
          prompt: request.prompt,
          input_images: [dataUri(request.source)],
          ...(request.options.size ? { size: request.options.size } : {}),
        },
        model.family,
        request.provider,
        call,
      )
      return fromImageResult(model, data, headers.get('x-svc-provider') ?? null)
    },
  }
}
