import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CatalogModel } from '#shared/domain/catalog'
import { catalogModel } from '#shared/domain/catalog-fixture'
import { positionsInOrder } from '#shared/domain/catalog-orders'
import {
  emptyFilter,
  filterModels,
  type ModelFilter,
  type SortColumn,
  sortModels,
} from '#shared/domain/catalog-view'
import type { Bridge } from '#shared/ipc/bridge'
import { profileKeys, queryKeys } from '../../query.ts'
import { heldRowsPage, type ModelView, useHeldCatalog } from './held-catalog.ts'
import { prefetchModelRows } from './queries.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const catalogOf = (size: number, tag = '') =>
  Array.from({ length: size }, (_, i) =>
    catalogModel(`p${i % 4}/m-${(i * 7919) % size}${tag}`, {
      name: `Model ${i % 13}`,
      description: i % 5 === 0 ? 'fast and cheap' : 'careful',
      contextLength: 1000 * (i % 9),
      prices: {
        prompt: i % 6 === 0 ? null : `0.00000${(i % 8) + 1}`,
        completion: '0',
        cacheRead: null,
        cacheWrite5m: null,
        cacheWrite1h: null,
      },
      roles: i % 3 === 0 ? ['image'] : ['chat'],
    }),
  )

/**
 * Main as the page sees it, answering with main's own filter and sort over `models`; `replace` swaps its
 * catalog for another (a refresh) after a given number of answers.
 */
function fakeMain(initial: CatalogModel[]) {
  const state = { models: initial, fetchedAt: 1, answers: 0 }
  const asked: { route: string; input: Record<string, unknown> }[] = []
  let replaceAfter: { answers: number; models: CatalogModel[] } | undefined
  const rows = (input: ModelView & { offset: number; limit: number }) => {
    const shown = filterModels(sortModels(state.models, input.sort, input.descending), input.filter)
    return {
      rows: shown.slice(input.offset, input.offset + input.limit),
      total: shown.length,
      fetchedAt: state.fetchedAt,
    }
  }
  const bridge = {
    invoke: async (route: string, input: Record<string, unknown>) => {
      asked.push({ route, input })
      const data =
        route === 'catalog.rows'
          ? rows(input as unknown as ModelView & { offset: number; limit: number })
          : {
              positions: positionsInOrder(
                state.models,
                input.sort as SortColumn,
                input.descending as boolean,
              ),
              fetchedAt: state.fetchedAt,
            }
      state.answers++
      if (replaceAfter && state.answers === replaceAfter.answers) {
        state.models = replaceAfter.models
        state.fetchedAt++
      }
      return { ok: true, data }
    },
    on: () => () => {},
  } as unknown as Bridge
  Object.defineProperty(window, 'bridge', { value: bridge, configurable: true })
  return {
    asked,
    rows,
    state,
    replaceAfter: (answers: number, models: CatalogModel[]) => {
      replaceAfter = { answers, models }
    },
  }
}

/** The page's query client (which tries nothing twice), with `active` the active profile. */
function pageClient(active = 'profile') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  setActive(client, active)
  return client
}
const setActive = (client: QueryClient, active: string) =>
  client.setQueryData(
    queryKeys.profiles(),
    ['profile', 'other'].map((id) => ({ id, active: id === active })),
  )

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  Reflect.deleteProperty(window, 'bridge')
})

/** The model browser's table holding the catalog in `view`'s order; `held()` says whether it does. */
async function holding(client: QueryClient, view: { sort: SortColumn; descending: boolean }) {
  let held = false
  function Table() {
    held = useHeldCatalog(useQueryClient(), 'profile', view, true).held
    return null
  }
  root = createRoot(document.createElement('div'))
  await act(async () =>
    root?.render(
      <QueryClientProvider client={client}>
        <Table />
      </QueryClientProvider>,
    ),
  )
  return () => held
}

const view = (filter: Partial<ModelFilter>, sort: SortColumn = 'id', descending = false): ModelView => ({
  filter: { ...emptyFilter, ...filter },
  sort,
  descending,
})

describe('the catalog held in the page', () => {
  it('is read a thousand models at a time, then gives every page as main would, asking main nothing', async () => {
    const main = fakeMain(catalogOf(2_500))
    const client = pageClient()
    const held = await holding(client, { sort: 'prompt', descending: true })
    await vi.waitFor(() => expect(held()).toBe(true))
    expect(main.asked.map((call) => call.route)).toEqual([
      'catalog.rows',
      'catalog.rows',
      'catalog.rows',
      'catalog.order',
    ])
    main.asked.length = 0
    const shownView = view({ text: 'm-1' }, 'prompt', true)
    for (const filter of [
      { text: 'm-1' },
      { text: 'm-12' },
      { text: 'p2 fast' },
      { role: 'image' as const },
      { maxPrice: '3' },
      { maxPrice: '3', minContext: 4000, provider: 'p1' },
      {},
    ])
      for (const page of [0, 1, 3]) {
        const next = { ...shownView, filter: { ...emptyFilter, ...filter } }
        expect(heldRowsPage(client, 'profile', next, page, 50)).toEqual(
          main.rows({ ...next, offset: page * 50, limit: 50 }),
        )
      }
    // The table's first page of a new view is set at once, in the keystroke's frame.
    const typed = view({ text: 'm-2' }, 'prompt', true)
    await prefetchModelRows(client, 'profile', typed, shownView)
    expect(client.getQueryData(profileKeys.catalogRows('profile', { ...typed, page: 0 }))).toEqual(
      main.rows({ ...typed, offset: 0, limit: 50 }),
    )
    expect(main.asked).toEqual([])
    // A first page already worked out for the catalog held (ahead of a click) is the answer, as it is.
    const ahead = client.getQueryData(profileKeys.catalogRows('profile', { ...typed, page: 0 }))
    await prefetchModelRows(client, 'profile', typed, shownView)
    expect(client.getQueryData(profileKeys.catalogRows('profile', { ...typed, page: 0 }))).toBe(ahead)
    // One main answered while it counted the rest is not: the page works out the whole of it.
    const counting = view({ text: 'm-3' }, 'prompt', true)
    const countingKey = profileKeys.catalogRows('profile', { ...counting, page: 0 })
    client.setQueryData(countingKey, { rows: [], total: 0, fetchedAt: 1, counting: true })
    await prefetchModelRows(client, 'profile', counting, shownView)
    expect(client.getQueryData(countingKey)).toEqual(main.rows({ ...counting, offset: 0, limit: 50 }))
    expect(main.asked).toEqual([])
    // An order not yet held is main's to answer.
    expect(heldRowsPage(client, 'profile', view({}, 'name'), 0, 50)).toBeUndefined()
  })

  it('stays as it is when main still holds the same catalog, and is read again when main has another', async () => {
    const main = fakeMain(catalogOf(1_500))
    const client = pageClient()
    const held = await holding(client, { sort: 'id', descending: false })
    await vi.waitFor(() => expect(held()).toBe(true))
    const before = client.getQueryData(profileKeys.catalogHeld('profile'))
    main.asked.length = 0
    // A topic of the catalog changed, not its models: one part is read to see that it is the same.
    await act(() => client.invalidateQueries({ queryKey: profileKeys.catalogAll('profile') }))
    await vi.waitFor(() => expect(held()).toBe(true))
    expect(client.getQueryData(profileKeys.catalogHeld('profile'))).toBe(before)
    expect(main.asked.filter((call) => call.route === 'catalog.rows')).toHaveLength(1)

    // Main replaces its catalog (a refresh elsewhere): the page no longer answers from the old one...
    main.state.models = catalogOf(1_200, '-new')
    main.state.fetchedAt = 2
    const readAgain = client.invalidateQueries({ queryKey: profileKeys.catalogAll('profile') })
    expect(heldRowsPage(client, 'profile', view({}), 0, 50)).toBeUndefined()
    await act(() => readAgain)
    // ...and once it has read the new one, answers from it.
    await vi.waitFor(() => expect(held()).toBe(true))
    expect(heldRowsPage(client, 'profile', view({ text: 'new' }), 0, 2000)).toEqual(
      main.rows({ ...view({ text: 'new' }), offset: 0, limit: 2000 }),
    )
  })

  it('is read again from the start when main replaces its catalog while the parts are read', async () => {
    const main = fakeMain(catalogOf(2_500))
    // After the first part main holds another catalog, of another size.
    main.replaceAfter(1, catalogOf(1_800, '-new'))
    const client = pageClient()
    const holds = await holding(client, { sort: 'id', descending: false })
    await vi.waitFor(() => expect(holds()).toBe(true))
    const held = client.getQueryData<{ models: CatalogModel[]; fetchedAt: number }>(
      profileKeys.catalogHeld('profile'),
    )
    expect(held?.fetchedAt).toBe(2)
    expect(held?.models.map((m) => m.id)).toEqual(sortModels(main.state.models, 'id', false).map((m) => m.id))
    // The first part of the old catalog, then the new one's two parts from the start, then the order.
    expect(main.asked.map((call) => call.input.offset ?? 'order')).toEqual([0, 1000, 0, 1000, 'order'])
  })

  it('is not kept when another profile becomes active while it is read', async () => {
    const main = fakeMain(catalogOf(2_500))
    const client = pageClient()
    // After the first part, the person switches to another profile.
    const bridge = window.bridge
    Object.defineProperty(window, 'bridge', {
      configurable: true,
      value: {
        ...bridge,
        invoke: async (route: string, input: Record<string, unknown>) => {
          const answer = await bridge.invoke(route as never, input as never)
          setActive(client, 'other')
          return answer
        },
      },
    })
    const held = await holding(client, { sort: 'id', descending: false })
    await vi.waitFor(() =>
      expect(client.getQueryState(profileKeys.catalogHeld('profile'))?.status).toBe('error'),
    )
    expect(held()).toBe(false)
    expect(client.getQueryData(profileKeys.catalogHeld('profile'))).toBeUndefined()
    expect(main.asked.filter((call) => call.route === 'catalog.rows')).toHaveLength(1)
  })
})
