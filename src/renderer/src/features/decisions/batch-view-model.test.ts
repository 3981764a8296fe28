import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BatchItem } from '#shared/ipc/routes/batches'
import { filterRows, type ResultRow, type SortColumn, sortedOrders, sortRows } from './batch-view-model.ts'

const statuses = ['done', 'failed', 'pending'] as const

/** Rows in input order: a status, a cost or none, and per question a probability, a pick, or no answer. */
const rowsOf = fc
  .array(
    fc.record({
      status: fc.constantFrom(...statuses),
      cost: fc.option(fc.constantFrom('0.0001', '0.0002', '0.00015', '0.001'), { nil: null }),
      probability: fc.option(fc.constantFrom(0.1, 0.5, 0.9, 0.25), { nil: null }),
      pick: fc.option(fc.constantFrom('billing', 'Shipping', 'account', 'shipping'), { nil: null }),
    }),
    { maxLength: 120 },
  )
  .map((specs) =>
    specs.map(
      (spec, index): ResultRow => ({
        item: { index, status: spec.status, cost: spec.cost } as BatchItem,
        input: `ticket ${index}`,
        cells: [],
        keys: [spec.probability ?? '', spec.pick ?? ''],
      }),
    ),
  )

/** What a person expects of a column: its values in order, equal values in input order, blanks last. */
function expected(rows: readonly ResultRow[], column: SortColumn, descending: boolean): number[] {
  const cellValue = (row: ResultRow): string | number | null =>
    column === 'row'
      ? row.item.index
      : column === 'status'
        ? row.item.status
        : column === 'cost'
          ? row.item.cost === null
            ? null
            : Number(row.item.cost)
          : row.keys[column] === ''
            ? null
            : (row.keys[column] ?? null)
  const compare = (a: string | number, b: string | number) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'en')
  const present = rows.filter((row) => cellValue(row) !== null)
  present.sort((x, y) => {
    const order = compare(cellValue(x) as string | number, cellValue(y) as string | number)
    return (descending ? -order : order) || (column === 'row' ? 0 : x.item.index - y.item.index)
  })
  return [...present, ...rows.filter((row) => cellValue(row) === null)].map((row) => row.item.index)
}

describe('sortRows', () => {
  it('orders each column either way, equal values in input order and rows without a value last', () => {
    fc.assert(
      fc.property(
        rowsOf,
        fc.constantFrom<SortColumn>('row', 'status', 'cost', 0, 1),
        fc.boolean(),
        (rows, column, descending) => {
          expect(sortRows(rows, column, descending).map((row) => row.item.index)).toEqual(
            expected(rows, column, descending),
          )
        },
      ),
      { numRuns: 400 },
    )
  })

  it('leaves the rows it is given as they were', () => {
    const rows = fc.sample(rowsOf, { numRuns: 1, seed: 7 })[0] ?? []
    const before = rows.map((row) => row.item.index)
    sortRows(rows, 'row', true)
    sortRows(rows, 0, false)
    expect(rows.map((row) => row.item.index)).toEqual(before)
  })

  it('keeps each order it works out, and a filtered order is the filtered rows sorted', () => {
    fc.assert(
      fc.property(rowsOf, fc.constantFrom(...statuses), (rows, status) => {
        const ordered = sortedOrders(rows)
        const byCost = ordered('cost', true)
        expect(ordered('cost', true)).toBe(byCost)
        expect(byCost).toEqual(sortRows(rows, 'cost', true))
        const filter = { status, question: 0, answer: '' }
        expect(filterRows(ordered(1, false), filter)).toEqual(sortRows(filterRows(rows, filter), 1, false))
      }),
    )
  })
})
