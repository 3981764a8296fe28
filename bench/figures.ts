// How every benchmark reports: one line per figure, beside its goal with ✓ or ✗. When `npm run bench` runs the
// benchmarks it collects the lines (through the file named by BENCH_FIGURES) and prints them together at the end.
import { appendFileSync } from 'node:fs'

export interface Figure {
  /** What was measured, in a person's words. */
  name: string
  value: number
  unit: 'ms' | 'MB' | '×' | 'kB' | '/s' | 'frames' | 'requests' | 'starts' | 'rows'
  /** The goal, when the figure has one: at most or at least this value. */
  goal?: { atMost: number } | { atLeast: number }
  /** How it was measured, or what limits it. */
  detail?: string
}

export function met(figure: Figure): boolean | undefined {
  if (!figure.goal) return undefined
  return 'atMost' in figure.goal ? figure.value <= figure.goal.atMost : figure.value >= figure.goal.atLeast
}

export function valueText(value: number, unit: Figure['unit']): string {
  if (!Number.isFinite(value)) return 'not measured'
  const digits =
    unit === '×'
      ? 2
      : unit === 'frames' || unit === 'requests' || unit === 'starts' || value >= 100
        ? 0
        : value >= 10
          ? 1
          : 2
  const number = value.toLocaleString('en-US', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  })
  return unit === '×' ? `${number}×` : `${number} ${unit}`
}

export function goalText(figure: Figure): string {
  if (!figure.goal) return '—'
  return 'atMost' in figure.goal
    ? `≤ ${valueText(figure.goal.atMost, figure.unit)}`
    : `≥ ${valueText(figure.goal.atLeast, figure.unit)}`
}

export function markOf(figure: Figure): string {
  const ok = met(figure)
  return ok === undefined ? ' ' : ok ? '✓' : '✗'
}

/** Prints one figure and hands it to the run that collects them. */
export function report(figure: Figure): void {
  console.log(
    `  ${markOf(figure)} ${figure.name.padEnd(64)} ${valueText(figure.value, figure.unit).padStart(12)}  goal ${goalText(figure).padEnd(10)}${figure.detail ? `  ${figure.detail}` : ''}`,
  )
  const into = process.env.BENCH_FIGURES
  if (into) appendFileSync(into, `${JSON.stringify(figure)}\n`)
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** One frame at 60 Hz: the most the core's loop, or the data worker's, may be held by anything a person does. */
export const oneFrame = 16
/** An interaction, input → rows painted, as people perceive it: the goal of every interaction's p95. */
export const perceived = 50

/** An interaction's p95 against what people perceive, with its p50 and how many were timed (`12 keystrokes`). */
export function reportInteraction(
  name: string,
  /** The latencies; for clicks also from the button going down (the time it was held included), shown beside. */
  { samples, fromPress = [] }: { samples: number[]; fromPress?: number[] },
  counted: string,
): void {
  const held = fromPress.length > 0 ? `; from the press p95 ${percentile(fromPress, 95).toFixed(1)} ms` : ''
  report({
    name: `${name}, p95`,
    value: percentile(samples, 95),
    unit: 'ms',
    goal: { atMost: perceived },
    detail: `p50 ${percentile(samples, 50).toFixed(1)} ms, ${samples.length} ${counted}${held}`,
  })
}

/** Starts a group of figures under a heading that says what ran and where. */
export function heading(text: string): void {
  console.log(text)
}
