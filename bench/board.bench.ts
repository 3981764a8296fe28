// Video board figures in the harness: first render of a board of 10,000 jobs, and the latency from a filter
// change to the board showing the new result.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openHistory } from '#core/history/history'
import { videoStatuses } from '#shared/api/videos'
import { ms, openHarness, percentile } from './measure.ts'

const total = 10_000
const userData = await mkdtemp(join(tmpdir(), 'gd-bench-board-'))
const history = openHistory(userData)
history.transaction(() => {
  for (let i = 0; i < total; i++) {
    const status = videoStatuses[i % videoStatuses.length]!
    history.videoJobs.insert({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      profileId: 'sandbox',
      model: i % 3 ? 'orbit/motion-2' : 'lumen/clip-1',
      prompt: `Board job ${i}: a short film about a lighthouse keeper and a stray cat`,
      mode: i % 4 ? 'text2video' : 'img2video',
      status,
      requestJson: '{}',
      taskJson: null,
      videoSeconds: status === 'completed' ? 5 : null,
      videoCost: status === 'completed' ? '0.25' : null,
      mediaId: null,
      createdAt: Date.now() - i * 60_000,
      updatedAt: Date.now() - i * 60_000,
    })
  }
})
history.close()

const { page, version, stop } = await openHarness(userData)

const firstRender: number[] = []
for (let run = 0; run < 5; run++) {
  await page.getByRole('link', { name: 'Decisions' }).click()
  const started = performance.now()
  await page.getByRole('link', { name: 'Videos' }).click()
  await page.getByText(`${total.toLocaleString('en-US')} jobs`).waitFor()
  await page.getByRole('list', { name: 'Video jobs' }).getByRole('listitem').first().waitFor()
  firstRender.push(performance.now() - started)
}

const filterChange: number[] = []
const perStatus = total / videoStatuses.length
for (let run = 0; run < 20; run++) {
  const status = ['Failed', 'Completed', 'Pending', 'All'][run % 4]!
  const expected = status === 'All' ? total : perStatus
  const started = performance.now()
  await page.getByRole('radio', { name: status }).click()
  // Runs in the page; the page's document is typed here by hand, as this file is checked for Node.
  await page.waitForFunction(
    ([want, name]) => {
      const { document } = globalThis as unknown as {
        document: { querySelector(selector: string): { textContent: string | null } | null }
      }
      const countMatches = document.querySelector('.filter-bar__count')?.textContent === want
      return (
        countMatches &&
        (name === 'All' || document.querySelector('.job-card .status-pill')?.textContent === name)
      )
    },
    [`${expected.toLocaleString('en-US')} jobs`, status] as const,
  )
  filterChange.push(performance.now() - started)
}
await stop()

console.log(`video board in the harness, ${total} jobs (Chromium ${version})`)
console.log(`  first render (cold, the first visit)   ${ms(firstRender[0]!)}`)
console.log(
  `  returning to the board                p50 ${ms(percentile(firstRender.slice(1), 50))} (${firstRender.length - 1} visits)`,
)
console.log(
  `  filter change                         p50 ${ms(percentile(filterChange, 50))}, p95 ${ms(percentile(filterChange, 95))} (${filterChange.length} changes)`,
)
