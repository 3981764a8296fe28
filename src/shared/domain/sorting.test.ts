import { describe, expect, it } from 'vitest'
import { sortedByDistinctKeys } from './sorting.ts'

describe('sortedByDistinctKeys', () => {
  it('orders like a stable comparison sort either way, with keys the comparator finds equal kept together and missing keys last', () => {
    let seed = 11
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed
    }
    // Letters compared without case: 'a' and 'A' are distinct keys that sort as one.
    const byLetter = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())
    for (let round = 0; round < 60; round++) {
      const items = Array.from({ length: next() % 150 }, (_, position) => ({
        key: (next() >>> 16) % 7 === 0 ? null : 'aAbBcd'.charAt((next() >>> 16) % 6),
        position,
      }))
      for (const descending of [false, true]) {
        const present = items.filter((item) => item.key !== null)
        const direct = [
          ...present.sort(
            (x, y) =>
              (descending ? byLetter(y.key ?? '', x.key ?? '') : byLetter(x.key ?? '', y.key ?? '')) ||
              x.position - y.position,
          ),
          ...items.filter((item) => item.key === null),
        ]
        expect(sortedByDistinctKeys(items, (item) => item.key, byLetter, descending)).toEqual(direct)
      }
    }
  })
})
