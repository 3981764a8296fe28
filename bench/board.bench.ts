// Video board figures in the harness, on the built renderer, with 10,000 and 100,000 jobs in the history: the
// board's first render, a status filter and a search keystroke (each from the input event's own timestamp to the
// frame that shows the result), the longest holds of the core's loop and of the data worker while a person uses
// the board, the gaps between frames while scrolling, and long tasks. (Memory with the board and the catalog shown
// in turn is in models.bench.ts.)
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { heading, oneFrame, report, reportInteraction } from './figures.ts'
import { frameGaps, resultShownIn, takeSamples, timed, watchInteractions } from './interaction.ts'
import { seedJobs } from './jobs.ts'
import { heldDetail, openHarness, percentile } from './measure.ts'

const sizes = process.argv[2] ? [Number(process.argv[2])] : [10_000, 100_000]
const p = (samples: number[], at: number) => percentile(samples, at).toFixed(1)

for (const total of sizes) {
  const size = total.toLocaleString('en-US')
  const userData = await mkdtemp(join(tmpdir(), 'gd-bench-board-'))
  seedJobs(userData, total)
  const app = await openHarness(userData)
  const { page } = app
  heading(`video board, ${size} jobs in the history (Chromium ${app.version})`)
  await watchInteractions(page)
  // The app loads each screen's code when idle after it starts; a person's first click comes after that.
  await page.waitForLoadState('networkidle')

  // First render: from the click on Videos to the first job card painted.
  await resultShownIn(page, '#root', '.job-card:not(.job-card--loading)')
  // The start's own long tasks are the app benchmark's figure, not the board's.
  await takeSamples(page)
  const visits: number[] = []
  const visitTasks: number[] = []
  const usedFrom = Date.now()
  for (let run = 0; run < 6; run++) {
    await page.getByRole('link', { name: 'Decisions' }).click()
    await page.locator('.job-card').first().waitFor({ state: 'detached' })
    await timed(page, () => page.getByRole('link', { name: 'Videos' }).click())
    const taken = await takeSamples(page)
    visits.push(...taken.samples)
    visitTasks.push(...taken.longTasks)
  }

  // The board and its count: what a filter or a search changes.
  // Done when the board shows the new jobs (or that none match): while they are on their way it is busy.
  await resultShownIn(
    page,
    '.videos__body',
    '.videos__body :is(ul[aria-label="Video jobs"]:not([aria-busy]), .videos__none)',
  )
  for (let run = 0; run < 20; run++) {
    const status = ['Failed', 'Completed', 'Pending', 'All'][run % 4]!
    await timed(page, () => page.getByRole('radio', { name: status }).click())
  }
  const filters = await takeSamples(page)

  // Each keystroke moves the newest match, so each one changes what the board shows.
  const search = page.getByRole('searchbox', { name: 'Search prompts' })
  for (const digits of ['4242', '1357', '8642', '2468', '5791', '3141']) {
    await search.fill('take ')
    await page
      .getByText(/take \d+$/)
      .first()
      .waitFor()
    for (const digit of digits) await timed(page, () => search.press(digit))
  }
  const keys = await takeSamples(page)
  await search.fill('')
  await page
    .getByRole('status')
    .filter({ hasText: `${size} jobs` })
    .waitFor()

  const board = page.getByRole('list', { name: 'Video jobs' })
  await board.hover()
  const gaps = await frameGaps(page, async () => {
    for (let step = 0; step < 80; step++) await page.mouse.wheel(0, 400)
  })
  const scrolling = await takeSamples(page)
  const held = {
    core: app.longestCoreHold(usedFrom, Date.now()),
    worker: app.longestWorkerHold(usedFrom, Date.now()),
  }
  await app.stop()

  const longest = Math.max(0, ...filters.longTasks, ...keys.longTasks, ...scrolling.longTasks)
  const longestVisiting = Math.max(0, ...visitTasks)
  report({
    name: `first render, click → first job painted (${size})`,
    value: visits[0]!,
    unit: 'ms',
    goal: { atMost: 150 },
    detail: `coming back: p50 ${p(visits.slice(1), 50)} ms`,
  })
  report({
    name: `core's loop held, longest: opening, filtering, searching, scrolling (${size})`,
    value: held.core.ms,
    unit: 'ms',
    goal: { atMost: oneFrame },
    detail: heldDetail(held.core),
  })
  report({
    name: `data worker held, longest: the same (${size})`,
    value: held.worker.ms,
    unit: 'ms',
    goal: { atMost: oneFrame },
    detail: `what an answer to the page waited behind; ${heldDetail(held.worker)}`,
  })
  report({
    name: `longest task opening the board (${size})`,
    value: longestVisiting,
    unit: 'ms',
    goal: { atMost: 50 },
  })
  reportInteraction(`status filter → board painted (${size})`, filters, 'changes')
  reportInteraction(`search keystroke → board painted (${size})`, keys, 'keystrokes')
  report({
    name: `scrolling: frames that came late, one vsync or more (${size})`,
    value: gaps.filter((gap) => gap > 16.7 * 1.5).length,
    unit: 'frames',
    goal: { atMost: 0 },
    detail: `${gaps.length} frames, longest gap ${Math.max(...gaps).toFixed(1)} ms`,
  })
  report({ name: `longest task on the board (${size})`, value: longest, unit: 'ms', goal: { atMost: 50 } })
}
