// The command line's time against the history's size: `gateway-desk jobs list` on an empty data folder and on
// one of 300,000 video jobs, each run as a person runs it (a new process that opens the folder, answers and
// closes). A command's time must not grow with the history: closing never copies it.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
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
async function timedList(folder: string, args: string[] = ['jobs', 'list']): Promise<number[]> {
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now()
      const child = spawn(process.execPath, [cli, '--data-dir', folder, ...args], {
        env: { ...process.env, NO_COLOR: '1' },
        stdio: ['ignore', 'ignore', 'pipe'],
      })
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk
      })
      child.on('close', (code) =>
        code === 0
          ? resolve(performance.now() - started)
          : reject(new Error(`${args.join(' ')} failed: ${stderr}`)),
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
  // The commands a pipeline runs most, on a folder of their own (cold: the command owns it) and attached.
  const receiver = createServer((_req, res) => res.end('ok'))
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const others: [string, string[]][] = [
    ['models list', ['models', 'list', '--limit', '5']],
    ['deliveries list', ['deliveries', 'list']],
    ['models diff', ['models', 'diff']],
    [
      'trigger',
      [
        'trigger',
        'video.generation.completed',
        '--forward-to',
        `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
      ],
    ],
  ]
  const cold = new Map<string, number>()
  for (const [name, args] of others) cold.set(name, percentile(await timedList(empty, args), 50))
  const folder = await takeFolder(full, { info: () => {} })
  const app = await createCore(createNodePlatform({ userData: full }), { folder })
  const attached = percentile(await timedList(full), 50)
  const warm = new Map<string, number>()
  for (const [name, args] of others) warm.set(name, percentile(await timedList(full, args), 50))
  await app.close()
  receiver.close()
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
  for (const [name] of others) {
    report({
      name: `${name}, the command owning the folder, p50`,
      value: cold.get(name) ?? Number.NaN,
      unit: 'ms',
      goal: { atMost: 1000 },
    })
    report({
      name: `${name} attached to an open app, p50`,
      value: warm.get(name) ?? Number.NaN,
      unit: 'ms',
      goal: { atMost: 300 },
    })
  }
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
