import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CatalogModel } from '#shared/domain/catalog'
import { catalogModel } from '#shared/domain/catalog-fixture'
import { emptyFilter, filterModels, type ModelFilter } from '#shared/domain/catalog-view'
import type { Bridge } from '#shared/ipc/bridge'
import { stillCounting } from '../../paged-rows.ts'
import { profileKeys } from '../../query.ts'
import { prefetchModelRows } from './queries.ts'

const model = (id: string, name: string) => catalogModel(id, { name })

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

/** The table shows `shown`: its first page is `rows` of `total`. */
const showFirstPage = (
  client: QueryClient,
  shown: ReturnType<typeof view>,
  rows: CatalogModel[],
  total = rows.length,
) =>
  client.setQueryData(profileKeys.catalogRows('profile', { ...shown, page: 0 }), {
    rows,
    total,
    fetchedAt: 7,
  })

afterEach(() => {
  Reflect.deleteProperty(window, 'bridge')
})

describe('the first page of a view', () => {
  const few = ['alpha one', 'alpha two', 'beta', 'alphabet'].map((name, i) => model(`p/m-${i}`, name))

  it('is worked out in the page when the search only narrows a view whose models were all at hand', () => {
    const asked = recordingCore()
    const client = new QueryClient()
    const from = view({ text: 'alp' })
    showFirstPage(client, from, filterModels(few, from.filter))
    const next = view({ text: 'alpha tw' })
    prefetchModelRows(client, 'profile', next, from)
    expect(asked).toEqual([])
    expect(pageOf(client, next)).toEqual({ rows: [few[1]], total: 1, fetchedAt: 7 })
  })

  it('is asked of main when the view widens, changes order, or its models were not all at hand', () => {
    const asked = recordingCore()
    const client = new QueryClient()
    const from = view({ text: 'alp' })
    showFirstPage(client, from, filterModels(few, from.filter))
    prefetchModelRows(client, 'profile', view({ text: 'al' }), from)
    prefetchModelRows(client, 'profile', { ...view({ text: 'alph' }), descending: true }, from)
    prefetchModelRows(client, 'profile', view({ text: 'alph', provider: 'p' }), from)
    // A first page of 50 that is one of many: what lies past it is not at hand.
    const many = view({ text: 'm' })
    showFirstPage(client, many, few, 500)
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
    showFirstPage(client, from, firstFifty, 5000)
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
