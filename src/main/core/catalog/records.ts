// Each model as the service listed it in each style, gathered from the three listings, packed for keeping a block
// of neighbours at a time, and merged into the browser's record (the three styles by field).
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import type { GenerativeModel, MessageModel, UnifiedModel } from '#shared/api/models'
import {
  type CatalogModel,
  fromGenerative,
  fromMessages,
  fromUnified,
  type ListingStyle,
  mergeListings,
  type StyleView,
} from '#shared/domain/catalog'

export interface RawModel {
  unified: UnifiedModel | null
  generative: GenerativeModel | null
  messages: MessageModel | null
}

/** The three listings as fetched, each in its own order. */
export interface RawListings {
  unified?: UnifiedModel[]
  generative?: GenerativeModel[]
  messages?: MessageModel[]
}

/** Listings of neighbouring models packed together: one deflate of many similar records packs them ten-fold. */
export function packBlock(models: readonly RawModel[]): Buffer {
  return deflateRawSync(JSON.stringify(models), { level: 6 })
}

export function unpackBlock(packed: Uint8Array): RawModel[] {
  return JSON.parse(inflateRawSync(packed).toString('utf8')) as RawModel[]
}

/** The browser's record of one model, from what each style listed. */
export function recordOf(raw: RawModel): CatalogModel {
  const views: Partial<Record<ListingStyle, StyleView[]>> = {}
  if (raw.unified) views.unified = [fromUnified(raw.unified)]
  if (raw.generative) views.generative = [fromGenerative(raw.generative)]
  if (raw.messages) views.messages = [fromMessages(raw.messages)]
  const [record] = mergeListings(views)
  if (!record) throw new Error('a kept model lists no style')
  return record
}

/** The listings gathered by model. */
export function byModel(listings: RawListings): RawModel[] {
  const models = new Map<string, RawModel>()
  const entry = (id: string) => {
    let model = models.get(id)
    if (!model) {
      model = { unified: null, generative: null, messages: null }
      models.set(id, model)
    }
    return model
  }
  for (const model of listings.unified ?? []) entry(model.id).unified = model
  for (const model of listings.generative ?? []) entry(fromGenerative(model).id).generative = model
  for (const model of listings.messages ?? []) entry(model.id).messages = model
  return [...models.values()]
}
