// What the batch screen shows, computed from a batch's rows: one cell per question, sorting and filtering by
// answer, progress and time left.

import { answerNumber, answerParts, shownAnswer, sortKeyAt } from '#shared/domain/answers'
import { inputPreview } from '#shared/domain/batch-inputs'
import type { Questionnaire } from '#shared/domain/questionnaire'
import { sortedByDistinctKeys, textOrder } from '#shared/domain/sorting'
import type { BatchItem } from '#shared/ipc/routes/batches'

/**
 * A batch's row as the table shows it. What a row shows is worked out when first read: a table of 10,000 rows
 * draws a few dozen, and a sort or a filter reads one question of each.
 */
export class ResultRow {
  readonly item: BatchItem
  readonly #questionnaire: Questionnaire
  #input: string | undefined
  #cells: { value: string; number: string }[] | undefined

  constructor(item: BatchItem, questionnaire: Questionnaire) {
    this.item = item
    this.#questionnaire = questionnaire
  }

  get input(): string {
    this.#input ??= inputPreview(this.item.input)
    return this.#input
  }

  /** Per question: the answer a person reads and its number (probability or score), apart. */
  get cells(): readonly { value: string; number: string }[] {
    this.#cells ??= this.#questionnaire.questions.map((_, index) => {
      const answer = this.#answer(index)
      if (!answer) return { value: '', number: '' }
      const parts = answerParts(answer)
      return { value: parts.value, number: answerNumber(answer, parts) }
    })
    return this.#cells
  }

  /** What question `index`'s answer reads as (yes or no, the pick, the nearest level); '' with none. */
  valueAt(index: number): string {
    if (this.#cells) return this.#cells[index]?.value ?? ''
    const answer = this.#answer(index)
    return answer ? answerParts(answer).value : ''
  }

  /** What question `index`'s column sorts by (the probability of yes, the pick, the score); null with none. */
  keyAt(index: number): string | number | null {
    const { response } = this.item
    return response ? sortKeyAt(this.#questionnaire, response, index) : null
  }

  #answer(index: number) {
    const { response } = this.item
    return response && index < this.#questionnaire.questions.length
      ? shownAnswer(this.#questionnaire, response, index)
      : undefined
  }
}

export function resultRows(questionnaire: Questionnaire, items: readonly BatchItem[]): ResultRow[] {
  return items.map((item) => new ResultRow(item, questionnaire))
}

/** `row` (input order), `status`, `cost`, or a question's index. */
export type SortColumn = 'row' | 'status' | 'cost' | number

/**
 * `rows` (in input order, as `resultRows` gives them) ordered by `column`. Rows with equal values stay in input
 * order in both directions, and rows with no value there (no answer, no cost) come last in both. The column's
 * distinct values are sorted once and the rows placed by a counting sort over them.
 */
export function sortRows(rows: readonly ResultRow[], column: SortColumn, descending: boolean): ResultRow[] {
  if (column === 'row') return descending ? rows.toReversed() : rows.slice()
  const keyOf = (row: ResultRow): string | number | null => {
    if (column === 'status') return row.item.status
    if (column === 'cost') return row.item.cost === null ? null : Number(row.item.cost)
    return row.keyAt(column)
  }
  return sortedByDistinctKeys(rows, keyOf, compareKeys, descending)
}

/**
 * Every column's order of `rows`, either way, each worked out once when first asked for: a sort then only
 * filters an order already at hand (`filterRows` keeps the order it is given).
 */
export function sortedOrders(
  rows: readonly ResultRow[],
): (column: SortColumn, descending: boolean) => readonly ResultRow[] {
  const orders = new Map<string, readonly ResultRow[]>()
  return (column, descending) => {
    const key = `${column} ${descending}`
    let order = orders.get(key)
    if (!order) {
      order = sortRows(rows, column, descending)
      orders.set(key, order)
    }
    return order
  }
}

/** Numbers by value before text, text in reading order. */
function compareKeys(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'number') return -1
  if (typeof b === 'number') return 1
  return textOrder.compare(a, b)
}

export function filterRows(
  rows: readonly ResultRow[],
  filter: { status: string; question: number; answer: string },
): ResultRow[] {
  return rows.filter(
    (row) =>
      (filter.status === '' || row.item.status === filter.status) &&
      (filter.answer === '' || row.valueAt(filter.question) === filter.answer),
  )
}

/** Seconds left, from the pace of the last rows to finish; null until there is a pace. */
export function secondsLeft(items: readonly BatchItem[], pending: number): number | null {
  const times = items
    .map((item) => item.finishedAt)
    .filter((at): at is number => at !== null)
    .sort((a, b) => a - b)
    .slice(-50)
  const first = times[0]
  const last = times.at(-1)
  if (pending === 0 || first === undefined || last === undefined || times.length < 3 || last === first)
    return null
  return Math.ceil(((last - first) / (times.length - 1) / 1000) * pending)
}
