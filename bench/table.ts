// The table of docs/benchmarks.md, written from a run's figures (docs/benchmarks.json) and nothing else: the run
// writes both, and a test checks the page still holds exactly what the figures give.
import { type Figure, goalText, markOf, met, valueText } from './figures.ts'

export interface Run {
  machine: string
  date: string
  figures: Figure[]
}

export const tableStart =
  '<!-- The table below is written by `npm run bench -- --write`; do not edit it by hand. -->'
export const tableEnd = '<!-- End of the written table. -->'

export function table(run: Run): string {
  const withGoal = run.figures.filter((figure) => figure.goal)
  const lines = [
    tableStart,
    '',
    `Measured on ${run.date}: ${run.machine}. ${withGoal.filter((figure) => met(figure)).length} of ${withGoal.length} goals met.`,
    '',
    '| figure | goal | measured | |',
    '|---|---|---|---|',
    ...run.figures.map(
      (figure) =>
        `| ${figure.name}${figure.detail ? ` (${figure.detail})` : ''} | ${goalText(figure)} | ${valueText(figure.value, figure.unit)} | ${markOf(figure).trim()} |`,
    ),
    '',
    tableEnd,
  ]
  return lines.join('\n')
}

/** The page with its written table replaced by `run`'s (added at the end when it has none). */
export function withTable(page: string, run: Run): string {
  const start = page.indexOf(tableStart)
  const end = page.indexOf(tableEnd)
  if (start < 0 || end < start) return `${page.trimEnd()}\n\n${table(run)}\n`
  return `${page.slice(0, start)}${table(run)}${page.slice(end + tableEnd.length)}`
}

/** The written table as the page holds it, or null. */
export function tableIn(page: string): string | null {
  const start = page.indexOf(tableStart)
  const end = page.indexOf(tableEnd)
  return start < 0 || end < start ? null : page.slice(start, end + tableEnd.length)
}
