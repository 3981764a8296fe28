import { describe, expect, it } from 'vitest'
import { parseAmount } from './money.ts'
import { meanRowCost, resumeCapProblem } from './spend-cap.ts'

describe('resuming a batch stopped at its cap', () => {
  const batch = { spent: '0.009', pricedRows: 3, rowsLeft: 17 }

  it('runs when the cap leaves room for the next row at the mean cost of the priced ones', () => {
    expect(meanRowCost(parseAmount('0.009'), 3)).toBe(parseAmount('0.003') + 1n)
    expect(resumeCapProblem(batch, '0.0121')).toBeNull()
    expect(resumeCapProblem(batch, '')).toBeNull()
    expect(resumeCapProblem(batch, null)).toBeNull()
  })

  it('says why the same cap would run nothing, and what would', () => {
    expect(resumeCapProblem(batch, '0.01')).toBe(
      'This batch has spent $0.009 and its next row is estimated at $0.003001, so a cap of $0.01 stops it before any of the 17 rows left. Raise the cap to more than $0.02, or leave it empty for none.',
    )
  })

  it('before any row is priced, asks only for more than was spent', () => {
    expect(resumeCapProblem({ spent: '0', pricedRows: 0, rowsLeft: 1 }, '0')).toContain(
      'any of the 1 row left',
    )
    expect(resumeCapProblem({ spent: '0', pricedRows: 0, rowsLeft: 1 }, '0.5')).toBeNull()
    expect(resumeCapProblem(batch, 'two dollars')).toBe(
      'Write the cap in USD, like 2.50, or leave it empty for none.',
    )
  })
})
