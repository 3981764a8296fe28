// Start and screen switch, on the built app: from starting the packed app's main process under the Electron
// stand-in to its first screen's title painted (the window's browser launch included); the same start in the
// harness split into the core's part and the page's; and from a click in the sidebar to the next screen
// painted, each screen in turn.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { screenList } from '#shared/screens'
import { heading, report } from './figures.ts'
import { resultShownIn, takeSamples, timed, watchInteractions } from './interaction.ts'
import { openHarness, percentile } from './measure.ts'
import { type StandInStart, stagedApp, standInDataFolder, startUnderStandIn } from './packaged.ts'

const appPath = await stagedApp()
const standInData = await standInDataFolder()
// The first start writes the history and settings; the figures are of the starts after it.
await startUnderStandIn(appPath, standInData)
const packagedStarts: StandInStart[] = []
for (let run = 0; run < 5; run++) packagedStarts.push(await startUnderStandIn(appPath, standInData))

const userData = await mkdtemp(join(tmpdir(), 'gd-bench-app-'))
// The first start writes the history and settings; the figures are of the starts after it.
await (await openHarness(userData)).stop({ keep: true })
const starts: { core: number; page: number; longestTask: number }[] = []
for (let run = 0; run < 4; run++) {
  const app = await openHarness(userData)
  starts.push({ core: app.coreStartMs, page: app.firstScreenMs, longestTask: app.startLongestTaskMs })
  await app.stop({ keep: run < 3 })
}

const app = await openHarness(userData)
const { page } = app
heading(`start and screen switch in the harness (Chromium ${app.version})`)
await watchInteractions(page)
// The app loads each screen's code when idle after it starts; a person's first click comes after that.
await page.waitForLoadState('networkidle')
const switches = new Map<string, number[]>()
for (let round = 0; round < 5; round++)
  for (const screen of [...screenList.slice(1), screenList[0]!]) {
    await resultShownIn(page, '#root', `main[aria-label="${screen.label}"] h1`)
    await timed(page, () => page.getByRole('link', { name: screen.label, exact: true }).click())
    switches.set(screen.label, [...(switches.get(screen.label) ?? []), ...(await takeSamples(page)).samples])
  }
await app.stop()

/** The median of one reading of each start. */
const median = <T>(items: T[], read: (item: T) => number) => percentile(items.map(read), 50)
report({
  name: 'start, packed app under the Electron stand-in: launch → first screen painted, p50',
  value: median(packagedStarts, (start) => start.total),
  unit: 'ms',
  goal: { atMost: 1000 },
  detail: `launch → window loading ${median(packagedStarts, (start) => start.window).toFixed(0)} ms (the stand-in's Node, Playwright and Chromium launch included) + page → title ${median(packagedStarts, (start) => start.page).toFixed(0)} ms, ${packagedStarts.length} starts`,
})
report({
  name: 'start in the harness: core ready + first screen painted, p50',
  value: median(starts, (start) => start.core + start.page),
  unit: 'ms',
  goal: { atMost: 1000 },
  detail: `core ${median(starts, (start) => start.core).toFixed(0)} ms + page ${median(starts, (start) => start.page).toFixed(0)} ms, ${starts.length} starts; the browser's own launch is not counted`,
})
report({
  name: 'starts with a long task in the page (navigation → first screen)',
  value: starts.filter((start) => start.longestTask > 0).length,
  unit: 'starts',
  goal: { atMost: 0 },
  detail: `longest task of each start: ${starts.map((start) => start.longestTask.toFixed(0)).join(', ')} ms (0: none over 50 ms)`,
})
const all = [...switches.values()].flat()
report({
  name: 'screen switch: click → next screen painted, p95',
  value: percentile(all, 95),
  unit: 'ms',
  goal: { atMost: 100 },
  detail: [...switches]
    .map(([label, samples]) => `${label} ${percentile(samples, 50).toFixed(0)}`)
    .join(', '),
})
