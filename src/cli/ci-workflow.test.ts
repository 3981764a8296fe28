// The CI workflow in docs/ci, run as it is written: each `gateway-desk` line of its steps, the matrix's shards at
// once (each with a data folder of its own, as each runner has), against the sandbox given by the environment
// alone; then the merge, and the JUnit reports a CI system would publish.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parse } from 'yaml'
import { type Sandbox, startSandbox } from '#sandbox/server'
import { parseCsv } from '#shared/domain/batch-inputs'
import { startCli } from './testing/run-cli.ts'

const key = 'sk-ci-workflow-0123456789'
let service: Sandbox
let workspace = ''

interface Step {
  run?: string
}
interface Workflow {
  jobs: Record<string, { strategy?: { matrix: { shard: number[] } }; steps: Step[] }>
}
const workflow = parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'ci', 'github-actions.yml'), 'utf8'),
) as Workflow

beforeAll(async () => {
  service = await startSandbox({ keys: [key], allowPrivateAddresses: true })
  workspace = mkdtempSync(join(tmpdir(), 'gd-ci-workflow-'))
  writeFileSync(
    join(workspace, 'triage.json'),
    JSON.stringify({
      model: 'sysone/judge-1',
      input: 'x',
      questions: [{ type: 'predicate', name: 'urgent', instructions: 'Is this message urgent?' }],
    }),
  )
  const tickets = Array.from({ length: 30 }, (_, n) => `${n + 1},"Ticket ${n + 1}: the parcel is late"`)
  writeFileSync(join(workspace, 'tickets.csv'), `id,text\r\n${tickets.join('\r\n')}\r\n`)
})
afterAll(async () => {
  await service.close()
  rmSync(workspace, { recursive: true, force: true })
})

/** A step's command line as the runner would run it, with the matrix's value and the shell's word splitting. */
function commandOf(step: Step, shard?: number): string[] {
  // The workflow's own expression for the matrix value (written with `$` apart: it is not a template here).
  const expression = ['$', '{{ matrix.shard }}'].join('')
  const line = (step.run ?? '').replaceAll(expression, String(shard ?? '')).trim()
  const words = line.split(/\s+/)
  expect(words[0]).toBe('gateway-desk')
  return words.slice(1)
}

/** Runs a command in `folder` (the runner's checkout), as `gateway-desk` on the PATH would. */
async function run(folder: string, args: string[]) {
  const dataDir = args.indexOf('--data-dir')
  const [folderArgs, rest] =
    dataDir === -1
      ? [[], args]
      : [['--data-dir', join(folder, args[dataDir + 1] ?? '')], args.toSpliced(dataDir, 2)]
  // The runner's working folder: relative file names are the checkout's.
  const absolute = rest.map((word) => (/\.(json|csv|xml)$/.test(word) ? join(folder, word) : word))
  const started = startCli(
    folderArgs.length ? (folderArgs[1] as string) : join(folder, '.unused'),
    absolute,
    {
      env: { GATEWAY_BASE_URL: service.url, GATEWAY_API_KEY: key },
    },
  )
  return started.exited
}

it('runs the documented workflow: shards at once, merged to one result, with their JUnit reports', async () => {
  const shards = workflow.jobs.shards
  const steps = (shards?.steps ?? []).filter((step) => step.run?.trim().startsWith('gateway-desk'))
  expect(steps).toHaveLength(2)
  const matrix = shards?.strategy?.matrix.shard ?? []
  expect(matrix).toEqual([1, 2, 3])
  // Each shard on a runner of its own: its own checkout, with the same files.
  const runners = matrix.map((shard) => {
    const folder = join(workspace, `runner-${shard}`)
    mkdirSync(folder)
    for (const name of ['triage.json', 'tickets.csv'])
      writeFileSync(join(folder, name), readFileSync(join(workspace, name)))
    return { shard, folder }
  })
  await Promise.all(
    runners.map(async ({ shard, folder }) => {
      for (const step of steps) {
        const ended = await run(folder, commandOf(step, shard))
        expect(ended.code, ended.stderr).toBe(0)
      }
    }),
  )
  // The merge job downloads every shard's artifacts into one folder.
  const merged = join(workspace, 'merge')
  mkdirSync(merged)
  for (const { shard, folder } of runners)
    for (const name of [`results-${shard}.csv`, `junit-${shard}.xml`])
      writeFileSync(join(merged, name), readFileSync(join(folder, name)))
  const mergeStep = workflow.jobs.merge?.steps.find((step) => step.run?.trim().startsWith('gateway-desk'))
  expect(mergeStep).toBeDefined()
  const ended = await run(merged, commandOf(mergeStep as Step))
  expect(ended.code, ended.stderr).toBe(0)
  const [header, ...rows] = parseCsv(readFileSync(join(merged, 'results.csv'), 'utf8'))
  expect(header?.slice(0, 4)).toEqual(['row', 'line', 'id', 'text'])
  expect(rows.map((row) => Number(row[0]))).toEqual(Array.from({ length: 30 }, (_, n) => n + 1))
  // Under its header, row n of the input is line n + 1 of the file.
  expect(rows.map((row) => Number(row[1]))).toEqual(Array.from({ length: 30 }, (_, n) => n + 2))
  expect(rows.every((row) => row[4] === 'answered')).toBe(true)
  // Every row is a passing test case in one of the reports: ten a shard, none failed.
  for (const { shard } of runners) {
    const xml = readFileSync(join(merged, `junit-${shard}.xml`), 'utf8')
    expect(xml).toMatch(/<testsuites name="gateway-desk" tests="10" failures="0" skipped="0" errors="0">/)
  }
})
