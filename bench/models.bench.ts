// Model browser figures in the harness with a synthetic catalog of 5,000 models served by the sandbox (all
// three listing styles): the initial load (the click to the first rows, fetch, merge and render included), and
// the time from a keystroke in the search field to the table showing the new result.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ms, openHarness, percentile } from './measure.ts'

const synthetic = 5000
const { page, version, stop } = await openHarness(await mkdtemp(join(tmpdir(), 'gd-bench-models-')), [
  '--sandbox-synthetic-models',
  String(synthetic),
])

const visits: number[] = []
const refreshes: number[] = []
for (let round = 0; round < 3; round++) {
  await page.getByRole('link', { name: 'Decisions' }).click()
  const started = performance.now()
  await page.getByRole('link', { name: 'Models' }).click()
  await page.getByRole('list', { name: 'Models' }).getByRole('listitem').first().waitFor({ timeout: 120_000 })
  visits.push(performance.now() - started)
  const refreshing = performance.now()
  await page.getByRole('button', { name: 'Refresh' }).click()
  await page.getByRole('button', { name: 'Refreshing…' }).waitFor({ state: 'detached', timeout: 120_000 })
  refreshes.push(performance.now() - refreshing)
}
const total = (await page.locator('.model-filters__count').textContent()) ?? ''

// In the page, as the Event Timing API and INP measure it: from each keystroke's own timestamp (when the key
// was pressed, before any handler ran) to the first moment after the frame that shows the new count.
await page.evaluate(() => {
  const scope = globalThis as unknown as {
    document: {
      querySelector(selector: string): {
        addEventListener(
          type: string,
          listener: (event: { timeStamp: number }) => void,
          capture?: boolean,
        ): void
      } | null
    }
    MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void }
    MessageChannel: new () => {
      port1: { onmessage: (() => void) | null }
      port2: { postMessage(value: unknown): void }
    }
    requestAnimationFrame(callback: () => void): void
    samples: number[]
    pending: number | null
  }
  scope.samples = []
  scope.pending = null
  const field = scope.document.querySelector('input[type=search]')
  const count = scope.document.querySelector('.model-filters__count')
  field?.addEventListener(
    'keydown',
    (event) => {
      scope.pending = event.timeStamp
    },
    true,
  )
  new scope.MutationObserver(() => {
    const started = scope.pending
    if (started === null) return
    scope.pending = null
    // rAF runs before the frame is painted; a message posted from it arrives after.
    scope.requestAnimationFrame(() => {
      const channel = new scope.MessageChannel()
      channel.port1.onmessage = () => scope.samples.push(performance.now() - started)
      channel.port2.postMessage(null)
    })
  }).observe(count, { subtree: true, childList: true, characterData: true })
})

const search = page.getByRole('search', { name: 'Filter models' }).getByRole('searchbox')
for (const term of ['4321', '1234', '2468', '3579', '9876', '5555']) {
  for (const char of term) {
    await search.press(char)
    await page.waitForTimeout(120)
  }
  await search.fill('')
  await page.waitForTimeout(300)
}
const samples = await page.evaluate(() => (globalThis as unknown as { samples: number[] }).samples)
await stop()

console.log(
  `model browser in the harness, ${synthetic.toLocaleString('en-US')} synthetic models + the sandbox's own (Chromium ${version})`,
)
console.log(
  `  initial load, click → rows shown   ${ms(visits[0] ?? Number.NaN)} (three listings fetched, merged, sent, rendered; ${total.trim()})`,
)
console.log(`  coming back to the screen          ${visits.slice(1).map(ms).join(', ')}`)
console.log(`  refresh (three listings again)     p50 ${ms(percentile(refreshes, 50))}`)
const p95 = percentile(samples, 95)
console.log(
  `  keystroke → table painted          p50 ${ms(percentile(samples, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...samples))} (${samples.length} keystrokes; goal p95 ≤ 16 ms ${p95 <= 16 ? '✓' : '✗'})`,
)
