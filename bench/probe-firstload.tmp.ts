import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openHarness } from './measure.ts'

const userData = await mkdtemp(join(tmpdir(), 'gd-probe-'))
const app = await openHarness(userData, ['--sandbox-synthetic-models', '50000'])
const page = app.page
const t0 = Date.now()
await page.getByRole('link', { name: 'Models' }).click()
await page
  .getByRole('table', { name: 'Models' })
  .getByRole('rowgroup')
  .getByRole('row')
  .first()
  .waitFor({ timeout: 300_000 })
console.log('first load', Date.now() - t0, 'from', t0)
await new Promise((r) => setTimeout(r, 3000))
await app.stop()
