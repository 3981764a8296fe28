// The choice a comparison of models leaves, in words: the cheapest on the frontier, and whether a dearer one's
// accuracy is measurably better (above the cheapest's interval, as a baseline's changes read it) or only within
// the noise.
import { describe, expect, it } from 'vitest'
import { choiceWords, type SideBySide } from './side-by-side.ts'

const model = (
  name: string,
  accuracy: number | null,
  interval: [number, number] | null,
  costPer1000: number,
  frontier: boolean,
): SideBySide['models'][number] => ({
  model: name,
  accuracy,
  interval: interval ? { low: interval[0], high: interval[1] } : null,
  labeled: 60,
  best: null,
  costPer1000,
  frontier,
})

const question = (models: SideBySide['models'], threshold: number | null = null): SideBySide => ({
  question: 'urgent',
  threshold,
  models,
  agreement: { kind: 'cohen', kappa: 0.5, differ: 3, lines: [2, 3, 4] },
})

describe('the choice a comparison leaves', () => {
  it('names the cheapest model on the frontier, and a dearer one within its interval as no better', () => {
    const words = choiceWords(
      question([
        model('aurora/decide', 0.533, [0.409, 0.654], 0.0627, true),
        model('sysone/judge-1', 0.517, [0.393, 0.638], 0.0125, true),
        model('sysone/judge-0', 0.45, [0.33, 0.58], 0.02, false),
      ]),
    )
    expect(words).toBe(
      'Cheapest on the frontier: sysone/judge-1, 51.7% right for $0.0125 per 1,000 rows. aurora/decide is 1.6 points more accurate for $0.0627 per 1,000 rows (5.0×), within its interval: not measurably better.',
    )
  })

  it('says a dearer model is more accurate when its accuracy is above the cheapest’s interval', () => {
    const words = choiceWords(
      question([model('cheap', 0.6, [0.55, 0.65], 0.01, true), model('dear', 0.9, [0.86, 0.93], 0.04, true)]),
    )
    expect(words).toContain('dear is 30.0 points more accurate for $0.0400 per 1,000 rows (4.0×).')
    expect(words).not.toContain('not measurably')
    // Above the cheapest's interval though the two intervals overlap: better, as the baseline says it.
    const above = choiceWords(
      question([
        model('cheap', 0.608, [0.519, 0.691], 0.01, true),
        model('dear', 0.7, [0.61, 0.77], 0.04, true),
      ]),
    )
    expect(above).toContain('dear is 9.2 points more accurate for $0.0400 per 1,000 rows (4.0×).')
  })

  it('starts a yes or no’s words with the threshold its accuracies are read at', () => {
    const words = choiceWords(
      question(
        [model('cheap', 0.6, [0.55, 0.65], 0.01, true), model('dear', 0.9, [0.86, 0.93], 0.04, true)],
        0.425,
      ),
    )
    expect(words).toMatch(/^Read yes from 0\.425\. Cheapest on the frontier: cheap, 60\.0% right/)
  })

  it('says a run as good for as much is the same choice', () => {
    const words = choiceWords(
      question([
        model('judge (this run)', 0.933, [0.84, 0.97], 0.0376, true),
        model('judge · 1:26 AM', 0.933, [0.84, 0.97], 0.0376, true),
      ]),
    )
    expect(words).toBe(
      'Cheapest on the frontier: judge (this run), 93.3% right for $0.0376 per 1,000 rows. judge · 1:26 AM does the same for the same cost.',
    )
  })

  it('says nothing where no model could be scored', () => {
    expect(choiceWords(question([model('a', null, null, 0.01, false)]))).toBeNull()
  })
})
