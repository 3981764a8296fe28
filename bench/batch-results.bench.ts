// Batch results table figures in the harness, on the built renderer: a finished batch of 10,000 tickets (run
// through the app's runner against a sandbox process), sorted by each column and filtered by status and by an
// answer, each from the input event's own timestamp to the frame that shows the new table.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runBatch } from './batches.ts'
import { heading, report, reportInteraction } from './figures.ts'
import { resultShownIn, takeSamples, timed, watchInteractions } from './interaction.ts'
import { openHarness, startSandboxProcess } from './measure.ts'

const total = 10_000
const key = 'sk-bench-results'
const sandbox = await startSandboxProcess(['--keys', key])
const userData = await mkdtemp(join(tmpdir(), 'gd-bench-results-'))
const run = await runBatch({ folder: userData, sandboxUrl: sandbox.url, key, total, concurrency: 16 })
sandbox.stop()
if (run.done !== total) throw new Error(`only ${run.done} of ${total} rows answered`)

const app = await openHarness(userData)
const { page } = app
await page.waitForLoadState('networkidle')
await page.getByRole('link', { name: 'Decisions' }).click()
await page.getByRole('tab', { name: 'Batch' }).click()
await page.getByRole('combobox', { name: 'Open a batch' }).selectOption({ index: 1 })
const results = page.getByRole('region', { name: 'Batch results' })
await results.getByText(`${total.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows`).waitFor()
await watchInteractions(page)
await takeSamples(page)
await resultShownIn(page, '.batch-results')

for (let round = 0; round < 4; round++)
  for (const column of [/^urgency/, /^team/, /^Cost/, /^refund/, /^#/])
    await timed(page, () => results.getByRole('button', { name: column }).click())
const sorts = await takeSamples(page)

await results.getByRole('combobox', { name: 'Filter by' }).selectOption({ label: 'team' })
const answer = results.getByRole('combobox', { name: 'Answer is' })
for (let round = 0; round < 5; round++)
  for (const value of ['billing', 'shipping', 'account', ''])
    await timed(page, () => answer.selectOption(value).then(() => undefined))
const filters = await takeSamples(page)
await app.stop()

heading(`batch results, ${total.toLocaleString('en-US')} rows (Chromium ${app.version})`)
reportInteraction(`sort → table painted (${total.toLocaleString('en-US')} rows)`, sorts, 'sorts')
reportInteraction(
  `filter by an answer → table painted (${total.toLocaleString('en-US')} rows)`,
  filters,
  'changes',
)
report({
  name: 'longest task sorting and filtering the results',
  value: Math.max(0, ...sorts.longTasks, ...filters.longTasks),
  unit: 'ms',
  goal: { atMost: 50 },
})
