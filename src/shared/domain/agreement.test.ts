// Agreement between models, against the worked examples of the two kappas' usual references.
import { describe, expect, it } from 'vitest'
import { cohensKappa, disagreements, fleissKappa } from './agreement.ts'

describe('agreement', () => {
  it('Cohen’s kappa: 50 items, 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no is 0.4', () => {
    const first = [
      ...Array(20).fill('yes'),
      ...Array(5).fill('yes'),
      ...Array(10).fill('no'),
      ...Array(15).fill('no'),
    ]
    const second = [
      ...Array(20).fill('yes'),
      ...Array(5).fill('no'),
      ...Array(10).fill('yes'),
      ...Array(15).fill('no'),
    ]
    expect(cohensKappa(first, second)).toBeCloseTo(0.4, 12)
    expect(cohensKappa(first, first)).toBe(1)
  })

  it('Fleiss’ kappa: the 10 subjects × 14 raters × 5 categories example is 0.210', () => {
    // Each subject's count of raters per category.
    const table = [
      [0, 0, 0, 0, 14],
      [0, 2, 6, 4, 2],
      [0, 0, 3, 5, 6],
      [0, 3, 9, 2, 0],
      [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0],
      [3, 2, 6, 3, 0],
      [2, 5, 3, 2, 2],
      [6, 5, 2, 1, 0],
      [0, 2, 2, 3, 7],
    ]
    // As 14 raters' answers: rater r of subject s gives the category its place in the subject's counts falls in.
    const raters = Array.from({ length: 14 }, (_, rater) =>
      table.map((counts) => {
        let seen = 0
        for (const [category, count] of counts.entries()) {
          seen += count
          if (rater < seen) return `c${category + 1}`
        }
        return null
      }),
    )
    expect(fleissKappa(raters)).toBeCloseTo(0.21, 3)
  })

  it('names the rows the models answered differently, leaving out those one did not answer', () => {
    expect(
      disagreements([
        ['a', 'b', null, 'c'],
        ['a', 'c', 'x', 'c'],
        ['a', 'b', 'y', 'd'],
      ]),
    ).toEqual([1, 3])
  })
})
