import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedJobs } from './jobs.ts'
import { openHarness } from './measure.ts'

const userData = await mkdtemp(join(tmpdir(), 'gd-bench-board-'))
seedJobs(userData, 1000)
const app = await openHarness(userData)
const { page } = app
await page.waitForLoadState('networkidle')
const before = await page.evaluate(() =>
  performance.getEntriesByType('resource').map((e) => e.name.split('/').pop()),
)
console.log(
  'loaded before click',
  before.length,
  before.filter((n) => /Videos|videos/.test(n ?? '')),
)
const t0 = await page.evaluate(() => performance.now())
await page.getByRole('link', { name: 'Videos' }).click()
await page.locator('.job-card:not(.job-card--loading)').first().waitFor()
const after = await page.evaluate(
  (t) =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime > t)
      .map((e) => `${e.name.split('/').pop()} ${(e.startTime - t) | 0}+${e.duration | 0}`),
  t0,
)
console.log('loaded after click', after)
await app.stop()
