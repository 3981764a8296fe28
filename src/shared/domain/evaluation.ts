// How good a questionnaire's answers are against expected answers, computed from the stored answers alone (no
// second call). The definitions are scikit-learn's, stated where they leave a choice: a predicate says yes at a
// probability of 0.5 or more; precision and recall of no rows (nothing predicted or expected yes) are not a number
// as figures, and 0 within F1 (its `zero_division=0`); ROC AUC counts a tie between a yes and a no as half; log loss renormalizes each answer's
// probabilities and clips them to [1e-15, 1 − 1e-15]; reliability and expected calibration error use ten bins of
// equal width, a probability of 1 in the last. Proportions carry a Wilson interval, the other figures a bootstrap
// percentile interval over rows, seeded so a report reads the same twice (intervals.ts).
import {
  type BootstrapOptions,
  bootstrap,
  bootstrapAll,
  type Estimate,
  type Weights,
  weightedMean,
  wilson,
} from './intervals.ts'
import { atThreshold, bestThreshold, byProbability, type PredicateRow } from './thresholds.ts'

export interface ChoiceRow {
  /** The answer's probability of each option. */
  probabilities: Record<string, number>
  expected: string
}

export interface ScoreRow {
  /** The probability-weighted level, from 0. */
  score: number
  /** The expected level's index. */
  expected: number
}

export interface ReliabilityBin {
  /** The bin's lower edge (0, 0.1, …, 0.9). */
  from: number
  count: number
  /** The mean probability given, and how often the answer was right (a predicate: yes) in the bin. */
  predicted: number
  observed: number
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

/** The area under the ROC curve: how often a yes is given a higher probability than a no (a tie counts half). */
export function rocAuc(rows: readonly PredicateRow[]): number | null {
  return weightedAuc(rows, byProbability(rows))(new Uint8Array(rows.length).fill(1))
}

/**
 * AUC with each row counted as often as its weight (Mann–Whitney), for rows given once and weighed many times (a
 * bootstrap): going up the probabilities a group of equal ones at a time, each yes scores the noes below it and
 * half the noes beside it. The order and the groups are worked out once, into typed arrays.
 */
export function weightedAuc(
  rows: readonly PredicateRow[],
  order: Uint32Array,
): (weights: Weights) => number | null {
  const row = order
  const yes = new Uint8Array(order.length)
  for (let at = 0; at < order.length; at++) yes[at] = rows[order[at] as number]?.expected ? 1 : 0
  const ends: number[] = []
  for (let at = 1; at <= order.length; at++)
    if (at === order.length || rows[order[at] ?? 0]?.probability !== rows[order[at - 1] ?? 0]?.probability)
      ends.push(at)
  return (weights) => {
    let below = 0
    let wins = 0
    let yesTotal = 0
    let start = 0
    for (const end of ends) {
      let yesHere = 0
      let noHere = 0
      for (let at = start; at < end; at++) {
        const weight = weights[row[at] ?? 0] ?? 0
        if (yes[at]) yesHere += weight
        else noHere += weight
      }
      wins += yesHere * (below + noHere / 2)
      below += noHere
      yesTotal += yesHere
      start = end
    }
    return yesTotal === 0 || below === 0 ? null : wins / (yesTotal * below)
  }
}

export const brier = (rows: readonly PredicateRow[]) =>
  mean(rows.map((row) => (row.probability - (row.expected ? 1 : 0)) ** 2))

/** Ten bins of equal width over [0, 1]: the mean probability given and how often it came true, in each. */
export function reliability(pairs: readonly { probability: number; correct: boolean }[]): ReliabilityBin[] {
  const bins = Array.from({ length: 10 }, (_, at) => ({ from: at / 10, count: 0, predicted: 0, observed: 0 }))
  for (const { probability, correct } of pairs) {
    const bin = bins[Math.min(9, Math.max(0, Math.floor(probability * 10)))]
    if (!bin) continue
    bin.count++
    bin.predicted += probability
    bin.observed += correct ? 1 : 0
  }
  for (const bin of bins)
    if (bin.count > 0) {
      bin.predicted /= bin.count
      bin.observed /= bin.count
    }
  return bins
}

/**
 * Expected calibration error: the bins' gap between confidence and accuracy, weighted by their rows; for pairs
 * given once and weighed many times (each bin worked out once).
 */
export function calibrationError(
  pairs: readonly { probability: number; correct: boolean }[],
): (weights?: Weights) => number | null {
  // In typed arrays, filled by plain loops: `from` with a function to map by is several times slower.
  const bins = new Uint8Array(pairs.length)
  const given = new Float64Array(pairs.length)
  const right = new Uint8Array(pairs.length)
  pairs.forEach(({ probability, correct }, at) => {
    bins[at] = Math.min(9, Math.max(0, Math.floor(probability * 10)))
    given[at] = probability
    right[at] = correct ? 1 : 0
  })
  return (weights = new Uint8Array(pairs.length).fill(1)) => {
    const total = new Float64Array(10)
    const said = new Float64Array(10)
    const hits = new Float64Array(10)
    let all = 0
    for (let at = 0; at < bins.length; at++) {
      const weight = weights[at] ?? 0
      const bin = bins[at] ?? 0
      total[bin]! += weight
      said[bin]! += weight * (given[at] ?? 0)
      hits[bin]! += right[at] ? weight : 0
      all += weight
    }
    if (all === 0) return null
    let error = 0
    for (let bin = 0; bin < 10; bin++)
      if ((total[bin] ?? 0) > 0) error += Math.abs((hits[bin] ?? 0) - (said[bin] ?? 0)) / all
    return error
  }
}

export interface PredicateScores {
  rows: number
  /** Where an answer reads as yes: accuracy, precision and recall are at it. */
  threshold: number
  accuracy: Estimate
  precision: Estimate
  recall: Estimate
  /** The wrong answers at `threshold`, and what they cost when errors have a cost. */
  errors: { falseYes: number; falseNo: number; cost: number | null }
  /** The best threshold by F1 (or by cost), with its precision, recall and F1. */
  best: ReturnType<typeof bestThreshold>
  rocAuc: Estimate | null
  brier: Estimate | null
  /** Of the probability of yes against how often it was yes, by the reliability plot's bins. */
  calibrationError: Estimate | null
  reliability: ReliabilityBin[]
}

export function predicateScores(
  rows: readonly PredicateRow[],
  options: BootstrapOptions & {
    costs?: { falseYes: number; falseNo: number }
    /** The probability from which an answer is yes: accuracy, precision and recall are read there. */
    threshold?: number
  } = {},
): PredicateScores {
  const threshold = options.threshold ?? 0.5
  const at = atThreshold(rows, threshold)
  const right = rows.filter((row) => row.probability >= threshold === row.expected).length
  const order = byProbability(rows)
  const squared = rows.map((row) => (row.probability - (row.expected ? 1 : 0)) ** 2)
  const pairs = rows.map((row) => ({ probability: row.probability, correct: row.expected }))
  const [rocAuc = null, brier = null, calibration = null] = bootstrapAll(
    rows.length,
    [weightedAuc(rows, order), (weights) => weightedMean(squared, weights), calibrationError(pairs)],
    options,
  )
  return {
    rows: rows.length,
    threshold,
    accuracy: wilson(right, rows.length),
    precision: wilson(at.truePositives, at.truePositives + at.falsePositives),
    recall: wilson(at.truePositives, at.truePositives + at.falseNegatives),
    errors: {
      falseYes: at.falsePositives,
      falseNo: at.falseNegatives,
      cost: options.costs
        ? at.falsePositives * options.costs.falseYes + at.falseNegatives * options.costs.falseNo
        : null,
    },
    best: bestThreshold(rows, options.costs, order),
    rocAuc,
    brier,
    calibrationError: calibration,
    reliability: reliability(pairs),
  }
}

/** The option an answer picks: the most probable (the first of equals, in the options' order). */
export function pickOf(probabilities: Record<string, number>, options: readonly string[]): string {
  let pick = options[0] ?? ''
  for (const option of options) if ((probabilities[option] ?? 0) > (probabilities[pick] ?? 0)) pick = option
  return pick
}

const clip = 1e-15

/** Each row's loss: −log of the probability given the expected option, renormalized and clipped. */
const lossesOf = (rows: readonly ChoiceRow[], options: readonly string[]) =>
  rows.map((row) => {
    const sum = options.reduce((total, option) => total + (row.probabilities[option] ?? 0), 0)
    const p = (row.probabilities[row.expected] ?? 0) / (sum || 1)
    return -Math.log(Math.min(1 - clip, Math.max(clip, p)))
  })

export const logLoss = (rows: readonly ChoiceRow[], options: readonly string[]) =>
  mean(lossesOf(rows, options))

export interface ChoiceScores {
  rows: number
  options: string[]
  accuracy: Estimate
  /** Rows by expected option (outer) and picked option (inner), in the options' order. */
  confusion: number[][]
  perOption: { option: string; precision: Estimate; recall: Estimate; support: number }[]
  logLoss: Estimate | null
  calibrationError: Estimate | null
  reliability: ReliabilityBin[]
}

export function choiceScores(
  rows: readonly ChoiceRow[],
  options: readonly string[],
  bootstrapOptions: BootstrapOptions = {},
): ChoiceScores {
  const index = new Map(options.map((option, at) => [option, at]))
  const confusion = options.map(() => options.map(() => 0))
  const picks = rows.map((row) => pickOf(row.probabilities, options))
  rows.forEach((row, at) => {
    const expected = index.get(row.expected)
    const picked = index.get(picks[at] ?? '')
    if (expected !== undefined && picked !== undefined) (confusion[expected] as number[])[picked]! += 1
  })
  const right = rows.filter((row, at) => picks[at] === row.expected).length
  const confident = rows.map((row, at) => ({
    probability: row.probabilities[picks[at] ?? ''] ?? 0,
    correct: picks[at] === row.expected,
  }))
  const losses = lossesOf(rows, options)
  const [logLoss = null, calibration = null] = bootstrapAll(
    rows.length,
    [(weights) => weightedMean(losses, weights), calibrationError(confident)],
    bootstrapOptions,
  )
  return {
    rows: rows.length,
    options: [...options],
    accuracy: wilson(right, rows.length),
    confusion,
    perOption: options.map((option, at) => {
      const picked = confusion.reduce((sum, row) => sum + (row[at] ?? 0), 0)
      const expected = (confusion[at] ?? []).reduce((sum, count) => sum + count, 0)
      const hits = confusion[at]?.[at] ?? 0
      return { option, precision: wilson(hits, picked), recall: wilson(hits, expected), support: expected }
    }),
    logLoss,
    calibrationError: calibration,
    reliability: reliability(confident),
  }
}

export interface ScoreScores {
  rows: number
  /** The mean distance, in levels, between the weighted score and the expected level. */
  meanAbsoluteError: Estimate | null
  /** The nearest level is the expected one; it is at most one level away. */
  exact: Estimate
  withinOne: Estimate
  /** For the plot: per expected level, the scores given to its rows; `top`, the highest level either reaches. */
  levels: { top: number; byLevel: LevelScores[] }
}

/** The scores given to the rows of one expected level: how many, their mean, and the middle 80% of them. */
export interface LevelScores {
  level: number
  count: number
  mean: number
  low: number
  high: number
}

export function scoreScores(rows: readonly ScoreRow[], options: BootstrapOptions = {}): ScoreScores {
  const distance = (row: ScoreRow) => Math.abs(Math.round(row.score) - row.expected)
  const distances = rows.map((row) => Math.abs(row.score - row.expected))
  return {
    rows: rows.length,
    meanAbsoluteError: bootstrap(rows.length, (weights) => weightedMean(distances, weights), options),
    exact: wilson(rows.filter((row) => distance(row) === 0).length, rows.length),
    withinOne: wilson(rows.filter((row) => distance(row) <= 1).length, rows.length),
    levels: levelScores(rows),
  }
}

function levelScores(rows: readonly ScoreRow[]): ScoreScores['levels'] {
  const top = rows.reduce((most, row) => Math.max(most, row.expected, Math.ceil(row.score)), 1)
  const given: number[][] = Array.from({ length: top + 1 }, () => [])
  for (const row of rows) given[row.expected]?.push(row.score)
  const byLevel = given.flatMap((unsorted, level) => {
    if (unsorted.length === 0) return []
    // A typed array sorts by number without a function to compare by: several times faster.
    const scores = Float64Array.from(unsorted).sort()
    const pick = (q: number) => scores[Math.min(scores.length - 1, Math.floor(q * scores.length))] ?? 0
    const mean = scores.reduce((sum, one) => sum + one, 0) / scores.length
    return [{ level, count: scores.length, mean, low: pick(0.1), high: pick(0.9) }]
  })
  return { top, byLevel }
}
