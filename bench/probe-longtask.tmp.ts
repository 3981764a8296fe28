import { writeFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { takeSamples, timed, watchInteractions, resultShownIn } from './interaction.ts'
import { openHarness } from './measure.ts'
const userData = await mkdtemp(join(tmpdir(), 'gd-probe-'))
const app = await openHarness(userData, ['--sandbox-synthetic-models', process.argv[2] ?? '50000'])
const page = app.page
const rows = () => page.getByRole('table', { name: 'Models' }).getByRole('rowgroup').getByRole('row')
await page.getByRole('link', { name: 'Models' }).click()
await rows().first().waitFor({ timeout: 300_000 })
const cdp = await page.context().newCDPSession(page)
await cdp.send('Profiler.enable')
await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
await watchInteractions(page)
await resultShownIn(page, '.models', '.models [role="table"]:not([aria-busy])')
const search = page.getByRole('search', { name: 'Filter models' }).getByRole('searchbox')
await search.focus()
await cdp.send('Profiler.start')
for (let r = 0; r < 3; r++) {
  for (const term of ['4321', '1234', '2468']) {
    for (const char of term) await timed(page, () => search.press(char))
    await timed(page, () => search.fill(''))
  }
  for (const column of [/^Context/, /^Prompt \$/, /^Provider/, /^Model/])
    await timed(page, () => page.getByRole('button', { name: column }).click())
  const role = page.getByRole('combobox', { name: 'Role' })
  for (const value of ['image', 'chat', 'decision', '']) await timed(page, () => role.selectOption(value).then(() => undefined))
}
const { profile } = await cdp.send('Profiler.stop')
const samples = await takeSamples(page)
console.log('long tasks', samples.longTasks)
writeFileSync('/tmp/probe/renderer.cpuprofile', JSON.stringify(profile))
await app.stop()
