import { mkdirSync } from 'node:fs'
import { openHarness } from './measure.ts'

const userData = '/tmp/probe/data50k'
mkdirSync(userData, { recursive: true })
const app = await openHarness(userData, ['--sandbox-synthetic-models', '50000'])
await app.page.getByRole('link', { name: 'Models' }).click()
await app.page
  .getByRole('table', { name: 'Models' })
  .getByRole('rowgroup')
  .getByRole('row')
  .first()
  .waitFor({ timeout: 300_000 })
await app.stop({ keep: true })
const { cpSync } = await import('node:fs')
cpSync(userData + '/catalog.db', '/tmp/probe/catalog50k.db')
