// What comes back to the page of a question's labeled rows: the count of right ones, the ten least sure, and each
// confusion cell's count with its least sure rows, at most a hundred, so a cell of thousands never crosses whole.
import { describe, expect, it } from 'vitest'
import type { LabeledRow } from '#shared/domain/evaluation-set'
import { cellKey, cellRowsShown, shownRows } from './batch-scoring.ts'

const row = (index: number, expected: string, answer: string, probability: number): LabeledRow => ({
  index,
  line: index + 2,
  expected,
  answer,
  probability,
  right: expected === answer,
})

describe('the rows shown of a question', () => {
  it('counts each cell whole and keeps its least sure rows, the least sure first', () => {
    const rows = [
      ...Array.from({ length: 250 }, (_, at) => row(at, 'billing', 'billing', 0.5 + (at % 50) / 100)),
      ...Array.from({ length: 30 }, (_, at) => row(250 + at, 'shipping', 'billing', 0.4 + at / 100)),
    ]
    const shown = shownRows(rows)
    expect(shown.right).toBe(250)
    const hit = shown.cells[cellKey('billing', 'billing')]
    expect(hit?.count).toBe(250)
    expect(hit?.rows).toHaveLength(cellRowsShown)
    expect(
      hit?.rows.every((one, at, all) => at === 0 || (all[at - 1]?.probability ?? 0) <= one.probability),
    ).toBe(true)
    expect(shown.cells[cellKey('shipping', 'billing')]?.rows).toHaveLength(30)
    expect(shown.leastSure.map((one) => one.index)).toEqual([
      250, 251, 252, 253, 254, 255, 256, 257, 258, 259,
    ])
  })
})
