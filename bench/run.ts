// `npm run bench [-- name …]`: runs every benchmark in this folder (or the named ones), one after another, then
// prints every figure beside its goal with ✓ or ✗, and the machine they ran on. `-- --markdown` prints the
// summary as the table of docs/benchmarks.md.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { type Figure, goalText, markOf, valueText } from './figures.ts'

const markdown = process.argv.includes('--markdown')
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const benches = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.startsWith(name)))

const folder = mkdtempSync(join(tmpdir(), 'gd-bench-figures-'))
const figuresFile = join(folder, 'figures.jsonl')
let failed = false
for (const file of benches) {
  console.log(`\n# ${file}`)
  const result = spawnSync(process.execPath, [join(import.meta.dirname, file)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_FIGURES: figuresFile },
  })
  if (result.status !== 0) {
    failed = true
    console.log(`  ✗ ${file} stopped with ${result.status ?? result.signal}: its figures are missing`)
  }
}
const figures: Figure[] = (() => {
  try {
    return readFileSync(figuresFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Figure)
  } catch {
    return []
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
})()

const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, ${new Date().toISOString().slice(0, 10)}`
const withGoal = figures.filter((figure) => figure.goal)
const met = withGoal.filter((figure) => markOf(figure) === '✓').length
console.log(`\n# summary: ${met} of ${withGoal.length} goals met — ${machine}`)
if (markdown) {
  console.log('\n| figure | goal | measured | |\n|---|---|---|---|')
  for (const figure of figures)
    console.log(
      `| ${figure.name}${figure.detail ? ` (${figure.detail})` : ''} | ${goalText(figure)} | ${valueText(figure.value, figure.unit)} | ${markOf(figure).trim()} |`,
    )
} else
  for (const figure of figures)
    console.log(
      `  ${markOf(figure)} ${figure.name.padEnd(72)} ${valueText(figure.value, figure.unit).padStart(12)}  goal ${goalText(figure)}`,
    )
process.exit(failed ? 1 : 0)
