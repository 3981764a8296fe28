// A catalog model for tests: a text chat model of the unified listing, with whatever a test sets on top.
import type { CatalogModel } from '#shared/domain/catalog'

export function catalogModel(id: string, extra: Partial<CatalogModel> = {}): CatalogModel {
  return {
    id,
    provider: id.split('/')[0] ?? id,
    name: id,
    description: '',
    created: null,
    canonicalSlug: id,
    inputModalities: ['text'],
    outputModalities: ['text'],
    contextLength: 8192,
    maxCompletionTokens: null,
    prices: { prompt: '0', completion: '0', cacheRead: null, cacheWrite5m: null, cacheWrite1h: null },
    perSecond: null,
    moderated: false,
    supportedParameters: [],
    expirationDate: null,
    roles: ['chat'],
    styles: ['unified'],
    disagreements: [],
    ...extra,
  }
}
