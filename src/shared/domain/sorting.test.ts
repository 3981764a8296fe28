import { describe, expect, it } from 'vitest'
import { pausesOf } from './paused-work-fixture.ts'
import {
  sortedByDistinctKeys,
  sortedByKey,
  sortingByDistinctKeys,
  sortingByKey,
  textOrder,
} from './sorting.ts'

describe('sortedByKey', () => {
  it('reads each key once, orders by it, and keeps equal keys in their order unless told how to break ties', () => {
    const items = ['pear 2', 'apple 1', 'fig 2', 'kiwi 1', 'date 3', 'lime 2']
    let reads = 0
    const byNumber = (text: string) => {
      reads++
      return Number(text.split(' ')[1])
    }
    expect(sortedByKey(items, byNumber, (a, b) => a - b)).toEqual([
      'apple 1',
      'kiwi 1',
      'pear 2',
      'fig 2',
      'lime 2',
      'date 3',
    ])
    expect(reads).toBe(items.length)
    expect(
      sortedByKey(
        items,
        byNumber,
        (a, b) => a - b,
        (a, b) => textOrder.compare(a, b),
      ),
    ).toEqual(['apple 1', 'kiwi 1', 'fig 2', 'lime 2', 'pear 2', 'date 3'])
  })

  it('gives the same order as a sort comparing the items directly, on any list', () => {
    let seed = 7
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed
    }
    for (let round = 0; round < 50; round++) {
      const items = Array.from({ length: next() % 200 }, () => ({
        key: next() % 20,
        name: `n${next() % 1000}`,
      }))
      const direct = [...items].sort((a, b) => a.key - b.key || textOrder.compare(a.name, b.name))
      expect(
        sortedByKey(
          items,
          (item) => item.key,
          (a, b) => a - b,
          (a, b) => textOrder.compare(a.name, b.name),
        ),
      ).toEqual(direct)
    }
  })
})

describe('sorting a long list a slice at a time', () => {
  it('gives what a stable comparison sort gives, pausing every few thousand items', () => {
    let seed = 5
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed
    }
    // Lengths around the runs it sorts and merges: one run, one and a bit, several, an odd number.
    for (const length of [0, 1, 1999, 2000, 2001, 4500, 9001, 16_000]) {
      const items = Array.from({ length }, () => ({ key: next() % 97, name: `n${next() % 5000}` }))
      const byKey = (a: number, b: number) => a - b
      const direct = [...items].sort((a, b) => a.key - b.key)
      const sorted = pausesOf(sortingByKey(items, (item) => item.key, byKey))
      expect(sorted.value).toEqual(direct)
      expect(sorted.pauses).toBeGreaterThanOrEqual(Math.floor(length / 2000))
      const tie = (a: { name: string }, b: { name: string }) => textOrder.compare(a.name, b.name)
      expect(pausesOf(sortingByKey(items, (item) => item.key, byKey, tie)).value).toEqual(
        [...items].sort((a, b) => a.key - b.key || tie(a, b)),
      )
      const distinct = pausesOf(sortingByDistinctKeys(items, (item) => item.key % 7 || null, byKey, true))
      expect(distinct.value).toEqual(sortedByDistinctKeys(items, (item) => item.key % 7 || null, byKey, true))
      expect(distinct.pauses).toBeGreaterThanOrEqual(Math.floor(length / 2000))
    }
  })
})

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
