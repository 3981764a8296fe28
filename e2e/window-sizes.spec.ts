// Every screen at the sizes people use — 900×600, 1400×900, 1920×1080 — in both themes, with some work on each
// (an image on the canvas, a finished video job, a cache): nothing spills out of the window, the sidebar keeps
// to icons below 1000 px, and a screenshot of each is kept for review.
import type { Page } from '@playwright/test'
import { screenList } from '#shared/screens'
import { chooseModel, expect, screenshot, test } from './fixtures/app.ts'

const sizes = [
  { width: 900, height: 600 },
  { width: 1400, height: 900 },
  { width: 1920, height: 1080 },
]

async function withWork(page: Page) {
  await page.getByRole('link', { name: 'Images' }).click()
  const form = page.getByRole('form', { name: 'Generate' })
  await chooseModel(form, 'lumen/image-1')
  await form.getByRole('combobox', { name: 'Size' }).selectOption('1024x1024')
  await form.getByLabel('Describe the image').fill('a lighthouse at dusk')
  await form.getByRole('button', { name: 'Generate' }).click()
  await expect(page.getByRole('region', { name: 'Canvas' }).getByRole('img')).toBeVisible()

  await page.getByRole('link', { name: 'Videos' }).click()
  await page.getByRole('button', { name: 'New video' }).click()
  const video = page.getByRole('form', { name: 'New video' })
  await video.getByLabel('Prompt').fill('A paper boat drifting down a rainy street, seen from above')
  await video.getByRole('button', { name: 'Create video' }).click()
  const detail = page.getByRole('complementary', { name: 'Job detail' })
  await expect(detail.getByText('Completed')).toBeVisible({ timeout: 15_000 })
  await page.getByRole('button', { name: 'Webhooks' }).click()
  await expect(page.getByRole('complementary', { name: 'Webhooks' })).toBeVisible()
}

/** What spills out sideways: the page itself, or the screen's own area. */
const spill = (page: Page) =>
  page.evaluate(() => {
    const doc = document.documentElement
    const screen = document.querySelector('.screen')
    return {
      page: doc.scrollWidth - doc.clientWidth,
      screen: screen ? screen.scrollWidth - screen.clientWidth : 0,
    }
  })

test('every screen fits the window at three sizes, in both themes', async ({ app }) => {
  test.setTimeout(180_000)
  const { page } = app
  await withWork(page)
  for (const size of sizes) {
    await page.setViewportSize(size)
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme })
      for (const screen of screenList) {
        await page.getByRole('link', { name: screen.label }).click()
        await expect(page.getByRole('heading', { level: 1, name: screen.label })).toBeVisible()
        expect(await spill(page), `${screen.label} at ${size.width}×${size.height}`).toEqual({
          page: 0,
          screen: 0,
        })
        await screenshot(page, `sizes/${screen.id}-${size.width}x${size.height}-${theme}`)
      }
    }
    const sidebar = await page.locator('.sidebar').boundingBox()
    if (size.width < 1000) expect(sidebar?.width).toBeLessThan(80)
    else expect(sidebar?.width).toBeGreaterThan(180)
  }
})

test('keeps a question’s name field wide enough to type in at 900×600, with the answers beside', async ({
  app,
}) => {
  const { page } = app
  await page.setViewportSize({ width: 900, height: 600 })
  await page.getByRole('link', { name: 'Decisions' }).click()
  await page.getByRole('combobox', { name: 'Start from a template' }).selectOption('Support ticket triage')
  await page.getByLabel('Content to evaluate').fill('My parcel never arrived.')
  await page.getByRole('button', { name: 'Run' }).click()
  await expect(page.getByRole('region', { name: 'Answers' })).toBeVisible()
  const width = await page
    .getByRole('article', { name: 'Question 1' })
    .getByLabel('Question 1 name')
    .evaluate((field) => field.getBoundingClientRect().width)
  await screenshot(page, 'decisions-answers-900x600')
  expect(width).toBeGreaterThanOrEqual(150)
})
