// A yes-or-no question's rows in the order of their probabilities, and where to read yes from: precision, recall
// and F1 at a threshold, the threshold that does best (by F1 or by the cost of errors), and its plainest form.

export interface PredicateRow {
  /** The answer's probability of yes. */
  probability: number
  expected: boolean
}

/** The rows' places in the order of their probabilities (or of another figure of theirs), for `weightedAuc`. */
export function byProbability<Row extends { probability: number }>(
  rows: readonly Row[],
  figureOf: (row: Row) => number = (row) => row.probability,
): Uint32Array {
  // Compared from a typed array: several times faster than reading each row's field at each comparison.
  const probabilities = new Float64Array(rows.length)
  const order = new Uint32Array(rows.length)
  for (let at = 0; at < rows.length; at++) {
    probabilities[at] = figureOf(rows[at] as Row)
    order[at] = at
  }
  return order.sort((a, b) => (probabilities[a] as number) - (probabilities[b] as number))
}

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
 * ones the lowest wins. One sweep down the probabilities (`order`, the rows from least probable up), each group
 * of equal ones turned to yes in turn; the winner alone is written out.
 */
export function bestThreshold(
  rows: readonly PredicateRow[],
  costs?: { falseYes: number; falseNo: number },
  order: Uint32Array = byProbability(rows),
): ReturnType<typeof atThreshold> & { cost: number | null; plain: number } {
  const positives = rows.filter((row) => row.expected).length
  const f1Of = (truePositives: number, falsePositives: number) => {
    const precision =
      truePositives + falsePositives === 0 ? 0 : truePositives / (truePositives + falsePositives)
    const recall = positives === 0 ? 0 : truePositives / positives
    return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)
  }
  const costOf = (truePositives: number, falsePositives: number) =>
    costs ? falsePositives * costs.falseYes + (positives - truePositives) * costs.falseNo : 0
  // The best so far: yes from `at`, the next probability below it `below`.
  let best = costs
    ? { at: Number.POSITIVE_INFINITY, below: Number.POSITIVE_INFINITY, truePositives: 0, falsePositives: 0 }
    : null
  let bestValue = costs ? costOf(0, 0) : 0
  let truePositives = 0
  let falsePositives = 0
  const probabilityAt = (place: number) => (rows[order[place] ?? 0] as PredicateRow).probability
  for (let end = order.length; end > 0; ) {
    const at = probabilityAt(end - 1)
    let start = end
    for (; start > 0 && probabilityAt(start - 1) === at; start--)
      if (rows[order[start - 1] ?? 0]?.expected) truePositives++
      else falsePositives++
    const value = costs ? costOf(truePositives, falsePositives) : f1Of(truePositives, falsePositives)
    if (!best || (costs ? value <= bestValue : value >= bestValue)) {
      const below = start > 0 ? probabilityAt(start - 1) : Number.NEGATIVE_INFINITY
      best = { at, below, truePositives, falsePositives }
      bestValue = value
    }
    end = start
  }
  if (!best) return { ...atThreshold(rows, 0.5), cost: null, plain: 0.5 }
  const falseNegatives = positives - best.truePositives
  const { truePositives: tp, falsePositives: fp } = best
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp)
  return {
    threshold: best.at,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives,
    precision,
    recall: positives === 0 ? 0 : tp / positives,
    f1: f1Of(tp, fp),
    cost: costs ? costOf(tp, fp) : null,
    plain: plainThreshold(best.at, best.below),
  }
}

/**
 * The number of fewest decimal places above `below` and at most `at`: a threshold a person can read and type that
 * says yes to exactly the rows `at` does, of the rows whose probabilities were swept (none lies between the two).
 */
export function plainThreshold(at: number, below: number): number {
  for (let places = 0; places <= 15; places++) {
    const scale = 10 ** places
    for (const plain of [Number(at.toFixed(places)), Math.floor(at * scale) / scale])
      if (plain > below && plain <= at) return plain
  }
  return at
}
