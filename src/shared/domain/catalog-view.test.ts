import { describe, expect, it } from 'vitest'
import { ModelFilterRecord } from '../ipc/routes/catalog.ts'
import {
  emptyFilter,
  filterFromParams,
  filterToParams,
  filterValueLimit,
  perMillion,
  workloadCost,
} from './catalog-view.ts'

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

describe('the view in the address', () => {
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
