// Gallery figures in the harness, on the built renderer, with 1,000 images of 4096×4096 kept the way the app
// keeps them (its image library, which makes each thumbnail once in the core): from the click on Gallery to the
// tiles in view painted with their thumbnails, the gaps between frames while scrolling the whole gallery, long
// tasks; and the memory of both processes with those images and 100,000 video jobs in the history, after the
// gallery and the board have been shown.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { openHistory } from '#core/history/history'
import { createImageLibrary } from '#core/images/image-library'
import { createMediaStore } from '#core/media/media-store'
import { createThumbnails } from '#core/media/thumbnails'
import { createNodePlatform } from '#core/node-platform'
import { heading, report } from './figures.ts'
import { frameGaps, takeSamples, watchInteractions } from './interaction.ts'
import { seedJobs } from './jobs.ts'
import { openHarness, percentile } from './measure.ts'
import { photoLike } from './pictures.ts'

const total = Number(process.argv[2] ?? 1000)
const side = 4096
const userData = await mkdtemp(join(tmpdir(), 'gd-bench-gallery-'))

// A photo-like picture, each copy marked apart so none is stored twice.
const base = photoLike(side)
const history = openHistory(userData)
const media = createMediaStore(join(userData, 'media'), history.database.db)
const thumbnails = createThumbnails(join(userData, 'thumbnails'), media)
const library = createImageLibrary({
  history,
  media,
  thumbnails,
  platform: createNodePlatform({ userData }),
  emit: () => {},
})
const seeding = performance.now()
for (let i = 0; i < total; i++) {
  base.writeUInt32BE(i, 0)
  const bytes = await sharp(base, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer()
  const [record] = await library.keep(
    [{ bytes, mimeType: 'image/jpeg', usage: null, cost: null, provider: null, thoughts: [], served: {} }],
    {
      model: 'lumen/image-2',
      prompt: `A harbour at dawn, study ${i}`,
      kind: 'generated',
      parentId: null,
      profileId: 'sandbox',
      params: {},
    },
  )
  // The library makes the thumbnail in the background; the figures are of a gallery whose thumbnails exist.
  await thumbnails.ensure(/[0-9a-f]{64}/.exec(record?.url ?? '')?.[0] ?? '')
}
const seedSeconds = (performance.now() - seeding) / 1000
history.close()
const jobs = 100_000
seedJobs(userData, jobs)

const app = await openHarness(userData, [], { threadHeaps: true })
const { page } = app
heading(`gallery, ${total.toLocaleString('en-US')} images of ${side}×${side} (Chromium ${app.version})`)
await page.waitForLoadState('networkidle')
await page.getByRole('link', { name: 'Images' }).click()
await watchInteractions(page)
await takeSamples(page)

// In the page: from the click's own timestamp until every tile in view shows its decoded thumbnail, painted.
const opens: number[] = []
for (let run = 0; run < 5; run++) {
  await page.getByRole('tab', { name: 'Create' }).click()
  await page.getByRole('region', { name: 'Gallery' }).waitFor({ state: 'detached' })
  const clicked = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const scope = globalThis as unknown as {
          document: {
            addEventListener(
              type: string,
              listener: (event: { timeStamp: number }) => void,
              capture: boolean,
            ): void
            querySelectorAll(selector: string): ArrayLike<{
              complete: boolean
              naturalWidth: number
              getBoundingClientRect(): { top: number; bottom: number }
            }>
          }
          innerHeight: number
          requestAnimationFrame(callback: () => void): void
          setTimeout(callback: () => void, ms: number): void
        }
        scope.document.addEventListener(
          'pointerdown',
          (event) => {
            const started = event.timeStamp
            const check = () => {
              const tiles = Array.from(scope.document.querySelectorAll('.gallery__grid img')).filter(
                (img) => {
                  const box = img.getBoundingClientRect()
                  return box.bottom > 0 && box.top < scope.innerHeight
                },
              )
              if (tiles.length > 0 && tiles.every((img) => img.complete && img.naturalWidth > 0))
                scope.requestAnimationFrame(() =>
                  scope.setTimeout(() => resolve(performance.now() - started), 0),
                )
              else scope.requestAnimationFrame(check)
            }
            scope.requestAnimationFrame(check)
          },
          { capture: true, once: true } as unknown as boolean,
        )
      }),
  )
  await page.getByRole('tab', { name: 'Gallery' }).click()
  opens.push(await clicked)
}
await page
  .getByRole('region', { name: 'Gallery' })
  .getByText(`${total.toLocaleString('en-US')} images`)
  .waitFor()

const grid = page.locator('.gallery__grid')
await grid.hover()
const gaps = await frameGaps(page, async () => {
  for (let step = 0; step < 120; step++) await page.mouse.wheel(0, 500)
})
const { longTasks } = await takeSamples(page)
await page.getByRole('link', { name: 'Videos' }).click()
await page
  .getByRole('status')
  .filter({ hasText: `${jobs.toLocaleString('en-US')} jobs` })
  .waitFor()
const heapMB = await app.heapMB()
const coreMB = app.coreRssMB()
const threads = app.threadHeapsMB()
await app.stop()

report({
  name: `thumbnails made in the core, ${side}² JPEG → 320 px WebP`,
  value: (total / seedSeconds) * 1,
  unit: '/s',
  detail: `${total} images stored and thumbnailed in ${seedSeconds.toFixed(0)} s, once`,
})
report({
  name: `gallery opens: click → tiles in view painted (${total.toLocaleString('en-US')} images)`,
  value: percentile(opens, 50),
  unit: 'ms',
  goal: { atMost: 200 },
  detail: `p50 of ${opens.length}; first ${opens[0]?.toFixed(0)} ms, max ${Math.max(...opens).toFixed(0)} ms`,
})
report({
  name: `gallery scrolling: frames that came late (${total.toLocaleString('en-US')} images)`,
  value: gaps.filter((gap) => gap > 16.7 * 1.5).length,
  unit: 'frames',
  goal: { atMost: 0 },
  detail: `${gaps.length} frames, longest gap ${Math.max(...gaps).toFixed(1)} ms`,
})
report({
  name: 'longest task in the gallery',
  value: Math.max(0, ...longTasks),
  unit: 'ms',
  goal: { atMost: 50 },
})
const held = `${total.toLocaleString('en-US')} images and ${jobs.toLocaleString('en-US')} jobs`
report({
  name: `renderer JS heap, ${held}`,
  value: heapMB,
  unit: 'MB',
  goal: { atMost: 150 },
  detail: 'after a full collection, the gallery and then the board shown',
})
report({
  name: `core process resident memory, ${held}`,
  value: coreMB,
  unit: 'MB',
  goal: { atMost: 250 },
  detail: `the harness process: the core, the built-in sandbox and the page server; V8 heaps by thread: ${threads
    .map(({ thread, mb }) => `${thread} ${mb.toFixed(0)} MB`)
    .join(', ')}; the rest is native (code, thread stacks, SQLite's caches)`,
})
