// The 95% intervals of an evaluation's figures: Wilson's for a proportion, a seeded bootstrap over the rows for
// the others, read as weights so that a resample is one pass over the rows.

/** A figure with its 95% interval; null where the rows do not define it (AUC with one class only). */
export interface Estimate {
  value: number
  low: number
  high: number
}

const z = 1.959963984540054

/**
 * Where `value` lies against an earlier figure's interval: above it, below it, or within (null). An interval of
 * no width (a figure of one row, or of rows all alike) says nothing of how far a figure could move, and a figure
 * of no rows is none: neither reads as a change. The baseline's changes and the models side by side both say
 * "better" by this one rule.
 */
export function beyondInterval(
  value: number,
  earlier: { value: number; low: number | null; high: number | null },
): 'above' | 'below' | null {
  const { low, high } = earlier
  if (low === null || high === null || low === high) return null
  if (!Number.isFinite(value) || !Number.isFinite(earlier.value)) return null
  return value > high ? 'above' : value < low ? 'below' : null
}

/** Wilson's score interval of `hits` in `count`. */
export function wilson(hits: number, count: number): Estimate {
  if (count === 0) return { value: Number.NaN, low: Number.NaN, high: Number.NaN }
  const p = hits / count
  const z2 = z * z
  const centre = (p + z2 / (2 * count)) / (1 + z2 / count)
  const half = (z * Math.sqrt((p * (1 - p)) / count + z2 / (4 * count * count))) / (1 + z2 / count)
  return { value: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}

export interface BootstrapOptions {
  /** Resamples of the rows; 0 gives the figures without their intervals (at once, for a first look). */
  resamples?: number
  seed?: number
}

/** Each row's weight: how often a resample drew it (1 each for the rows as they are). */
export type Weights = ArrayLike<number>

/**
 * Each of `measures` of the rows, with the 2.5th and 97.5th percentiles of it over resamples of them. A resample
 * is given to a measure as weights (how often each row was drawn), so a figure is one pass over the rows however
 * often a row was drawn, and every measure reads the same resamples; they are seeded, the same every time.
 */
export function bootstrapAll(
  rows: number,
  measures: readonly ((weights: Weights) => number | null)[],
  { resamples = 1000, seed = 1 }: BootstrapOptions = {},
): (Estimate | null)[] {
  const whole = new Uint8Array(rows).fill(1)
  const values = measures.map((measure) => (rows === 0 ? null : measure(whole)))
  const samples = measures.map((): number[] => [])
  if (resamples > 0 && rows > 0) {
    const counts = new Uint32Array(rows)
    let state = seed >>> 0
    for (let run = 0; run < resamples; run++) {
      counts.fill(0)
      for (let draw = 0; draw < rows; draw++) {
        // mulberry32, written out: ten million draws for a thousand resamples of ten thousand rows.
        state = (state + 0x6d2b79f5) >>> 0
        let t = Math.imul(state ^ (state >>> 15), state | 1)
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
        counts[Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * rows)]! += 1
      }
      measures.forEach((measure, at) => {
        if (values[at] === null) return
        const measured = measure(counts)
        if (measured !== null && Number.isFinite(measured)) samples[at]?.push(measured)
      })
    }
  }
  return values.map((value, at) => {
    if (value === null) return null
    const sorted = (samples[at] ?? []).sort((a, b) => a - b)
    if (sorted.length === 0) return { value, low: Number.NaN, high: Number.NaN }
    const percentile = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? value
    return { value, low: percentile(0.025), high: percentile(0.975) }
  })
}

/** One measure of the rows with its bootstrap interval (see `bootstrapAll`). */
export const bootstrap = (
  rows: number,
  measure: (weights: Weights) => number | null,
  options: BootstrapOptions = {},
): Estimate | null => bootstrapAll(rows, [measure], options)[0] ?? null

/** The weighted mean of per-row values. */
export function weightedMean(values: ArrayLike<number>, weights: Weights): number | null {
  let sum = 0
  let total = 0
  for (let at = 0; at < values.length; at++) {
    sum += (weights[at] ?? 0) * (values[at] ?? 0)
    total += weights[at] ?? 0
  }
  return total === 0 ? null : sum / total
}
