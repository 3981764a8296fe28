import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CatalogModel } from '#shared/domain/catalog'
import { emptyFilter, filterModels, type ModelFilter } from '#shared/domain/catalog-view'
import type { Bridge } from '#shared/ipc/bridge'
import { profileKeys } from '../../query.ts'
import { prefetchModelRows, stillCounting } from './queries.ts'

const model = (id: string, name: string): CatalogModel => ({
  id,
  provider: id.split('/')[0] ?? id,
  name,
  description: '',
  created: null,
  canonicalSlug: id,
  inputModalities: ['text'],
  outputModalities: ['text'],
  contextLength: 8000,
  maxCompletionTokens: null,
  prices: { prompt: '0.000001', completion: '0', cacheRead: null, cacheWrite5m: null, cacheWrite1h: null },
  perSecond: null,
  moderated: false,
  supportedParameters: [],
  expirationDate: null,
  roles: ['chat'],
  styles: ['unified'],
  disagreements: [],
})

/** A core that answers every page with no rows, recording what the page asked. */
function recordingCore() {
  const asked: unknown[] = []
  const bridge = {
    invoke: async (route: string, input: unknown) => {
      asked.push({ route, input })
      return { ok: true, data: { rows: [], total: 0, fetchedAt: 1 } }
    },
    on: () => () => {},
  } as unknown as Bridge
  Object.defineProperty(window, 'bridge', { value: bridge, configurable: true })
  return asked
}

const view = (filter: Partial<ModelFilter>) => ({
  filter: { ...emptyFilter, ...filter },
  sort: 'id' as const,
  descending: false,
})
const pageOf = (client: QueryClient, shown: ReturnType<typeof view>) =>
  client.getQueryData<{ rows: CatalogModel[]; total: number; fetchedAt: number }>(
    profileKeys.catalogRows('profile', { ...shown, page: 0 }),
  )

afterEach(() => {
  Reflect.deleteProperty(window, 'bridge')
})

describe('the first page of a view', () => {
  const few = ['alpha one', 'alpha two', 'beta', 'alphabet'].map((name, i) => model(`p/m-${i}`, name))

  it('is worked out in the page when the search only narrows a view whose models were all at hand', () => {
    const asked = recordingCore()
    const client = new QueryClient()
    const from = view({ text: 'alp' })
    const shown = filterModels(few, from.filter)
    client.setQueryData(profileKeys.catalogRows('profile', { ...from, page: 0 }), {
      rows: shown,
      total: shown.length,
      fetchedAt: 7,
    })
    const next = view({ text: 'alpha tw' })
    prefetchModelRows(client, 'profile', next, from)
    expect(asked).toEqual([])
    expect(pageOf(client, next)).toEqual({ rows: [few[1]], total: 1, fetchedAt: 7 })
  })

  it('is asked of main when the view widens, changes order, or its models were not all at hand', () => {
    const asked = recordingCore()
    const client = new QueryClient()
    const from = view({ text: 'alp' })
    const shown = filterModels(few, from.filter)
    client.setQueryData(profileKeys.catalogRows('profile', { ...from, page: 0 }), {
      rows: shown,
      total: shown.length,
      fetchedAt: 7,
    })
    prefetchModelRows(client, 'profile', view({ text: 'al' }), from)
    prefetchModelRows(client, 'profile', { ...view({ text: 'alph' }), descending: true }, from)
    prefetchModelRows(client, 'profile', view({ text: 'alph', provider: 'p' }), from)
    // A first page of 50 that is one of many: what lies past it is not at hand.
    const many = view({ text: 'm' })
    client.setQueryData(profileKeys.catalogRows('profile', { ...many, page: 0 }), {
      rows: few,
      total: 500,
      fetchedAt: 7,
    })
    prefetchModelRows(client, 'profile', view({ text: 'm-1' }), many)
    expect(asked).toHaveLength(4)
    expect(asked.every((call) => (call as { route: string }).route === 'catalog.rows')).toBe(true)
  })

  it('shows the first rows of a narrowed view at once while main counts the rest, then main’s answer', async () => {
    const asked = recordingCore()
    const client = new QueryClient()
    const firstFifty = Array.from({ length: 50 }, (_, i) =>
      model(`p/m-${i}`, i % 5 === 0 ? 'other' : 'model'),
    )
    const from = view({ text: 'm' })
    client.setQueryData(profileKeys.catalogRows('profile', { ...from, page: 0 }), {
      rows: firstFifty,
      total: 5000,
      fetchedAt: 7,
    })
    const next = view({ text: 'mod' })
    prefetchModelRows(client, 'profile', next, from)
    const shown = pageOf(client, next)
    expect(shown?.rows).toEqual(firstFifty.filter((m) => m.name === 'model'))
    expect(stillCounting(shown)).toBe(true)
    expect(asked).toHaveLength(1)
    // Main's answer (here, none) replaces what the page worked out.
    await vi.waitFor(() => expect(pageOf(client, next)).toEqual({ rows: [], total: 0, fetchedAt: 1 }))
    expect(stillCounting(pageOf(client, next))).toBe(false)
  })
})
