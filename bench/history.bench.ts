// History figures at 1,000,000 video jobs, in the core (node:sqlite, WAL, synchronous=FULL): the latest 100 of
// one status, what the board reads when it opens (the count and the first page), a search of every prompt,
// and the database's size on disk.
import { statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openHistory } from '#core/history/history'
import { videoStatuses } from '#shared/api/videos'
import { type BoardQuery, createBoard } from '../src/main/core/videos/board.ts'
import { heading, report } from './figures.ts'
import { seedJobs } from './jobs.ts'
import { percentile } from './measure.ts'

const total = Number(process.argv[2] ?? 1_000_000)
const folder = await mkdtemp(join(tmpdir(), 'gd-bench-history-'))
const { insertsPerSecond } = seedJobs(folder, total)
const history = openHistory(folder)
const board = createBoard(history.database.db, (id) => `/media/${id}`)
const first = (query: Partial<BoardQuery> = {}) =>
  board.page({ offset: 0, limit: 100, count: true, ...query })

const timedRuns = (runs: number, work: (run: number) => unknown): number[] => {
  for (let run = 0; run < Math.min(runs, 20); run++) work(run)
  return Array.from({ length: runs }, (_, run) => {
    const started = performance.now()
    work(run)
    return performance.now() - started
  })
}

const byStatus = timedRuns(2000, (run) =>
  board.page({ status: videoStatuses[run % videoStatuses.length]!, offset: 0, limit: 100, count: false }),
)
const boardOpen = timedRuns(50, () => first())
// From a rare phrase to one in a sixth of the prompts, and two letters (too short for the index); each answer
// is the first page and the count.
const terms = ['take 424242', 'red kite runs', 'paper boat', 'noir', 'harbour', 'sleeps in the snow', 'ca']
const search = timedRuns(70, (run) => first({ text: terms[run % terms.length] }))
history.close()
const sizeMB = statSync(join(folder, 'history.db')).size / 2 ** 20
await rm(folder, { recursive: true, force: true })

const size = total.toLocaleString('en-US')
heading(`history of ${size} video jobs (node:sqlite, WAL, synchronous=FULL)`)
report({ name: `jobs written, transactions of 5,000`, value: insertsPerSecond, unit: '/s' })
report({
  name: `latest 100 of one status, p99 (${size})`,
  value: percentile(byStatus, 99),
  unit: 'ms',
  goal: { atMost: 1 },
  detail: `p50 ${percentile(byStatus, 50).toFixed(3)} ms`,
})
report({
  name: `board opens: jobs counted and the first page read, p95 (${size})`,
  value: percentile(boardOpen, 95),
  unit: 'ms',
  goal: { atMost: 300 },
  detail: `p50 ${percentile(boardOpen, 50).toFixed(1)} ms`,
})
report({
  name: `search of every prompt: matches counted, first page read, p95 (${size})`,
  value: percentile(search, 95),
  unit: 'ms',
  goal: { atMost: 50 },
  detail: `p50 ${percentile(search, 50).toFixed(1)} ms; ${terms.map((term) => `"${term}"`).join(', ')}`,
})
report({ name: `database on disk, after a clean close (${size})`, value: sizeMB, unit: 'MB' })
