// The scores against independent computations of scikit-learn's definitions on 1,000 labeled rows (pairwise
// counts, brute force, plain loops: other ways than the module's), against the examples of scikit-learn's own
// documentation, and Wilson's interval against its published values.
import { describe, expect, it } from 'vitest'
import {
  type ChoiceRow,
  choiceScores,
  logLoss,
  predicateScores,
  rocAuc,
  scoreScores,
  weightedAuc,
} from './evaluation.ts'
import { bootstrap, weightedMean, wilson } from './intervals.ts'
import { byProbability, type PredicateRow, plainThreshold } from './thresholds.ts'

/** A seeded stream of numbers in [0, 1) (an LCG: not the module's generator). */
function stream(seed: number) {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}

const random = stream(42)
/** 1,000 predicate rows: a model right more often than not, with ties among probabilities (two decimals). */
const predicates: PredicateRow[] = Array.from({ length: 1000 }, () => {
  const expected = random() < 0.4
  const lean = expected ? 0.25 : -0.25
  const probability = Math.round(Math.min(1, Math.max(0, 0.5 + lean + (random() - 0.5) * 0.9)) * 100) / 100
  return { probability, expected }
})
const options = ['ship', 'hold', 'return']
const choices: ChoiceRow[] = Array.from({ length: 1000 }, () => {
  const expected = options[Math.floor(random() * 3)] as string
  const weights = options.map((option) => random() + (option === expected ? 0.8 : 0))
  const sum = weights.reduce((a, b) => a + b, 0)
  return {
    expected,
    probabilities: Object.fromEntries(options.map((o, at) => [o, (weights[at] ?? 0) / sum])),
  }
})

const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-9)

describe('predicate scores', () => {
  const scores = predicateScores(predicates, { resamples: 200 })

  it('accuracy, precision and recall at 0.5 are the plain counts', () => {
    let tp = 0
    let fp = 0
    let fn = 0
    let right = 0
    for (const { probability, expected } of predicates) {
      const yes = probability >= 0.5
      if (yes === expected) right++
      if (yes && expected) tp++
      if (yes && !expected) fp++
      if (!yes && expected) fn++
    }
    close(scores.accuracy.value, right / 1000)
    close(scores.precision.value, tp / (tp + fp))
    close(scores.recall.value, tp / (tp + fn))
  })

  it('ROC AUC is the share of (yes, no) pairs ranked right, a tie counting half', () => {
    const yes = predicates.filter((row) => row.expected)
    const no = predicates.filter((row) => !row.expected)
    let wins = 0
    for (const a of yes)
      for (const b of no)
        wins += a.probability > b.probability ? 1 : a.probability === b.probability ? 0.5 : 0
    close(scores.rocAuc?.value ?? Number.NaN, wins / (yes.length * no.length))
    expect(scores.rocAuc?.value).toBeGreaterThan(0.7)
    expect(scores.rocAuc?.low).toBeLessThan(scores.rocAuc?.value ?? 0)
    expect(scores.rocAuc?.high).toBeGreaterThan(scores.rocAuc?.value ?? 1)
  })

  it('the Brier score is the mean squared distance from the truth', () => {
    let sum = 0
    for (const { probability, expected } of predicates) sum += (probability - Number(expected)) ** 2
    close(scores.brier?.value ?? Number.NaN, sum / 1000)
  })

  it('expected calibration error of yes weighs each bin’s gap between the probability of yes and how often it was', () => {
    let ece = 0
    for (let bin = 0; bin < 10; bin++) {
      const inside = predicates.filter((row) => Math.min(9, Math.floor(row.probability * 10)) === bin)
      if (inside.length === 0) continue
      const given = inside.reduce((sum, row) => sum + row.probability, 0) / inside.length
      const yes = inside.filter((row) => row.expected).length / inside.length
      ece += (inside.length / 1000) * Math.abs(yes - given)
    }
    close(scores.calibrationError?.value ?? Number.NaN, ece)
    expect(scores.calibrationError?.low).toBeLessThanOrEqual(scores.calibrationError?.value ?? 0)
    expect(scores.calibrationError?.high).toBeGreaterThan(scores.calibrationError?.value ?? 1)
  })

  it('the best threshold is the one of greatest F1 among every probability given, the lowest of equals', () => {
    let best = { threshold: Number.NaN, f1: -1 }
    for (let cents = 0; cents <= 100; cents++) {
      const threshold = cents / 100
      if (!predicates.some((row) => row.probability === threshold)) continue
      const tp = predicates.filter((row) => row.probability >= threshold && row.expected).length
      const predicted = predicates.filter((row) => row.probability >= threshold).length
      const actual = predicates.filter((row) => row.expected).length
      const f1 = (2 * tp) / (predicted + actual)
      if (f1 > best.f1 + 1e-12) best = { threshold, f1 }
    }
    expect(scores.best.threshold).toBe(best.threshold)
    close(scores.best.f1, best.f1)
  })

  it('the best threshold also has a plain form: fewest places, yes to the same rows', () => {
    const { plain, threshold } = scores.best
    const yesAt = (t: number) => predicates.filter((row) => row.probability >= t).length
    expect(yesAt(plain)).toBe(yesAt(threshold))
    expect(plain).toBeLessThanOrEqual(threshold)
    expect(plainThreshold(0.4245414909732011, 0.4201)).toBe(0.424)
    expect(plainThreshold(0.7, 0.3)).toBe(0.7)
    expect(plainThreshold(0.29, 0.285)).toBe(0.29)
    expect(plainThreshold(0.63, 0.1)).toBe(0.6)
    expect(plainThreshold(0.3, 0.1 + 0.2 - 0.2)).toBe(0.3)
    expect(plainThreshold(1, 0.999)).toBe(1)
    expect(plainThreshold(0.2, Number.NEGATIVE_INFINITY)).toBe(0)
  })

  it('with costs, the best threshold is the cheapest, never saying yes among the choices', () => {
    const costly = predicateScores(predicates, { resamples: 10, costs: { falseYes: 1, falseNo: 5 } })
    const costAt = (t: number) =>
      predicates.reduce(
        (sum, row) =>
          sum +
          (row.probability >= t && !row.expected ? 1 : 0) +
          (row.probability < t && row.expected ? 5 : 0),
        0,
      )
    const cheapest = Math.min(
      ...[...predicates.map((row) => row.probability), Number.POSITIVE_INFINITY].map(costAt),
    )
    expect(costly.best.cost).toBe(cheapest)
    // A wrong no costing five times a wrong yes moves the threshold below F1's.
    expect(costly.best.threshold).toBeLessThan(scores.best.threshold)
  })

  it('the reliability bins hold every row, each bin its own rows’ mean', () => {
    expect(scores.reliability.reduce((sum, bin) => sum + bin.count, 0)).toBe(1000)
    const edges = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
    for (const [at, from] of edges.entries()) {
      const inside = predicates.filter(
        (row) =>
          row.probability >= from - 1e-12 &&
          (at === 9 ? row.probability <= 1 : row.probability < (edges[at + 1] ?? 1) - 1e-12),
      )
      const bin = scores.reliability[at]
      expect(bin?.count).toBe(inside.length)
      if (inside.length)
        close(bin?.observed ?? 0, inside.filter((row) => row.expected).length / inside.length)
    }
  })

  it('is the example of scikit-learn’s documentation: roc_auc_score 0.75, brier_score_loss 0.0375', () => {
    const rows = (labels: number[], probabilities: number[]) =>
      labels.map((label, at) => ({ expected: label === 1, probability: probabilities[at] ?? 0 }))
    close(rocAuc(rows([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])) ?? 0, 0.75)
    close(
      predicateScores(rows([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]), { resamples: 1 }).brier?.value ?? 0,
      0.0375,
    )
    expect(rocAuc(rows([1, 1], [0.2, 0.9]))).toBeNull()
  })
})

describe('choice scores', () => {
  const scores = choiceScores(choices, options, { resamples: 200 })

  it('the confusion matrix counts each row once, by expected and picked option', () => {
    const picked = (row: ChoiceRow) =>
      options.reduce((a, b) => ((row.probabilities[b] ?? 0) > (row.probabilities[a] ?? 0) ? b : a))
    for (const [e, expected] of options.entries())
      for (const [p, pick] of options.entries())
        expect(scores.confusion[e]?.[p]).toBe(
          choices.filter((row) => row.expected === expected && picked(row) === pick).length,
        )
    const right = choices.filter((row) => picked(row) === row.expected).length
    close(scores.accuracy.value, right / 1000)
    const ship = choices.filter((row) => picked(row) === 'ship')
    close(
      scores.perOption[0]?.precision.value ?? 0,
      ship.filter((row) => row.expected === 'ship').length / ship.length,
    )
  })

  it('log loss is the mean negative log of the expected option’s probability', () => {
    let sum = 0
    for (const row of choices) sum -= Math.log(row.probabilities[row.expected] ?? 0)
    close(scores.logLoss?.value ?? Number.NaN, sum / 1000)
  })

  it('expected calibration error weighs each bin’s gap by its rows', () => {
    const pairs = choices.map((row) => {
      const top = Math.max(...options.map((o) => row.probabilities[o] ?? 0))
      const pick = options.find((o) => row.probabilities[o] === top)
      return { top, right: pick === row.expected }
    })
    let ece = 0
    for (let bin = 0; bin < 10; bin++) {
      const inside = pairs.filter((pair) => Math.min(9, Math.floor(pair.top * 10)) === bin)
      if (inside.length === 0) continue
      const confidence = inside.reduce((s, p) => s + p.top, 0) / inside.length
      const accuracy = inside.filter((p) => p.right).length / inside.length
      ece += (inside.length / 1000) * Math.abs(accuracy - confidence)
    }
    close(scores.calibrationError?.value ?? Number.NaN, ece)
  })

  it('is the example of scikit-learn’s documentation: log_loss 0.21616…', () => {
    const rows = [
      { expected: 'spam', probabilities: { ham: 0.1, spam: 0.9 } },
      { expected: 'ham', probabilities: { ham: 0.9, spam: 0.1 } },
      { expected: 'ham', probabilities: { ham: 0.8, spam: 0.2 } },
      { expected: 'spam', probabilities: { ham: 0.35, spam: 0.65 } },
    ]
    expect(logLoss(rows, ['ham', 'spam'])).toBeCloseTo(0.21616, 5)
  })
})

describe('score scores', () => {
  it('mean absolute error in levels, exact and within one level', () => {
    const rows = Array.from({ length: 1000 }, () => ({
      expected: Math.floor(random() * 5),
      score: random() * 4,
    }))
    const scores = scoreScores(rows, { resamples: 50 })
    close(
      scores.meanAbsoluteError?.value ?? Number.NaN,
      rows.reduce((s, r) => s + Math.abs(r.score - r.expected), 0) / 1000,
    )
    close(scores.exact.value, rows.filter((r) => Math.round(r.score) === r.expected).length / 1000)
    close(
      scores.withinOne.value,
      rows.filter((r) => Math.abs(Math.round(r.score) - r.expected) <= 1).length / 1000,
    )
    // The plot's levels: each expected level's rows, their mean, and a middle 80% that holds about 80% of them.
    expect(scores.levels.top).toBe(Math.max(...rows.map((r) => Math.max(r.expected, Math.ceil(r.score)))))
    expect(scores.levels.byLevel.map((one) => one.level)).toEqual([0, 1, 2, 3, 4])
    for (const one of scores.levels.byLevel) {
      const given = rows.filter((r) => r.expected === one.level).map((r) => r.score)
      expect(one.count).toBe(given.length)
      close(one.mean, given.reduce((a, b) => a + b, 0) / given.length)
      const inside = given.filter((score) => score >= one.low && score <= one.high).length / given.length
      expect(inside).toBeGreaterThan(0.75)
      expect(inside).toBeLessThan(0.85)
    }
  })
})

describe('intervals', () => {
  it('Wilson’s interval is the published one', () => {
    // 0 of 10: [0, 0.2775]; 5 of 10: [0.2366, 0.7634].
    expect(wilson(0, 10).low).toBe(0)
    expect(wilson(0, 10).high).toBeCloseTo(0.2775, 4)
    expect(wilson(5, 10).low).toBeCloseTo(0.2366, 4)
    expect(wilson(5, 10).high).toBeCloseTo(0.7634, 4)
  })

  it('a bootstrap reads the same twice and narrows with more rows', () => {
    const yes: number[] = predicates.map((row) => (row.expected ? 1 : 0))
    const share = (rows: number) =>
      bootstrap(rows, (weights) => weightedMean(yes.slice(0, rows), weights), { resamples: 300 })
    expect(share(1000)).toEqual(share(1000))
    const [few, many] = [share(50), share(1000)]
    expect((many?.high ?? 0) - (many?.low ?? 0)).toBeLessThan((few?.high ?? 0) - (few?.low ?? 0))
    // The 95% interval of a share of 1,000 rows is about ±3 points, as Wilson's is.
    const wilsonOf = wilson(
      yes.reduce((sum, one) => sum + one, 0),
      1000,
    )
    expect(Math.abs((many?.low ?? 0) - wilsonOf.low)).toBeLessThan(0.01)
    expect(Math.abs((many?.high ?? 0) - wilsonOf.high)).toBeLessThan(0.01)
  })

  it('a resample counted by weights is the figure of the rows it drew', () => {
    const order = byProbability(predicates)
    const weights = predicates.map((_, at) => (at % 3 === 0 ? 2 : at % 3 === 1 ? 0 : 1))
    const drawn = predicates.flatMap((row, at) => Array.from({ length: weights[at] ?? 0 }, () => row))
    close(weightedAuc(predicates, order)(weights) ?? Number.NaN, rocAuc(drawn) ?? Number.NaN)
  })

  it('gives the figures without intervals when asked for no resamples', () => {
    const quick = predicateScores(predicates, { resamples: 0 })
    expect(quick.rocAuc?.value).toBeCloseTo(
      predicateScores(predicates, { resamples: 1 }).rocAuc?.value ?? 0,
      12,
    )
    expect(quick.rocAuc?.low).toBeNaN()
  })
})
