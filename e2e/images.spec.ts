// The image canvas against the sandbox: each family generates; a PNG dropped on the canvas is edited through
// family A and family B; family C works from a reference; a refused file; the gallery after a restart.
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { chooseModel, expect, screenshot, test } from './fixtures/app.ts'

/** A real 64×48 PNG, made with sharp. */
const sourcePng = sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc7733' } })
  .png()
  .toBuffer()
  .then((bytes) => bytes.toString('base64'))

/** Drops a file onto the canvas the way a desktop drag does: a DataTransfer holding a real File. */
async function dropFile(page: Page, name: string, mimeType: string, base64: string): Promise<void> {
  const transfer = await page.evaluateHandle(
    ([fileName, type, data]) => {
      const scope = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } }
        File: new (parts: unknown[], name: string, options: { type: string }) => unknown
        atob(text: string): string
      }
      const binary = scope.atob(data)
      const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
      const dataTransfer = new scope.DataTransfer()
      dataTransfer.items.add(new scope.File([bytes], fileName, { type }))
      return dataTransfer
    },
    [name, mimeType, base64] as const,
  )
  const canvas = page.getByRole('application', { name: /Image canvas/ })
  await canvas.dispatchEvent('dragover', { dataTransfer: transfer })
  await canvas.dispatchEvent('drop', { dataTransfer: transfer })
}

test('generates with each family, with only the options each takes', async ({ app }) => {
  const { page } = app
  await page.getByRole('link', { name: 'Images' }).click()
  const form = page.getByRole('form', { name: 'Generate' })
  await chooseModel(form, 'lumen/image-1')
  await expect(form.getByLabel('Provider')).toBeVisible()
  await form.getByRole('combobox', { name: 'Images' }).selectOption('2')
  await form.getByRole('combobox', { name: 'Size' }).selectOption('256x256')
  await form.getByLabel('Describe the image').fill('a lighthouse at dusk')
  await form.getByRole('button', { name: 'Generate' }).click()
  const details = page.getByRole('region', { name: 'Image details' })
  await expect(details).toContainText('256 × 256')
  await expect(page.getByRole('region', { name: 'Recent images' }).getByRole('listitem')).toHaveCount(2)
  const grid = page.getByRole('region', { name: 'This generation' })
  await expect(grid.getByRole('button')).toHaveCount(2)
  const first = await page.getByRole('region', { name: 'Canvas' }).getByRole('img').getAttribute('src')
  await grid.getByRole('button', { name: 'Show image 2 of 2' }).click()
  await expect(page.getByRole('region', { name: 'Canvas' }).getByRole('img')).not.toHaveAttribute(
    'src',
    first ?? '',
  )
  // The canvas by keyboard: it takes focus; + zooms in, 0 fits again.
  const canvasArea = page.getByRole('application', { name: /Image canvas/ })
  await canvasArea.focus()
  await expect(page.getByRole('radio', { name: 'Fit' })).toBeChecked()
  await page.keyboard.press('+')
  await expect(page.getByRole('radio', { name: 'Fit' })).not.toBeChecked()
  await page.keyboard.press('0')
  await expect(page.getByRole('radio', { name: 'Fit' })).toBeChecked()

  await chooseModel(form, 'aurora/flash-image')
  await expect(form.getByRole('combobox', { name: 'Images' })).toHaveCount(0)
  await expect(form.getByLabel('Provider')).toHaveCount(0)
  await form.getByLabel('Describe the image').fill('a red bicycle')
  await form.getByRole('button', { name: 'Generate' }).click()
  await expect(details).toContainText('aurora/flash-image')

  // With a model that takes no references, the form says which do and switches to one.
  await details.getByRole('button', { name: 'Use as reference' }).click()
  await expect(form.getByRole('status').filter({ hasText: 'A reference image waits' })).toContainText(
    'Aurora Flash Image does not',
  )
  await form.getByRole('button', { name: /^Use Orbit/ }).click()
  await expect(form.getByRole('combobox', { name: 'Model' })).toHaveValue(/orbit/i)
  await expect(form.getByRole('group', { name: /Reference images \(1 of 1–3/ })).toBeVisible()
  await form.getByLabel('Describe the image').fill('a poster in this style')
  await form.getByRole('button', { name: 'Generate' }).click()
  await expect(details).toContainText('orbit/ref-image')
  await expect(details.getByText('Input images')).toBeVisible()
  await screenshot(page, 'images-generate-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'images-generate-dark')
})

test('edits a dropped PNG with family A and family B, compares before and after, and refuses a non-image', async ({
  app,
}) => {
  const { page } = app
  await page.getByRole('link', { name: 'Images' }).click()
  await dropFile(page, 'notes.txt', 'text/plain', Buffer.from('not an image').toString('base64'))
  await expect(page.getByRole('region', { name: 'Canvas' }).getByRole('alert')).toContainText(
    'notes.txt is not an image',
  )

  await dropFile(page, 'photo.png', 'image/png', await sourcePng)
  const edit = page.getByRole('form', { name: 'Edit' })
  await expect(page.getByText('Editing photo.png')).toBeVisible()
  await chooseModel(edit, 'lumen/image-1')
  await expect(edit).toContainText('Sent to /v1/images/edits')
  await edit.getByRole('combobox', { name: 'Size' }).selectOption('auto')
  await edit.getByLabel('Describe the change').fill('add a red balloon')
  await edit.getByRole('button', { name: 'Edit image' }).click()
  const canvas = page.getByRole('region', { name: 'Canvas' })
  const before = canvas.getByRole('img', { name: 'Before: photo.png' })
  const after = canvas.getByRole('img', { name: 'After: add a red balloon' })
  await expect(after).toBeVisible()
  expect(await after.getAttribute('src')).not.toBe(await before.getAttribute('src'))
  await expect(page.getByRole('region', { name: 'Image details' })).toContainText('64 × 48')
  await canvas.getByRole('slider', { name: 'Before and after' }).fill('30')
  await screenshot(page, 'images-edit-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'images-edit-dark')
  await page.emulateMedia({ colorScheme: 'light' })

  await chooseModel(edit, 'aurora/flash-image')
  await expect(edit).toContainText('Sent to generateContent')
  await edit.getByLabel('Describe the change').fill('make it night')
  await edit.getByRole('button', { name: 'Edit image' }).click()
  const night = canvas.getByRole('img', { name: 'After: make it night' })
  await expect(night).toBeVisible()
  expect(await night.getAttribute('src')).not.toBe(await before.getAttribute('src'))
  await expect(page.getByText("The model's thoughts")).toBeVisible()
  // A square result of a 4:3 source, in a wide window: the source is drawn inside the result's frame, never
  // around it.
  await page.setViewportSize({ width: 1920, height: 1080 })
  await chooseModel(edit, 'lumen/image-1')
  await edit.getByRole('combobox', { name: 'Size' }).selectOption('1024x1024')
  await edit.getByLabel('Describe the change').fill('square it')
  await edit.getByRole('button', { name: 'Edit image' }).click()
  const square = canvas.getByRole('img', { name: 'After: square it' })
  await expect(square).toBeVisible()
  await expect(page.getByRole('region', { name: 'Image details' })).toContainText('1024 × 1024')
  // Measured once each picture is decoded: until then it has no natural size to be drawn at.
  const drawn = (image: typeof before) =>
    image.evaluate(async (img: HTMLImageElement) => {
      await img.decode()
      const box = img.getBoundingClientRect()
      const scale = Math.min(box.width / img.naturalWidth, box.height / img.naturalHeight)
      const [width, height] = [img.naturalWidth * scale, img.naturalHeight * scale]
      const [left, top] = [box.x + (box.width - width) / 2, box.y + (box.height - height) / 2]
      return { left, top, right: left + width, bottom: top + height }
    })
  const [source, result] = [await drawn(before), await drawn(square)]
  expect(source.left).toBeGreaterThanOrEqual(result.left - 1)
  expect(source.right).toBeLessThanOrEqual(result.right + 1)
  expect(source.top).toBeGreaterThanOrEqual(result.top - 1)
  expect(source.bottom).toBeLessThanOrEqual(result.bottom + 1)
})

test('keeps the gallery across a restart, with search and each edit linked to its parent', async ({
  app,
}) => {
  let page = app.page
  await page.getByRole('link', { name: 'Images' }).click()
  await dropFile(page, 'photo.png', 'image/png', await sourcePng)
  const edit = page.getByRole('form', { name: 'Edit' })
  await edit.getByLabel('Describe the change').fill('add a kite')
  await edit.getByRole('button', { name: 'Edit image' }).click()
  await expect(page.getByRole('img', { name: 'After: add a kite' })).toBeVisible()

  page = await app.restart()
  await page.getByRole('link', { name: 'Images' }).click()
  await page.getByRole('tab', { name: 'Gallery' }).click()
  const gallery = page.getByRole('region', { name: 'Gallery' })
  await expect(gallery.getByText('2 images')).toBeVisible()
  await gallery.getByLabel('Search prompts').fill('kite')
  await expect(gallery.getByText('1 image', { exact: true })).toBeVisible()
  // Tiles as big as the person likes, kept for the next visit.
  const tile = gallery.getByRole('button', { name: 'Open add a kite' })
  const small = (await tile.boundingBox())?.width ?? 0
  await gallery.getByRole('radio', { name: 'Large' }).check()
  await expect.poll(async () => (await tile.boundingBox())?.width ?? 0).toBeGreaterThan(small * 1.5)
  await screenshot(page, 'images-gallery-light')
  // An edit opened from the gallery comes back beside its parent, with the before/after slider.
  await gallery.getByRole('button', { name: 'Open add a kite' }).click()
  await expect(
    page.getByRole('region', { name: 'Canvas' }).getByRole('slider', { name: 'Before and after' }),
  ).toBeVisible()
  await page.getByRole('tab', { name: 'Gallery' }).click()
  await gallery.getByLabel('Search prompts').fill('kite')
  await gallery.getByRole('button', { name: 'Open its parent' }).click()
  await expect(page.getByRole('region', { name: 'Image details' })).toContainText('photo.png')
  await page.getByRole('tab', { name: 'Gallery' }).click()
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'images-gallery-dark')
  // The command palette finds an image by its prompt too.
  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await palette.getByRole('combobox').fill('kite')
  await palette.getByRole('option', { name: /Open image “add a kite”/ }).click()
  await expect(page.getByRole('region', { name: 'Image details' })).toContainText('add a kite')
})

test('shows a generation under way and a refusal on the canvas itself', async ({ app }) => {
  const { page } = app
  await page.getByRole('link', { name: 'Images' }).click()
  const form = page.getByRole('form', { name: 'Generate' })
  const canvas = page.getByRole('region', { name: 'Canvas' })
  await chooseModel(form, 'lumen/image-1')
  await form.getByRole('combobox', { name: 'Size' }).selectOption('256x256')
  await form.getByLabel('Describe the image').fill('a lighthouse at dusk')
  // A slow service: the canvas says the image is on its way.
  const sandboxUrl = (await page.getByText(/^http:\/\/127\.0\.0\.1:\d+$/).textContent()) ?? ''
  await page.request.post(`${sandboxUrl}/__sandbox/faults`, { data: { latencyMs: 1500 } })
  await form.getByRole('button', { name: 'Generate' }).click()
  await expect(canvas.getByRole('status')).toContainText('Generating…')
  await expect(canvas.getByRole('img')).toBeVisible()
  await page.request.post(`${sandboxUrl}/__sandbox/faults`, { data: { latencyMs: 0 } })

  // Refused by the cloud host's moderation: said over the canvas, the previous image dimmed.
  await form.getByLabel('Provider').fill('cloudhost')
  await form.getByLabel('Describe the image').fill('a taboo subject')
  await form.getByRole('button', { name: 'Generate' }).click()
  await expect(canvas.getByRole('alert')).toContainText('Not drawn:')
  await expect(canvas.locator('.canvas__image--stale')).toBeVisible()
})
