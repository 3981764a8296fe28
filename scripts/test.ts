// `npm test`: typecheck, lint, unit and contract tests, build, end-to-end — every step runs, and the run
// ends with one line summing all test suites: `N passed, N failed`.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = join(import.meta.dirname, '..')
const bin = (tool: string) => join(root, 'node_modules', '.bin', tool)
const reports = { unit: join(root, 'test-results', 'unit.json'), e2e: join(root, 'test-results', 'e2e.json') }

/** A step with `needs` runs only when that step passed (e2e against a stale build proves nothing). */
const steps: { name: string; command: string; args: string[]; needs?: string }[] = [
  { name: 'typecheck', command: bin('tsc'), args: ['-b'] },
  { name: 'lint', command: bin('biome'), args: ['check', '.'] },
  { name: 'unit', command: bin('vitest'), args: ['run'] },
  { name: 'build', command: bin('electron-vite'), args: ['build'] },
  {
    name: 'bundle budget',
    command: process.execPath,
    args: [join(root, 'scripts', 'bundle', 'budget.ts')],
    needs: 'build',
  },
  { name: 'e2e', command: bin('playwright'), args: ['test'], needs: 'build' },
]

for (const report of Object.values(reports)) rmSync(report, { force: true })

// Which browser the end-to-end tests drive, or what to install, said before anything runs.
const { chromiumLine, findChromium } = await import('./testing/chromium.ts')
const browser = findChromium()
console.log(chromiumLine(browser))
const failedSteps: string[] = []
if (!browser.path) {
  steps.splice(
    steps.findIndex((step) => step.name === 'e2e'),
    1,
  )
  failedSteps.push('e2e (no browser)')
}

for (const step of steps) {
  console.log(`\n── ${step.name} ──`)
  if (step.needs && failedSteps.includes(step.needs)) {
    failedSteps.push(step.name)
    console.log(`── ${step.name}: not run, because ${step.needs} failed`)
    continue
  }
  const started = performance.now()
  const result = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit' })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) failedSteps.push(step.name)
  console.log(
    `── ${step.name}: ${result.status === 0 ? 'ok' : `failed (${result.error?.message ?? `exit ${result.status}`})`} in ${seconds}s`,
  )
}

function readReport<T>(path: string): T | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : null
}

type UnitReport = {
  numPassedTests: number
  numFailedTests: number
  testResults: {
    name: string
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[]
  }[]
}
type E2eSpec = { title: string; file: string; line: number; ok: boolean }
type E2eSuite = { specs?: E2eSpec[]; suites?: E2eSuite[] }
const unit = readReport<UnitReport>(reports.unit)
const e2e = readReport<{
  stats: { expected: number; unexpected: number; flaky: number }
  suites: E2eSuite[]
}>(reports.e2e)

/** The failed tests by name, with the first line of why: CI keeps the end of the output, so they are said last. */
function failedTests(): string[] {
  const names: string[] = []
  for (const file of unit?.testResults ?? []) {
    for (const test of file.assertionResults) {
      if (test.status !== 'failed') continue
      const why = (test.failureMessages[0] ?? '').split('\n')[0]?.slice(0, 200)
      names.push(`unit  ${relative(root, file.name)} › ${test.fullName}\n      ${why}`)
    }
  }
  const walk = (suite: E2eSuite) => {
    for (const spec of suite.specs ?? [])
      if (!spec.ok) names.push(`e2e   ${spec.file}:${spec.line} › ${spec.title}`)
    for (const inner of suite.suites ?? []) walk(inner)
  }
  for (const suite of e2e?.suites ?? []) walk(suite)
  return names
}
const suites = [
  { name: 'unit', passed: unit?.numPassedTests ?? 0, failed: unit ? unit.numFailedTests : 1 },
  { name: 'e2e', passed: e2e?.stats.expected ?? 0, failed: e2e ? e2e.stats.unexpected + e2e.stats.flaky : 1 },
]

console.log('')
const failures = failedTests()
if (failures.length > 0) console.log(`failed tests:\n${failures.join('\n')}\n`)
for (const suite of suites) console.log(`${suite.name}: ${suite.passed} passed, ${suite.failed} failed`)
if (failedSteps.length > 0) console.log(`failed steps: ${failedSteps.join(', ')}`)
const passed = suites.reduce((sum, suite) => sum + suite.passed, 0)
const failed = suites.reduce((sum, suite) => sum + suite.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failedSteps.length > 0 || failed > 0 ? 1 : 0)
