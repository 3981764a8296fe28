// The model listings (document 3 §2.4, §4.4): nine public routes, three styles, one catalog.
import type { SandboxModel } from '../catalog.ts'
import { nameOf, ownerOf } from '../catalog.ts'
import { ServiceError } from '../http.ts'
import type { Route, SandboxContext } from '../router.ts'

const modality = (model: SandboxModel) =>
  `${model.inputModalities.join('+')}->${model.outputModalities.join('+')}`

const architecture = (model: SandboxModel) => ({
  modality: modality(model),
  input_modalities: model.inputModalities,
  output_modalities: model.outputModalities,
  tokenizer: ownerOf(model.id),
  instruct_type: null,
})

const topProvider = (model: SandboxModel) => ({
  context_length: model.contextLength,
  max_completion_tokens: model.maxCompletionTokens,
  is_moderated: model.moderated,
})

const unifiedPricing = (model: SandboxModel) => ({
  prompt: model.pricing.prompt,
  completion: model.pricing.completion,
  ...(model.pricing.cacheRead ? { input_cache_read: model.pricing.cacheRead } : {}),
  ...(model.pricing.cacheWrite5m ? { input_cache_write_5m: model.pricing.cacheWrite5m } : {}),
  ...(model.pricing.cacheWrite1h ? { input_cache_write_1h: model.pricing.cacheWrite1h } : {}),
  // Not in the document's list: video models also quote USD per second of 720p video.
  ...(model.video ? { video_per_second: model.video.pricePerSecond } : {}),
})

export function unifiedModel(model: SandboxModel) {
  return {
    id: model.id,
    object: 'model',
    created: model.created,
    owned_by: ownerOf(model.id),
    canonical_slug: `${model.id}-${new Date(model.created * 1000).toISOString().slice(0, 10).replaceAll('-', '')}`,
    name: model.name,
    description: model.description,
    context_length: model.contextLength,
    architecture: architecture(model),
    pricing: unifiedPricing(model),
    top_provider: topProvider(model),
    per_request_limits: null,
    supported_parameters: model.supportedParameters,
    default_parameters: null,
    expiration_date: model.expirationDate,
  }
}

export function generativeModel(model: SandboxModel) {
  const unified = unifiedModel(model)
  const methods = model.roles.includes('chat')
    ? ['generateContent', 'streamGenerateContent', 'createCachedContent']
    : model.roles.includes('image-b')
      ? ['generateContent', 'streamGenerateContent']
      : []
  return {
    name: `models/${model.id}`,
    version: '001',
    displayName: model.generativeDisplayName ?? model.name,
    description: model.description,
    // This style reports the input limit as the context less the longest answer.
    inputTokenLimit: model.contextLength - model.maxCompletionTokens,
    outputTokenLimit: model.maxCompletionTokens,
    supportedGenerationMethods: methods,
    ownedBy: unified.owned_by,
    canonicalSlug: unified.canonical_slug,
    contextLength: model.contextLength,
    architecture: unified.architecture,
    pricing: {
      prompt: model.pricing.prompt,
      completion: model.pricing.completion,
      audio: '0',
      ...(model.pricing.cacheRead ? { input_cache_read: model.pricing.cacheRead } : {}),
      ...(model.pricing.cacheWrite5m ? { input_cache_write: model.pricing.cacheWrite5m } : {}),
      web_search: '0',
    },
    topProvider: unified.top_provider,
    supportedParameters: model.supportedParameters,
    expirationDate: model.expirationDate,
  }
}

export function messageModel(model: SandboxModel) {
  const unified = unifiedModel(model)
  return {
    type: 'model',
    id: model.id,
    display_name: model.name,
    created_at: new Date(model.created * 1000).toISOString(),
    owned_by: unified.owned_by,
    canonical_slug: unified.canonical_slug,
    description: model.description,
    context_length: model.contextLength,
    architecture: unified.architecture,
    pricing: unified.pricing,
    top_provider: unified.top_provider,
    supported_parameters: model.supportedParameters,
    expiration_date: model.expirationDate,
  }
}

export function listingRoutes(ctx: SandboxContext): Route[] {
  const styles: {
    prefix: string
    one: (model: SandboxModel) => unknown
    list: (items: unknown[]) => unknown
  }[] = [
    {
      prefix: '/v1/models',
      one: unifiedModel,
      list: (items: unknown[]) => ({ object: 'list', data: items }),
    },
    {
      prefix: '/gen-native/v1beta/models',
      one: generativeModel,
      list: (items: unknown[]) => ({ models: items }),
    },
    {
      prefix: '/msg-native/v1/models',
      one: messageModel,
      list: (items: unknown[]) => ({ data: items, has_more: false, first_id: null, last_id: null }),
    },
  ]
  return styles.flatMap((style): Route[] => {
    const base = style.prefix.replaceAll('/', '\\/')
    return [
      {
        method: 'GET',
        pattern: new RegExp(`^${base}$`),
        group: 'listing',
        handle: () => ({ status: 200, json: style.list(ctx.catalog.models.map(style.one)) }),
      },
      {
        method: 'GET',
        pattern: new RegExp(`^${base}/(?<provider>[^/:]+)$`),
        group: 'listing',
        handle: ({ params }) => {
          const models = ctx.catalog.models.filter((model) => ownerOf(model.id) === params.provider)
          if (models.length === 0)
            throw new ServiceError(404, 'provider_not_found', `Provider '${params.provider}' not found`)
          return { status: 200, json: style.list(models.map(style.one)) }
        },
      },
      {
        method: 'GET',
        pattern: new RegExp(`^${base}/(?<provider>[^/:]+)/(?<name>[^/:]+)$`),
        group: 'listing',
        handle: ({ params }) => {
          const model = ctx.catalog.models.find(
            (m) => ownerOf(m.id) === params.provider && nameOf(m.id) === params.name,
          )
          if (!model)
            throw new ServiceError(
              404,
              'model_not_found',
              `Model '${params.provider}/${params.name}' not found`,
            )
          return { status: 200, json: style.one(model) }
        },
      },
    ]
  })
}
