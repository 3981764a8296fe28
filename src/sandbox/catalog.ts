// The sandbox's models: every role the documents name, across four providers, with prices per token as
// strings. The listings, the routes and the control API all read this one table.
import type { ImageFamily } from '#shared/domain/images'

export type Role =
  | 'decision'
  | 'decision-vision'
  | 'image-a'
  | 'image-a-edit'
  | 'image-b'
  | 'image-c'
  | 'video'
  | 'video-audio'
  | 'video-no-cancel'
  | 'chat'

export interface SandboxModel {
  id: string
  /** Short alias accepted by the native decision path. */
  alias?: string
  name: string
  description: string
  roles: Role[]
  created: number
  contextLength: number
  maxCompletionTokens: number
  inputModalities: string[]
  outputModalities: string[]
  pricing: {
    prompt: string
    completion: string
    cacheRead?: string
    cacheWrite5m?: string
    cacheWrite1h?: string
  }
  supportedParameters: string[]
  moderated: boolean
  expirationDate: string | null
  /** Provider types that serve the model; the first is the origin. */
  providers: string[]
  imageFamily?: ImageFamily
  video?: { pricePerSecond: string; maxSeconds: number; canCancel: boolean; audio: boolean }
  /** Emits `thought: true` parts on generateContent. */
  thinks?: boolean
  /** How the generative-native listing names it, where it differs from the unified name. */
  generativeDisplayName?: string
  /**
   * How a decision model errs (see judge.ts): the spread of its seeded noise, and how sharp its probabilities are
   * (above 1 it is over-confident). Without it, 1 and 1.
   */
  judging?: { noise: number; sharpness: number }
}

const day = Date.UTC(2026, 0, 1) / 1000

export const sandboxModels: SandboxModel[] = [
  {
    id: 'sysone/judge-1',
    alias: 'judge-1',
    name: 'SystemOne Judge 1',
    description: 'Dedicated decision model: typed answers about text or JSON. Bills input tokens only.',
    roles: ['decision'],
    created: day,
    contextLength: 65_536,
    maxCompletionTokens: 1_024,
    inputModalities: ['text'],
    outputModalities: ['text'],
    pricing: { prompt: '0.0000002', completion: '0' },
    supportedParameters: ['safety_identifier'],
    moderated: false,
    expirationDate: null,
    providers: ['origin'],
  },
  {
    id: 'aurora/sight-decide',
    name: 'Aurora Sight Decide',
    description: 'Decision model that reads images as well as text and JSON.',
    roles: ['decision-vision'],
    created: day + 86_400,
    contextLength: 131_072,
    maxCompletionTokens: 4_096,
    inputModalities: ['text', 'image'],
    outputModalities: ['text'],
    pricing: { prompt: '0.0000008', completion: '0.0000032', cacheRead: '0.00000008' },
    supportedParameters: ['safety_identifier', 'temperature'],
    moderated: false,
    expirationDate: null,
    // Pricier and better: less noise, but more sure of itself than its accuracy warrants.
    judging: { noise: 0.5, sharpness: 1.4 },
    providers: ['origin'],
  },
  {
    id: 'lumen/image-1',
    name: 'Lumen Image 1',
    description: 'Text-to-image and image editing, served by a cloud host and by its origin.',
    roles: ['image-a'],
    created: day + 2 * 86_400,
    contextLength: 32_000,
    maxCompletionTokens: 8_192,
    inputModalities: ['text', 'image'],
    outputModalities: ['image'],
    pricing: { prompt: '0.000005', completion: '0.00004', cacheRead: '0.00000125' },
    supportedParameters: ['quality', 'size', 'n', 'output_format', 'background'],
    moderated: true,
    expirationDate: null,
    providers: ['origin', 'cloudhost'],
    imageFamily: 'A',
  },
  {
    id: 'lumen/image-1-edit',
    name: 'Lumen Image 1 Edit',
    description: 'Edit-optimized variant that keeps more of the input image (input_fidelity).',
    roles: ['image-a-edit'],
    created: day + 3 * 86_400,
    contextLength: 32_000,
    maxCompletionTokens: 8_192,
    inputModalities: ['text', 'image'],
    outputModalities: ['image'],
    pricing: { prompt: '0.000005', completion: '0.00004' },
    supportedParameters: ['quality', 'size', 'n', 'output_format', 'background', 'input_fidelity'],
    moderated: false,
    expirationDate: '2027-06-30',
    providers: ['origin'],
    imageFamily: 'A',
  },
  {
    id: 'aurora/flash-image',
    name: 'Aurora Flash Image',
    description:
      'Image generation and editing through the generative-native protocol; thinks before drawing.',
    roles: ['image-b'],
    created: day + 4 * 86_400,
    contextLength: 32_768,
    maxCompletionTokens: 8_192,
    inputModalities: ['text', 'image'],
    outputModalities: ['image', 'text'],
    pricing: { prompt: '0.0000003', completion: '0.00003', cacheRead: '0.00000003' },
    supportedParameters: ['quality', 'size', 'output_format'],
    moderated: false,
    expirationDate: null,
    providers: ['origin'],
    imageFamily: 'B',
    thinks: true,
    generativeDisplayName: 'Flash Image (preview)',
  },
  {
    id: 'orbit/ref-image',
    name: 'Orbit Reference Image',
    description: 'Image generation guided by one to three reference images.',
    roles: ['image-c'],
    created: day + 5 * 86_400,
    contextLength: 8_192,
    maxCompletionTokens: 4_096,
    inputModalities: ['text', 'image'],
    outputModalities: ['image'],
    pricing: { prompt: '0.000002', completion: '0.00002' },
    supportedParameters: ['size', 'output_format', 'input_images', 'n'],
    moderated: false,
    expirationDate: null,
    providers: ['origin'],
    imageFamily: 'C',
  },
  {
    id: 'orbit/motion-2',
    name: 'Orbit Motion 2',
    description: 'Video generation with sound, from text, frames or references.',
    roles: ['video', 'video-audio'],
    created: day + 6 * 86_400,
    contextLength: 4_096,
    maxCompletionTokens: 0,
    inputModalities: ['text', 'image', 'audio', 'video'],
    outputModalities: ['video', 'audio'],
    pricing: { prompt: '0', completion: '0' },
    supportedParameters: [
      'duration',
      'resolution',
      'aspect_ratio',
      'size',
      'generate_audio',
      'seed',
      'real_person',
    ],
    moderated: true,
    expirationDate: null,
    providers: ['origin'],
    video: { pricePerSecond: '0.05', maxSeconds: 15, canCancel: true, audio: true },
  },
  {
    id: 'lumen/clip-1',
    name: 'Lumen Clip 1',
    description: 'Fast silent video generation; a started job cannot be interrupted.',
    roles: ['video', 'video-no-cancel'],
    created: day + 7 * 86_400,
    contextLength: 2_048,
    maxCompletionTokens: 0,
    inputModalities: ['text', 'image'],
    outputModalities: ['video'],
    pricing: { prompt: '0', completion: '0' },
    supportedParameters: ['duration', 'resolution', 'aspect_ratio', 'size', 'seed'],
    moderated: false,
    expirationDate: null,
    providers: ['origin'],
    video: { pricePerSecond: '0.02', maxSeconds: 10, canCancel: false, audio: false },
  },
  {
    id: 'aurora/flash-2',
    name: 'Aurora Flash 2',
    description: 'Fast multimodal chat model with thinking; generateContent, messages and cached contents.',
    roles: ['chat'],
    created: day + 8 * 86_400,
    contextLength: 1_048_576,
    maxCompletionTokens: 65_536,
    inputModalities: ['text', 'image', 'audio', 'video'],
    outputModalities: ['text'],
    pricing: {
      prompt: '0.0000003',
      completion: '0.0000025',
      cacheRead: '0.00000003',
      cacheWrite5m: '0.000000375',
      cacheWrite1h: '0.0000006',
    },
    supportedParameters: ['temperature', 'top_p', 'top_k', 'max_tokens', 'tools', 'tool_choice', 'stop'],
    moderated: false,
    expirationDate: null,
    providers: ['origin'],
    thinks: true,
    generativeDisplayName: 'Flash 2',
  },
  {
    id: 'nimbus/chat-4',
    name: 'Nimbus Chat 4',
    description: 'Conversational model for the messages protocol, with tool use and vision.',
    roles: ['chat'],
    created: day + 9 * 86_400,
    contextLength: 200_000,
    maxCompletionTokens: 16_384,
    inputModalities: ['text', 'image'],
    outputModalities: ['text'],
    pricing: {
      prompt: '0.000003',
      completion: '0.000015',
      cacheRead: '0.0000003',
      cacheWrite5m: '0.00000375',
      cacheWrite1h: '0.000006',
    },
    supportedParameters: ['temperature', 'top_p', 'top_k', 'max_tokens', 'tools', 'tool_choice', 'stop'],
    moderated: true,
    expirationDate: null,
    providers: ['origin', 'cloudhost'],
  },
]

export interface Catalog {
  readonly models: SandboxModel[]
  find(idOrAlias: string): SandboxModel | undefined
  hasRole(model: SandboxModel, ...roles: Role[]): boolean
  /** Control API: the catalog changes while the service runs (a model added, removed or repriced). */
  add(model: SandboxModel): void
  remove(id: string): boolean
  reprice(id: string, pricing: Partial<SandboxModel['pricing']>): boolean
}

export function createCatalog(initial: SandboxModel[] = sandboxModels): Catalog {
  let models = [...initial]
  const byId = new Map<string, SandboxModel>()
  const index = () => {
    byId.clear()
    for (const model of models) {
      byId.set(model.id, model)
      if (model.alias) byId.set(model.alias, model)
    }
  }
  index()
  return {
    get models() {
      return models
    },
    find: (idOrAlias) => byId.get(idOrAlias.replace(/^models\//, '')),
    hasRole: (model, ...roles) => roles.some((role) => model.roles.includes(role)),
    add(model) {
      models = [...models.filter((m) => m.id !== model.id), model]
      index()
    },
    remove(id) {
      const before = models.length
      models = models.filter((m) => m.id !== id)
      index()
      return models.length < before
    },
    reprice(id, pricing) {
      const model = byId.get(id)
      if (!model) return false
      models = models.map((m) => (m.id === id ? { ...m, pricing: { ...m.pricing, ...pricing } } : m))
      index()
      return true
    },
  }
}

/**
 * A large made-up catalog for benchmarks: `count` chat, image and decision models across fifty providers,
 * with spread-out context lengths and prices. Deterministic.
 */
export function syntheticModels(count: number): SandboxModel[] {
  return Array.from({ length: count }, (_, i): SandboxModel => {
    const kind = i % 10 === 0 ? 'image' : i % 7 === 0 ? 'decision' : 'chat'
    const context = 4096 * 2 ** (i % 8)
    const prompt = formatPerToken(((i * 37) % 997) + 1)
    return {
      id: `vendor${String(i % 50).padStart(2, '0')}/model-${i}`,
      name: `Vendor ${i % 50} Model ${i}`,
      description: `Synthetic ${kind} model number ${i} for catalog benchmarks.`,
      roles: kind === 'image' ? ['image-a'] : kind === 'decision' ? ['decision'] : ['chat'],
      created: day + i * 3600,
      contextLength: context,
      maxCompletionTokens: Math.min(context / 4, 32_768),
      inputModalities: i % 3 === 0 ? ['text', 'image'] : ['text'],
      outputModalities: kind === 'image' ? ['image'] : ['text'],
      pricing: { prompt, completion: formatPerToken((((i * 37) % 997) + 1) * 4) },
      supportedParameters:
        kind === 'decision'
          ? ['safety_identifier']
          : kind === 'image'
            ? ['size', 'n']
            : ['temperature', 'tools'],
      moderated: i % 4 === 0,
      expirationDate: i % 97 === 0 ? '2027-01-31' : null,
      providers: ['origin'],
    }
  })
}

/** Hundredths of a dollar per million tokens, written per token. */
function formatPerToken(centsPerMillion: number): string {
  return (centsPerMillion / 100_000_000).toFixed(10).replace(/0+$/, '')
}

export const ownerOf = (id: string) => id.split('/')[0] ?? id
export const nameOf = (id: string) => id.split('/').slice(1).join('/')
