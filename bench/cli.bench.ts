// The command line's time against the history's size: `gateway-desk jobs list` on an empty data folder and on
// one of 300,000 video jobs, each run as a person runs it (a new process that opens the folder, answers and
// closes). A command's time must not grow with the history: closing never copies it.
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { heading, report } from './figures.ts'
import { seedJobs } from './jobs.ts'
import { percentile } from './measure.ts'

const jobs = Number(process.argv[2] ?? 300_000)
const runs = 5
const cli = join(import.meta.dirname, '..', 'src', 'cli', 'index.ts')

/** Wall times of `jobs list` on `folder`, the first run (which makes the folder's files) left out. */
function timedList(folder: string): number[] {
  const once = () => {
    const started = performance.now()
    const result = spawnSync(process.execPath, [cli, '--data-dir', folder, 'jobs', 'list'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    })
    if (result.status !== 0) throw new Error(`jobs list failed: ${result.stderr}`)
    return performance.now() - started
  }
  once()
  return Array.from({ length: runs }, once)
}

const empty = await mkdtemp(join(tmpdir(), 'gd-bench-cli-empty-'))
const full = await mkdtemp(join(tmpdir(), 'gd-bench-cli-full-'))
try {
  seedJobs(full, jobs)
  const onEmpty = percentile(timedList(empty), 50)
  const onFull = percentile(timedList(full), 50)
  heading(`the command line (jobs list, ${runs} runs each, p50)`)
  report({ name: 'jobs list, empty data folder, p50', value: onEmpty, unit: 'ms' })
  report({ name: `jobs list, ${jobs.toLocaleString('en-US')} jobs, p50`, value: onFull, unit: 'ms' })
  report({
    name: `jobs list at ${jobs.toLocaleString('en-US')} jobs against an empty folder`,
    value: onFull / onEmpty,
    unit: '×',
    goal: { atMost: 2 },
    detail: 'a command opens the folder, answers and closes; closing copies nothing',
  })
} finally {
  await rm(empty, { recursive: true, force: true })
  await rm(full, { recursive: true, force: true })
}
