// One model record from the three listing styles (document 3 §2.4, §4.4): each style read into the same
// fields, merged by model id, with every field where the styles disagree kept for the detail view.
import type { GenerativeModel, MessageModel, UnifiedModel } from '../api/models.ts'

export type ListingStyle = 'unified' | 'generative' | 'messages'
export const listingStyles: readonly ListingStyle[] = ['unified', 'generative', 'messages']

export type PriceName = 'prompt' | 'completion' | 'cacheRead' | 'cacheWrite5m' | 'cacheWrite1h'
export const priceNames: readonly PriceName[] = [
  'prompt',
  'completion',
  'cacheRead',
  'cacheWrite5m',
  'cacheWrite1h',
]

export const modelRoles = ['decision', 'image', 'video', 'chat'] as const
export type ModelRole = (typeof modelRoles)[number]

/** What one style says about a model, in the app's field names. */
export interface StyleView {
  id: string
  name: string
  description: string
  created: number | null
  canonicalSlug: string
  inputModalities: string[]
  outputModalities: string[]
  contextLength: number | null
  maxCompletionTokens: number | null
  /** USD per token as the service writes it; null where this style does not quote it. */
  prices: Record<PriceName, string | null>
  /**
   * USD per second of video, for models billed that way (the listing's `pricing.video_per_second`, beside the
   * documented token prices, which such a model quotes as 0).
   */
  perSecond: string | null
  moderated: boolean
  supportedParameters: string[]
  expirationDate: string | null
}

export interface Disagreement {
  /** A field of the record (`contextLength`) or a price (`prices.cacheRead`). */
  field: string
  values: Partial<Record<ListingStyle, unknown>>
}

export interface CatalogModel extends StyleView {
  provider: string
  roles: ModelRole[]
  /** The styles that list this model. */
  styles: ListingStyle[]
  disagreements: Disagreement[]
}

/** What the browser's table shows of a model: its record without the long and the per-style fields. */
export type CatalogRow = Omit<
  CatalogModel,
  'description' | 'created' | 'canonicalSlug' | 'styles' | 'disagreements'
>

/** The fields the unified and message-native styles write alike (snake_case, five prices). */
/** A decimal price the listing gives beside the documented ones, or null. */
const extraPrice = (pricing: Record<string, unknown>, name: string): string | null => {
  const value = pricing[name]
  return typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? value : null
}

/** Whether a model is billed per second of video, so its token prices say nothing about its cost. */
export const billedPerSecond = (model: Pick<CatalogModel, 'perSecond' | 'roles'>): boolean =>
  model.perSecond !== null && model.roles.includes('video')

function snakeCaseView(model: UnifiedModel | MessageModel): Omit<StyleView, 'id' | 'name' | 'created'> {
  return {
    description: model.description,
    canonicalSlug: model.canonical_slug,
    inputModalities: model.architecture.input_modalities,
    outputModalities: model.architecture.output_modalities,
    contextLength: model.context_length ?? model.top_provider.context_length ?? null,
    maxCompletionTokens: model.top_provider.max_completion_tokens ?? null,
    prices: {
      prompt: model.pricing.prompt,
      completion: model.pricing.completion,
      cacheRead: model.pricing.input_cache_read ?? null,
      cacheWrite5m: model.pricing.input_cache_write_5m ?? null,
      cacheWrite1h: model.pricing.input_cache_write_1h ?? null,
    },
    perSecond: extraPrice(model.pricing, 'video_per_second'),
    moderated: model.top_provider.is_moderated,
    supportedParameters: model.supported_parameters,
    expirationDate: model.expiration_date,
  }
}

export function fromUnified(model: UnifiedModel): StyleView {
  return { id: model.id, name: model.name, created: model.created, ...snakeCaseView(model) }
}

/** The generative style: `models/` before the id, camelCase, one cache-write price (read as the 5-minute one). */
export function fromGenerative(model: GenerativeModel): StyleView {
  return {
    id: model.name.replace(/^models\//, ''),
    name: model.displayName,
    description: model.description,
    created: null,
    canonicalSlug: model.canonicalSlug,
    inputModalities: model.architecture.input_modalities,
    outputModalities: model.architecture.output_modalities,
    contextLength: model.contextLength ?? model.topProvider.context_length ?? null,
    maxCompletionTokens: model.outputTokenLimit ?? model.topProvider.max_completion_tokens ?? null,
    prices: {
      prompt: model.pricing.prompt,
      completion: model.pricing.completion,
      cacheRead: model.pricing.input_cache_read ?? null,
      cacheWrite5m: model.pricing.input_cache_write ?? null,
      cacheWrite1h: null,
    },
    perSecond: extraPrice(model.pricing, 'video_per_second'),
    moderated: model.topProvider.is_moderated,
    supportedParameters: model.supportedParameters,
    expirationDate: model.expirationDate,
  }
}

/** The message-native style: `display_name`, and `created_at` as ISO 8601. */
export function fromMessages(model: MessageModel): StyleView {
  const created = Date.parse(model.created_at)
  return {
    id: model.id,
    name: model.display_name,
    created: Number.isNaN(created) ? null : Math.floor(created / 1000),
    ...snakeCaseView(model),
  }
}

/** What a model is picked for in the playground: a messages conversation, a generateContent one, a cache. */
export const playgroundUses = ['messages', 'generate', 'cache'] as const
export type PlaygroundUse = (typeof playgroundUses)[number]

/** Whether the playground lists `model` for `use`. */
export function servesUse(
  model: Pick<CatalogModel, 'roles' | 'outputModalities' | 'prices'>,
  use: PlaygroundUse,
): boolean {
  const chat = model.roles.includes('chat')
  if (use === 'messages') return chat
  if (use === 'cache') return chat && model.prices.cacheRead !== null
  // generateContent also answers in text with the image models that write text.
  return chat || (model.roles.includes('image') && model.outputModalities.includes('text'))
}

/** The lists other screens pick a model from: image models, video models, decision models. */
export const pickedKinds = ['image', 'video', 'decision'] as const
export type PickedKind = (typeof pickedKinds)[number]

/** Whether a screen picks `model` from its `kind` list: what it writes, or (decisions) a `safety_identifier`. */
export function pickedFor(
  model: Pick<CatalogModel, 'outputModalities' | 'supportedParameters'>,
  kind: PickedKind,
): boolean {
  return kind === 'decision'
    ? model.supportedParameters.includes('safety_identifier')
    : model.outputModalities.includes(kind)
}

/**
 * The model a screen starts on among those it can use: a text model (chat and nothing else) before a model that
 * also draws or decides, so a first message to the default model gets a text answer.
 */
export function startingModel<T extends Pick<CatalogModel, 'roles'>>(models: readonly T[]): T | undefined {
  return models.find((model) => model.roles.length === 1 && model.roles[0] === 'chat') ?? models[0]
}

/** What a model is for, from what it reads and writes (decision models take `safety_identifier`). */
export function rolesOf(view: Pick<StyleView, 'supportedParameters' | 'outputModalities'>): ModelRole[] {
  const roles: ModelRole[] = []
  const decision = view.supportedParameters.includes('safety_identifier')
  if (decision) roles.push('decision')
  if (view.outputModalities.includes('image')) roles.push('image')
  if (view.outputModalities.includes('video')) roles.push('video')
  if (!decision && view.outputModalities.includes('text')) roles.push('chat')
  return roles
}

/** Equal values of a compared field: plain values, or lists of them (modalities, parameters). */
const same = (a: unknown, b: unknown): boolean =>
  a === b ||
  (Array.isArray(a) &&
    Array.isArray(b) &&
    a.length === b.length &&
    a.every((item, index) => item === b[index]))
// Fields a style does not carry are not disagreements: the generative style has no creation time and no
// one-hour cache-write price.
const comparedFields = [
  'name',
  'description',
  'created',
  'canonicalSlug',
  'inputModalities',
  'outputModalities',
  'contextLength',
  'maxCompletionTokens',
  'moderated',
  'supportedParameters',
  'expirationDate',
] as const satisfies readonly (keyof StyleView)[]

/** What each style quotes for a field, in the order of the styles; a style quoting nothing (null) is left out. */
function quoted(
  present: readonly ListingStyle[],
  views: Partial<Record<ListingStyle, StyleView>>,
  read: (view: StyleView) => unknown,
): Partial<Record<ListingStyle, unknown>> {
  const values: Partial<Record<ListingStyle, unknown>> = {}
  for (const style of present) {
    const value = read(views[style] as StyleView)
    if (value !== null && value !== undefined) values[style] = value
  }
  return values
}

/** Compares what the styles say about one model; a style that does not quote a field (null) is left out. */
export function disagreementsOf(views: Partial<Record<ListingStyle, StyleView>>): Disagreement[] {
  const present = listingStyles.filter((style) => views[style])
  const found: Disagreement[] = []
  if (present.length < 2) return found
  // Run for every model of the catalog: the values are gathered only for a field where the styles differ.
  const differs = (read: (view: StyleView) => unknown) => {
    let first: unknown = null
    for (const style of present) {
      const value = read(views[style] as StyleView)
      if (value === null || value === undefined) continue
      if (first === null) first = value
      else if (!same(value, first)) return true
    }
    return false
  }
  for (const field of comparedFields) {
    const read = (view: StyleView) => view[field]
    if (differs(read)) found.push({ field, values: quoted(present, views, read) })
  }
  for (const price of priceNames) {
    const read = (view: StyleView) => view.prices[price]
    if (differs(read)) found.push({ field: `prices.${price}`, values: quoted(present, views, read) })
  }
  return found
}

/** Merges the styles by id: the unified style's values lead, the others fill what it lacks. */
export function mergeListings(lists: Partial<Record<ListingStyle, StyleView[]>>): CatalogModel[] {
  const byId = new Map<string, Partial<Record<ListingStyle, StyleView>>>()
  for (const style of listingStyles)
    for (const view of lists[style] ?? []) {
      const views = byId.get(view.id)
      if (views) views[style] = view
      else byId.set(view.id, { [style]: view })
    }
  return [...byId].map(([id, views]) => mergedModel(id, views))
}

function mergedModel(id: string, views: Partial<Record<ListingStyle, StyleView>>): CatalogModel {
  const styles = listingStyles.filter((style) => views[style])
  const lead = views[styles[0] ?? 'unified'] as StyleView
  const prices = { ...lead.prices }
  for (const name of priceNames)
    prices[name] ??= styles.map((style) => views[style]?.prices[name]).find((p) => p != null) ?? null
  return {
    ...lead,
    created: lead.created ?? styles.map((style) => views[style]?.created).find((c) => c != null) ?? null,
    prices,
    id,
    provider: id.split('/')[0] ?? id,
    roles: rolesOf(lead),
    styles,
    disagreements: disagreementsOf(views),
  }
}

export interface CatalogChanges {
  added: string[]
  removed: string[]
  priceChanges: { id: string; price: PriceName; from: string | null; to: string | null }[]
}

/** Days until a model's expiration date (negative once past), or null when it has none. */
export function daysToExpiry(expirationDate: string | null, now: number): number | null {
  if (!expirationDate) return null
  const at = Date.parse(expirationDate)
  return Number.isNaN(at) ? null : Math.ceil((at - now) / 86_400_000)
}
