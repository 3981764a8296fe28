import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { BatchItem } from '#shared/ipc/routes/batches'
import {
  filterRows,
  type ResultRow,
  resultRows,
  type SortColumn,
  sortedOrders,
  sortRows,
} from './batch-view-model.ts'

const statuses = ['done', 'failed', 'pending'] as const

const question = {
  instructions: '',
  instructionsAsJson: false,
  criteriaTrue: '',
  criteriaFalse: '',
  levels: [],
}
const questionnaire: Questionnaire = {
  id: 'triage',
  name: 'Triage',
  questions: [
    { ...question, id: 'urgent', kind: 'predicate', name: 'urgent', choices: [] },
    { ...question, id: 'team', kind: 'choice', name: 'team', choices: [] },
  ],
}

/** Rows in input order: a status, a cost or none, and per question a probability, a pick, or no answer. */
const specsOf = fc.array(
  fc.record({
    status: fc.constantFrom(...statuses),
    cost: fc.option(fc.constantFrom('0.0001', '0.0002', '0.00015', '0.001'), { nil: null }),
    probability: fc.option(fc.constantFrom(0.1, 0.5, 0.9, 0.25), { nil: null }),
    pick: fc.option(fc.constantFrom('billing', 'Shipping', 'account', 'shipping'), { nil: null }),
  }),
  { maxLength: 120 },
)
const rowsOf = specsOf.map((specs) =>
  resultRows(
    questionnaire,
    specs.map(
      (spec, index) =>
        ({
          index,
          input: `ticket ${index}`,
          status: spec.status,
          cost: spec.cost,
          response: {
            model: 'sysone/judge-1',
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
            answers: [
              spec.probability === null
                ? undefined
                : { type: 'predicate', name: 'urgent', probability: spec.probability },
              spec.pick === null
                ? undefined
                : {
                    type: 'choice',
                    name: 'team',
                    choice: spec.pick,
                    confidence: 0.7,
                    probabilities: [{ value: spec.pick, probability: 0.7 }],
                  },
            ],
          },
        }) as unknown as BatchItem,
    ),
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
          : row.keyAt(column)
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
        const byAnswer = { status: '', question: 1, answer: 'shipping' }
        expect(filterRows(ordered(0, true), byAnswer)).toEqual(sortRows(filterRows(rows, byAnswer), 0, true))
      }),
    )
  })
})

describe('a result row', () => {
  it('reads each question of its answer alike in its cells, its filter value and its sort key', () => {
    fc.assert(
      fc.property(rowsOf, (rows) => {
        for (const row of rows) {
          const before = [0, 1].map((index) => row.valueAt(index))
          expect(row.cells.map((cell) => cell.value)).toEqual(before)
          expect([0, 1].map((index) => row.valueAt(index))).toEqual(before)
          expect(row.valueAt(0)).toBe(
            row.keyAt(0) === null ? '' : (row.keyAt(0) as number) >= 0.5 ? 'yes' : 'no',
          )
          expect(row.valueAt(1)).toBe(row.keyAt(1) ?? '')
          expect(row.cells[0]?.number).toBe(
            row.keyAt(0) === null ? '' : `${Math.round(Number(row.keyAt(0)) * 100)}%`,
          )
        }
      }),
    )
  })
})
