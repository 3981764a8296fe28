// `npm run bench [-- name …]`: runs every benchmark in this folder (or the named ones), one after another, then
// prints every figure beside its goal with ✓ or ✗, and the machine they ran on. `-- --write` keeps the run's
// figures in docs/benchmarks.json and writes the table of docs/benchmarks.md from them.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { type Figure, goalText, markOf, valueText } from './figures.ts'
import { type Run, withTable } from './table.ts'

const write = process.argv.includes('--write')
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

const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`
const withGoal = figures.filter((figure) => figure.goal)
const met = withGoal.filter((figure) => markOf(figure) === '✓').length
console.log(
  `\n# summary: ${met} of ${withGoal.length} goals met — ${machine}, ${new Date().toISOString().slice(0, 10)}`,
)
for (const figure of figures)
  console.log(
    `  ${markOf(figure)} ${figure.name.padEnd(72)} ${valueText(figure.value, figure.unit).padStart(12)}  goal ${goalText(figure)}`,
  )
if (write && (failed || wanted.length > 0))
  console.log('\nNot written: the table is of one whole run, and this one was not whole.')
else if (write) {
  const docs = join(import.meta.dirname, '..', 'docs')
  const run: Run = { machine, date: new Date().toISOString().slice(0, 10), figures }
  writeFileSync(join(docs, 'benchmarks.json'), `${JSON.stringify(run, null, 2)}\n`)
  const page = join(docs, 'benchmarks.md')
  writeFileSync(page, withTable(readFileSync(page, 'utf8'), run))
  console.log('\nWrote docs/benchmarks.json and the table of docs/benchmarks.md.')
}
process.exit(failed ? 1 : 0)
