// How good a questionnaire's answers are against expected answers, computed from the stored answers alone (no
// second call). The definitions are scikit-learn's, stated where they leave a choice: a predicate says yes at a
// probability of 0.5 or more; precision and recall are 0 where nothing was predicted or expected (its
// `zero_division=0`); ROC AUC counts a tie between a yes and a no as half; log loss renormalizes each answer's
// probabilities and clips them to [1e-15, 1 − 1e-15]; reliability and expected calibration error use ten bins of
// equal width, a probability of 1 in the last. Proportions carry a Wilson interval, the other figures a bootstrap
// percentile interval over rows, seeded so a report reads the same twice.

/** A figure with its 95% interval; null where the rows do not define it (AUC with one class only). */
export interface Estimate {
  value: number
  low: number
  high: number
}

export interface PredicateRow {
  /** The answer's probability of yes. */
  probability: number
  expected: boolean
}

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

const z = 1.959963984540054

/** Wilson's score interval of `hits` in `count`. */
export function wilson(hits: number, count: number): Estimate {
  if (count === 0) return { value: Number.NaN, low: Number.NaN, high: Number.NaN }
  const p = hits / count
  const z2 = z * z
  const centre = (p + z2 / (2 * count)) / (1 + z2 / count)
  const half = (z * Math.sqrt((p * (1 - p)) / count + z2 / (4 * count * count))) / (1 + z2 / count)
  return { value: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}

/** A small seeded generator (mulberry32): the same resamples every time. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface BootstrapOptions {
  resamples?: number
  seed?: number
}

/** `measure` over the rows, with the 2.5th and 97.5th percentiles of it over resamples of the rows. */
export function bootstrap<T>(
  rows: readonly T[],
  measure: (rows: readonly T[]) => number | null,
  { resamples = 1000, seed = 1 }: BootstrapOptions = {},
): Estimate | null {
  const value = measure(rows)
  if (value === null || rows.length === 0) return null
  const random = seeded(seed)
  const values: number[] = []
  const sample: T[] = new Array(rows.length)
  for (let run = 0; run < resamples; run++) {
    for (let at = 0; at < rows.length; at++) sample[at] = rows[Math.floor(random() * rows.length)] as T
    const measured = measure(sample)
    if (measured !== null && Number.isFinite(measured)) values.push(measured)
  }
  values.sort((a, b) => a - b)
  const at = (q: number) =>
    values[Math.min(values.length - 1, Math.max(0, Math.floor(q * values.length)))] ?? value
  return { value, low: at(0.025), high: at(0.975) }
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

/** The area under the ROC curve: how often a yes is given a higher probability than a no (a tie counts half). */
export function rocAuc(rows: readonly PredicateRow[]): number | null {
  const positives = rows.filter((row) => row.expected).length
  const negatives = rows.length - positives
  if (positives === 0 || negatives === 0) return null
  // Mann–Whitney: the positives' ranks among all probabilities, ties given their average rank.
  const order = rows.map((row, at) => [row.probability, at] as const).sort((a, b) => a[0] - b[0])
  let rankSum = 0
  for (let start = 0; start < order.length; ) {
    let end = start
    while (end + 1 < order.length && order[end + 1]?.[0] === order[start]?.[0]) end++
    const rank = (start + end) / 2 + 1
    for (let at = start; at <= end; at++) if (rows[order[at]?.[1] ?? 0]?.expected) rankSum += rank
    start = end + 1
  }
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives)
}

export const brier = (rows: readonly PredicateRow[]) =>
  mean(rows.map((row) => (row.probability - (row.expected ? 1 : 0)) ** 2))

/** Precision, recall and F1 of saying yes at `threshold` or more. */
export function atThreshold(rows: readonly PredicateRow[], threshold: number) {
  let truePositives = 0
  let falsePositives = 0
  let falseNegatives = 0
  for (const row of rows) {
    const yes = row.probability >= threshold
    if (yes && row.expected) truePositives++
    else if (yes) falsePositives++
    else if (row.expected) falseNegatives++
  }
  const precision =
    truePositives + falsePositives === 0 ? 0 : truePositives / (truePositives + falsePositives)
  const recall = truePositives + falseNegatives === 0 ? 0 : truePositives / (truePositives + falseNegatives)
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)
  return { threshold, truePositives, falsePositives, falseNegatives, precision, recall, f1 }
}

/**
 * The threshold that does best: by F1, or at the least cost when a wrong yes and a wrong no each cost something.
 * The thresholds tried are the probabilities given (and, for a cost, one above them all: never yes); of equal
 * ones the lowest wins.
 */
export function bestThreshold(
  rows: readonly PredicateRow[],
  costs?: { falseYes: number; falseNo: number },
): ReturnType<typeof atThreshold> & { cost: number | null } {
  const thresholds = [...new Set(rows.map((row) => row.probability))].sort((a, b) => a - b)
  if (costs) thresholds.push(Number.POSITIVE_INFINITY)
  let best: (ReturnType<typeof atThreshold> & { cost: number | null }) | null = null
  for (const threshold of thresholds) {
    const at = atThreshold(rows, threshold)
    const cost = costs ? at.falsePositives * costs.falseYes + at.falseNegatives * costs.falseNo : null
    const better = costs ? best === null || (cost ?? 0) < (best.cost ?? 0) : best === null || at.f1 > best.f1
    if (better) best = { ...at, cost }
  }
  return best ?? { ...atThreshold(rows, 0.5), cost: null }
}

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

/** Expected calibration error: the bins' gap between confidence and accuracy, weighted by their rows. */
export function calibrationError(pairs: readonly { probability: number; correct: boolean }[]): number {
  const total = pairs.length
  return reliability(pairs).reduce(
    (sum, bin) => sum + (bin.count / total) * Math.abs(bin.observed - bin.predicted),
    0,
  )
}

export interface PredicateScores {
  rows: number
  accuracy: Estimate
  precision: Estimate
  recall: Estimate
  /** The best threshold by F1 (or by cost), with its precision, recall and F1. */
  best: ReturnType<typeof bestThreshold>
  rocAuc: Estimate | null
  brier: Estimate | null
  reliability: ReliabilityBin[]
}

export function predicateScores(
  rows: readonly PredicateRow[],
  options: BootstrapOptions & { costs?: { falseYes: number; falseNo: number } } = {},
): PredicateScores {
  const at = atThreshold(rows, 0.5)
  const right = rows.filter((row) => row.probability >= 0.5 === row.expected).length
  return {
    rows: rows.length,
    accuracy: wilson(right, rows.length),
    precision: wilson(at.truePositives, at.truePositives + at.falsePositives),
    recall: wilson(at.truePositives, at.truePositives + at.falseNegatives),
    best: bestThreshold(rows, options.costs),
    rocAuc: bootstrap(rows, rocAuc, options),
    brier: bootstrap(rows, (sample) => (sample.length ? brier(sample) : null), options),
    reliability: reliability(rows.map((row) => ({ probability: row.probability, correct: row.expected }))),
  }
}

/** The option an answer picks: the most probable (the first of equals, in the options' order). */
export function pickOf(probabilities: Record<string, number>, options: readonly string[]): string {
  let pick = options[0] ?? ''
  for (const option of options) if ((probabilities[option] ?? 0) > (probabilities[pick] ?? 0)) pick = option
  return pick
}

const clip = 1e-15

export function logLoss(rows: readonly ChoiceRow[], options: readonly string[]): number {
  return mean(
    rows.map((row) => {
      const sum = options.reduce((total, option) => total + (row.probabilities[option] ?? 0), 0)
      const p = (row.probabilities[row.expected] ?? 0) / (sum || 1)
      return -Math.log(Math.min(1 - clip, Math.max(clip, p)))
    }),
  )
}

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
  const confident = (sample: readonly ChoiceRow[]) =>
    sample.map((row) => {
      const pick = pickOf(row.probabilities, options)
      return { probability: row.probabilities[pick] ?? 0, correct: pick === row.expected }
    })
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
    logLoss: bootstrap(rows, (sample) => (sample.length ? logLoss(sample, options) : null), bootstrapOptions),
    calibrationError: bootstrap(
      rows,
      (sample) => (sample.length ? calibrationError(confident(sample)) : null),
      bootstrapOptions,
    ),
    reliability: reliability(confident(rows)),
  }
}

export interface ScoreScores {
  rows: number
  /** The mean distance, in levels, between the weighted score and the expected level. */
  meanAbsoluteError: Estimate | null
  /** The nearest level is the expected one; it is at most one level away. */
  exact: Estimate
  withinOne: Estimate
  /** Each row's expected level and score, for the plot. */
  points: [expected: number, score: number][]
}

export function scoreScores(rows: readonly ScoreRow[], options: BootstrapOptions = {}): ScoreScores {
  const distance = (row: ScoreRow) => Math.abs(Math.round(row.score) - row.expected)
  return {
    rows: rows.length,
    meanAbsoluteError: bootstrap(
      rows,
      (sample) => (sample.length ? mean(sample.map((row) => Math.abs(row.score - row.expected))) : null),
      options,
    ),
    exact: wilson(rows.filter((row) => distance(row) === 0).length, rows.length),
    withinOne: wilson(rows.filter((row) => distance(row) <= 1).length, rows.length),
    points: rows.map((row) => [row.expected, row.score]),
  }
}
