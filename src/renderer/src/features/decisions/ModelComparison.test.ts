// A kappa is said in Landis and Koch's words beside its number.
import { describe, expect, it } from 'vitest'
import { kappaWords } from './ModelComparison.tsx'

describe('a kappa in words', () => {
  it('names the band it falls in, each band up to and with its upper end', () => {
    expect(
      [-0.1, 0, 0.2, 0.21, 0.4, 0.407, 0.6, 0.61, 0.8, 0.81, 1].map((kappa) => [kappa, kappaWords(kappa)]),
    ).toEqual([
      [-0.1, 'less than chance'],
      [0, 'slight'],
      [0.2, 'slight'],
      [0.21, 'fair'],
      [0.4, 'fair'],
      [0.407, 'moderate'],
      [0.6, 'moderate'],
      [0.61, 'substantial'],
      [0.8, 'substantial'],
      [0.81, 'almost perfect'],
      [1, 'almost perfect'],
    ])
  })
})
