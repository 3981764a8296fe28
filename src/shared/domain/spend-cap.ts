// A batch's spend cap: how the next row's cost is estimated once rows are priced, and why a resume under a cap
// would run nothing — one rule for the runner, the resume form and main.
import { type Amount, compareAmounts, formatAmount, parseAmount } from './money.ts'

/** Once rows are priced, the next is estimated at their mean, one unit over so rounding never crosses a cap. */
export const meanRowCost = (spent: Amount, pricedRows: number): Amount => spent / BigInt(pricedRows) + 1n

/** Rounded up to a cent, or to a millionth of a dollar for amounts under a cent. */
function roundedUp(amount: Amount): string {
  const step = parseAmount(compareAmounts(amount, parseAmount('0.01')) >= 0 ? '0.01' : '0.000001')
  return formatAmount(((amount + step - 1n) / step) * step)
}

/** Why a cap as typed is not one (USD, like 2.50; empty for none), or null. */
export function capFormatProblem(cap: string | null): string | null {
  const typed = cap?.trim() ?? ''
  return typed === '' || /^\d+(\.\d+)?$/.test(typed)
    ? null
    : 'Write the cap in USD, like 2.50, or leave it empty for none.'
}

/**
 * Why resuming a capped batch under `cap` (USD as typed; empty for none) would run nothing, or null when the next
 * row fits. Before any row is priced only the amount already spent is known.
 */
export function resumeCapProblem(
  batch: { spent: string; pricedRows: number; rowsLeft: number },
  cap: string | null,
): string | null {
  const typed = cap?.trim() ?? ''
  if (typed === '') return null
  const format = capFormatProblem(typed)
  if (format) return format
  const spent = parseAmount(batch.spent)
  const next = batch.pricedRows > 0 ? meanRowCost(spent, batch.pricedRows) : 0n
  const needed = spent + next
  if (
    compareAmounts(needed, parseAmount(typed)) <= 0 &&
    (next > 0n || compareAmounts(spent, parseAmount(typed)) < 0)
  )
    return null
  const left = `${batch.rowsLeft.toLocaleString('en')} row${batch.rowsLeft === 1 ? '' : 's'} left`
  return `This batch has spent $${formatAmount(spent)}${next > 0n ? ` and its next row is estimated at $${roundedUp(next)}` : ''}, so a cap of $${typed} stops it before any of the ${left}. Raise the cap to more than $${roundedUp(needed)}, or leave it empty for none.`
}
