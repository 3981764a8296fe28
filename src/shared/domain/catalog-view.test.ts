import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ModelFilterRecord } from '../ipc/routes/catalog.ts'
import { billedPerSecond, type CatalogModel } from './catalog.ts'
import { catalogModel } from './catalog-fixture.ts'
import { modelsInOrder, positionsInOrder } from './catalog-orders.ts'
import {
  createModelFilterer,
  emptyFilter,
  filterFromParams,
  filterModels,
  filterNarrows,
  filterToParams,
  filterValueLimit,
  perMillion,
  sortColumns,
  sortModels,
  workloadCost,
} from './catalog-view.ts'
import { compareAmounts, parseAmount } from './money.ts'
import { textOrder } from './sorting.ts'

const model = (
  id: string,
  prompt: string | null,
  context: number | null,
  extra: Partial<CatalogModel> = {},
): CatalogModel =>
  catalogModel(id, {
    contextLength: context,
    prices: { prompt, completion: '0', cacheRead: null, cacheWrite5m: null, cacheWrite1h: null },
    ...extra,
  })

describe('prices and workloads', () => {
  it('turns per-token prices into per-million ones without floating drift', () => {
    expect(perMillion('0.0000002')).toBe('0.2')
    expect(perMillion('0.000000075')).toBe('0.075')
    expect(perMillion('0.00000125')).toBe('1.25')
    // 0.1 + 0.2 in floats is 0.30000000000000004; as decimals it stays exact.
    expect(perMillion('0.0000003')).toBe('0.3')
  })

  it('prices a workload per call and per 1,000 calls exactly, naming token kinds the model does not price', () => {
    const prices = {
      prompt: '0.0000003',
      completion: '0.0000025',
      cacheRead: '0.000000075',
      cacheWrite5m: null,
      cacheWrite1h: null,
    }
    const cost = workloadCost(prices, {
      prompt: 1200,
      completion: 350,
      cacheRead: 4000,
      cacheWrite5m: 10,
      cacheWrite1h: 0,
    })
    // 1200×0.0000003 + 350×0.0000025 + 4000×0.000000075 = 0.00036 + 0.000875 + 0.0003
    expect(cost.perCall).toBe('0.001535')
    expect(cost.perThousand).toBe('1.535')
    expect(cost.unpriced).toEqual(['cacheWrite5m'])
  })
})

describe('filters and sorting', () => {
  const models = [
    model('a/cheap', '0.0000001', 8000),
    model('b/pricey', '0.00001', 200_000, {
      inputModalities: ['text', 'image'],
      supportedParameters: ['tools'],
    }),
    model('a/unpriced', null, null, { roles: ['image'], outputModalities: ['image'] }),
  ]

  it('filters by provider, modality, context, price per 1M, parameter, role and words', () => {
    const ids = (filter: Partial<typeof emptyFilter>) =>
      filterModels(models, { ...emptyFilter, ...filter }).map((m) => m.id)
    expect(ids({ provider: 'a' })).toEqual(['a/cheap', 'a/unpriced'])
    expect(ids({ input: 'image' })).toEqual(['b/pricey'])
    expect(ids({ minContext: 10_000 })).toEqual(['b/pricey'])
    expect(ids({ maxPrice: '0.1' })).toEqual(['a/cheap'])
    expect(ids({ parameter: 'tools' })).toEqual(['b/pricey'])
    expect(ids({ role: 'image' })).toEqual(['a/unpriced'])
    expect(ids({ text: 'PRICEY b' })).toEqual(['b/pricey'])
  })

  it('sorts prices as exact amounts with missing values last either way', () => {
    expect(sortModels(models, 'prompt', false).map((m) => m.id)).toEqual([
      'a/cheap',
      'b/pricey',
      'a/unpriced',
    ])
    expect(sortModels(models, 'prompt', true).map((m) => m.id)).toEqual(['b/pricey', 'a/cheap', 'a/unpriced'])
    expect(sortModels(models, 'contextLength', true).map((m) => m.id)).toEqual([
      'b/pricey',
      'a/cheap',
      'a/unpriced',
    ])
  })

  it('keeps the filter in the address and reads it back, ignoring what is not valid', () => {
    const filter = { ...emptyFilter, provider: 'a', minContext: 4000, maxPrice: '0.5', role: 'chat' as const }
    const params = new URLSearchParams(
      Object.entries(filterToParams(filter)).flatMap(([k, v]): [string, string][] =>
        v === null ? [] : [[k, v]],
      ),
    )
    expect(filterFromParams(params)).toEqual(filter)
    expect(filterFromParams(new URLSearchParams('maxPrice=cheap&role=admin&minContext=-3'))).toEqual(
      emptyFilter,
    )
    // An address longer than any search keeps its first `filterValueLimit` characters, which main accepts.
    const long = filterFromParams(
      new URLSearchParams({ q: 'ab'.repeat(filterValueLimit), provider: 'p'.repeat(5000) }),
    )
    expect(long.text).toBe('ab'.repeat(filterValueLimit).slice(0, filterValueLimit))
    expect(long.provider).toHaveLength(filterValueLimit)
    expect(ModelFilterRecord.safeParse(long).success).toBe(true)
  })
})

describe('models billed per second of video', () => {
  const video = model('v/clip', '0', null, {
    roles: ['video'],
    outputModalities: ['video'],
    perSecond: '0.05',
  })
  const pricier = model('v/film', '0', null, {
    roles: ['video'],
    outputModalities: ['video'],
    perSecond: '0.4',
  })
  const text = model('t/chat', '0.000001', 8000)

  it('do not sort as the cheapest by token price, and sort by their price per second', () => {
    expect(sortModels([video, text], 'prompt', false).map((m) => m.id)).toEqual(['t/chat', 'v/clip'])
    expect(sortModels([pricier, text, video], 'perSecond', false).map((m) => m.id)).toEqual([
      'v/clip',
      'v/film',
      't/chat',
    ])
  })

  it('are not caught by a price per 1M tokens filter', () => {
    expect(filterModels([video, text], { ...emptyFilter, maxPrice: '5' }).map((m) => m.id)).toEqual([
      't/chat',
    ])
  })
})

describe('filtering a sorted catalog', () => {
  it('gives the same models in the same order as sorting the filtered one', () => {
    const models = Array.from({ length: 60 }, (_, i) =>
      model(
        `p${i % 7}/m-${(i * 37) % 60}`,
        String((i * 13) % 11) === '0' ? null : `0.00000${(i % 9) + 1}`,
        1000 * i,
      ),
    )
    for (const column of ['id', 'prompt', 'contextLength'] as const)
      for (const text of ['', 'p3', 'm-1'])
        expect(
          filterModels(sortModels(models, column, true), { ...emptyFilter, text }).map((m) => m.id),
        ).toEqual(sortModels(filterModels(models, { ...emptyFilter, text }), column, true).map((m) => m.id))
  })
})

describe('an order sent as places in the order of ids', () => {
  it('gives back the catalog sorted as main sorts it, in every column and direction', () => {
    const models = Array.from({ length: 90 }, (_, i) =>
      model(`p${i % 4}/m-${(i * 41) % 90}`, i % 6 === 0 ? null : `0.00000${(i % 8) + 1}`, 500 * (i % 9), {
        name: `Model ${i % 10}`,
        moderated: i % 3 === 0,
      }),
    )
    const byId = sortModels(models, 'id', false)
    for (const column of sortColumns)
      for (const descending of [false, true]) {
        const positions = positionsInOrder(models, column, descending)
        expect(modelsInOrder(byId, positions)).toEqual(sortModels(models, column, descending))
        // The same order asked again is the same list, worked out once.
        expect(modelsInOrder(byId, positions)).toBe(modelsInOrder(byId, positions))
      }
  })

  it('is refused for another catalog: one of another size, or places past its end', () => {
    const models = Array.from({ length: 5 }, (_, i) => model(`p/m-${i}`, '0.000001', 1000))
    const byId = sortModels(models, 'id', false)
    expect(modelsInOrder(byId, positionsInOrder(models.slice(1), 'prompt', false))).toBeUndefined()
    expect(modelsInOrder(byId, [0, 1, 2, 3, 9])).toBeUndefined()
  })
})

describe('filtering as the person types', () => {
  it('answers the same filter of the same list with the last result, and no filter with the list itself', () => {
    const models = Array.from({ length: 20 }, (_, i) => model(`p${i % 3}/m-${i}`, '0.000001', 1000))
    const filterer = createModelFilterer()
    const filter = { ...emptyFilter, provider: 'p1' }
    const shown = filterer(models, filter)
    expect(shown.map((m) => m.id)).toEqual(filterModels(models, filter).map((m) => m.id))
    expect(filterer(models, { ...filter })).toBe(shown)
    expect(filterer(models, { ...emptyFilter })).toBe(models)
  })

  it('answers what filtering the whole catalog answers, as the search grows, shrinks or another filter moves', () => {
    const models = Array.from({ length: 80 }, (_, i) =>
      model(`p${i % 7}/m-${(i * 37) % 80}`, `0.00000${(i % 9) + 1}`, 1000 * i),
    )
    const filterer = createModelFilterer()
    const steps: Partial<typeof emptyFilter>[] = [
      { text: 'p' },
      { text: 'p3' },
      { text: 'p3/' },
      { text: 'p3/m-1' },
      { text: 'p3/m-1', provider: 'p3' },
      { text: 'p3/m-12', provider: 'p3' },
      { text: 'p3/m' },
      { text: 'P3 M-2' },
      { text: 'p3 m-2 x' },
      { text: '' },
    ]
    for (const step of steps) {
      const filter = { ...emptyFilter, ...step }
      expect(filterer(models, filter).map((m) => m.id)).toEqual(filterModels(models, filter).map((m) => m.id))
    }
  })

  it('says a filter narrows another only when every model it keeps, the other keeps', () => {
    const models = Array.from({ length: 60 }, (_, i) =>
      model(`p${i % 3}/m-${(i * 7) % 60}`, '0.000001', 1000 * (i % 4), {
        name: `Model ${['alpha', 'beta', 'gamma'][i % 3]} ${i}`,
        description: i % 5 === 0 ? 'fast and cheap' : 'careful',
      }),
    )
    const texts = [
      '',
      'p',
      'p1',
      'p1/',
      'p1/m-2',
      'alpha',
      'alp',
      'al ph',
      'fast',
      'fast p2',
      'm-1 beta',
      'BETA',
      ' ',
    ]
    const filters = fc.record({
      text: fc.constantFrom(...texts),
      provider: fc.constantFrom('', 'p0', 'p1'),
      minContext: fc.constantFrom(null, 2000),
    })
    fc.assert(
      fc.property(filters, filters, (from, next) => {
        const before = { ...emptyFilter, ...from }
        const after = { ...emptyFilter, ...next }
        if (!filterNarrows(before, after)) return
        // Filtering what `before` kept gives what filtering the whole catalog gives, in the same order.
        const kept = filterModels(models, before)
        expect(filterModels(kept, after).map((m) => m.id)).toEqual(
          filterModels(models, after).map((m) => m.id),
        )
      }),
      { numRuns: 500 },
    )
    const filter = (change: Partial<typeof emptyFilter>) => ({ ...emptyFilter, ...change })
    expect(filterNarrows(filter({ text: 'alp' }), filter({ text: 'alpha' }))).toBe(true)
    expect(filterNarrows(filter({ text: 'alpha' }), filter({ text: 'ALPHA beta' }))).toBe(true)
    expect(filterNarrows(filter({ text: 'alpha' }), filter({ text: 'alp' }))).toBe(false)
    expect(filterNarrows(filter({ text: 'alp' }), filter({ text: 'alp', provider: 'p1' }))).toBe(false)
    expect(filterNarrows(filter({ provider: 'p1' }), filter({ provider: 'p1', text: 'a' }))).toBe(true)
  })

  it('sorts each column once per catalog and gives the same order again', () => {
    const models = Array.from({ length: 30 }, (_, i) =>
      model(`p${i % 4}/m-${i}`, `0.0000${(i % 5) + 1}`, i % 3),
    )
    const first = sortModels(models, 'contextLength', false)
    expect(sortModels(models, 'contextLength', false)).toBe(first)
    // Ties (ten models share each context length) are ordered by id.
    const tied = first.filter((m) => m.contextLength === first[0]?.contextLength).map((m) => m.id)
    expect(tied).toEqual([...tied].sort((a, b) => a.localeCompare(b, 'en')))
    expect(sortModels([...models], 'contextLength', false)).not.toBe(first)
  })

  it('orders every column either way as comparing the models one by one does: missing last, ties by id', () => {
    let seed = 5
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed
    }
    // The generator's high bits: its low ones repeat with a short period.
    const pick = <T>(values: readonly T[]) => values[(next() >>> 16) % values.length] as T
    const prices = [null, '0', '0.000001', '0.0000010', '0.00002', '0.0000015']
    const models = Array.from({ length: 200 }, (_, i) =>
      model(
        `${pick(['p', 'q', 'Q', 'r'])}/m-${(next() >>> 16) % 1000}-${i}`,
        pick(prices),
        pick([null, 8192, 4096, 128_000]),
        {
          name: pick(['Alpha', 'alpha', 'Beta', 'Gamma', `Model ${i}`]),
          maxCompletionTokens: pick([null, 1024, 4096]),
          prices: {
            prompt: pick(prices),
            completion: pick(prices),
            cacheRead: pick(prices),
            cacheWrite5m: pick(prices),
            cacheWrite1h: pick(prices),
          },
          perSecond: pick([null, '0.05', '0.050', '0.1']),
          roles: pick([['chat'], ['video'], ['image']]),
          moderated: pick([true, false]),
          expirationDate: pick([null, '2027-01-31', '2026-12-01']),
        },
      ),
    )
    const cellOf = (m: CatalogModel, column: (typeof sortColumns)[number]) => {
      if (column === 'perSecond') return m.perSecond === null ? null : parseAmount(m.perSecond)
      if (column in m.prices) {
        const price = m.prices[column as keyof CatalogModel['prices']]
        return price === null || billedPerSecond(m) ? null : parseAmount(price)
      }
      return m[
        column as
          | 'id'
          | 'provider'
          | 'name'
          | 'contextLength'
          | 'maxCompletionTokens'
          | 'moderated'
          | 'expirationDate'
      ]
    }
    const compare = (x: unknown, y: unknown) =>
      typeof x === 'bigint' && typeof y === 'bigint'
        ? compareAmounts(x, y)
        : typeof x === 'number' && typeof y === 'number'
          ? x - y
          : textOrder.compare(String(x), String(y))
    for (const column of sortColumns)
      for (const descending of [false, true]) {
        const direct = [...models].sort((a, b) => {
          const x = cellOf(a, column)
          const y = cellOf(b, column)
          if ((x === null) !== (y === null)) return x === null ? 1 : -1
          const order = x === null || y === null ? 0 : compare(x, y) * (descending ? -1 : 1)
          return order || textOrder.compare(a.id, b.id)
        })
        expect(
          sortModels(models, column, descending).map((m) => m.id),
          `${column} ${descending}`,
        ).toEqual(direct.map((m) => m.id))
      }
  })
})
