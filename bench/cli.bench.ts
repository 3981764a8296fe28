// The command line's time against the history's size: `gateway-desk jobs list` on an empty data folder and on
// one of 300,000 video jobs, each run as a person runs it (a new process that opens the folder, answers and
// closes). A command's time must not grow with the history: closing never copies it.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCore } from '../src/main/core/compose.ts'
import { createNodePlatform } from '../src/main/core/node-platform.ts'
import { takeFolder } from '../src/main/core/owner/folder-owner.ts'
import { heading, report } from './figures.ts'
import { seedJobs } from './jobs.ts'
import { percentile } from './measure.ts'

const jobs = Number(process.argv[2] ?? 300_000)
const runs = 5
// The command line as it ships (`npm run build` makes it), else from source (which strips types as it loads).
const built = join(import.meta.dirname, '..', 'out', 'main', 'cli.js')
const cli = existsSync(built) ? built : join(import.meta.dirname, '..', 'src', 'cli', 'index.ts')

/**
 * Wall times of `jobs list` on `folder`, the first run (which makes the folder's files) left out. Spawned without
 * blocking this process: an owner of the folder may be running here.
 */
async function timedList(folder: string): Promise<number[]> {
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now()
      const child = spawn(process.execPath, [cli, '--data-dir', folder, 'jobs', 'list'], {
        env: { ...process.env, NO_COLOR: '1' },
        stdio: ['ignore', 'ignore', 'pipe'],
      })
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk
      })
      child.on('close', (code) =>
        code === 0 ? resolve(performance.now() - started) : reject(new Error(`jobs list failed: ${stderr}`)),
      )
    })
  await once()
  const times: number[] = []
  for (let run = 0; run < runs; run++) times.push(await once())
  return times
}

const empty = await mkdtemp(join(tmpdir(), 'gd-bench-cli-empty-'))
const full = await mkdtemp(join(tmpdir(), 'gd-bench-cli-full-'))
try {
  seedJobs(full, jobs)
  const onEmpty = percentile(await timedList(empty), 50)
  const onFull = percentile(await timedList(full), 50)
  // The same command while the app (a core serving the folder) has the full folder open: it attaches.
  const folder = await takeFolder(full, { info: () => {} })
  const app = await createCore(createNodePlatform({ userData: full }), { folder })
  const attached = percentile(await timedList(full), 50)
  await app.close()
  heading(`the command line (jobs list, ${runs} runs each, p50, ${cli === built ? 'built' : 'from source'})`)
  report({
    name: 'jobs list, empty data folder (the command owns it), p50',
    value: onEmpty,
    unit: 'ms',
    goal: { atMost: 1000 },
  })
  report({ name: `jobs list, ${jobs.toLocaleString('en-US')} jobs, p50`, value: onFull, unit: 'ms' })
  report({
    name: `jobs list attached to an open app, ${jobs.toLocaleString('en-US')} jobs, p50`,
    value: attached,
    unit: 'ms',
    goal: { atMost: 150 },
    detail: 'a new Node process: its start and imports, then one call over the folder’s socket',
  })
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
