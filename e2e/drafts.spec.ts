// What a person was writing and has not sent stays where they left it: on every screen, across screen switches
// (Ctrl+1 … Ctrl+5) and across a restart of the app.
import { chooseModel, expect, test } from './fixtures/app.ts'

test('keeps every screen’s draft across screen switches and a restart', async ({ app }) => {
  const { page } = app
  // Images: the prompt and the options chosen.
  await page.getByRole('link', { name: 'Images' }).click()
  const images = page.getByRole('form', { name: 'Generate' })
  await chooseModel(images, 'lumen/image-1')
  await images.getByRole('combobox', { name: 'Images' }).selectOption('2')
  await images.getByLabel('Describe the image').fill('a lighthouse at dusk')
  // The playground's next message.
  await page.getByRole('link', { name: 'Playground' }).click()
  const composer = page.getByRole('form', { name: 'Next turn' })
  await composer.getByLabel('Your message').fill('Tell me about lighthouses')
  // The content a single decision evaluates.
  await page.getByRole('link', { name: 'Decisions' }).click()
  await page.getByLabel('Content to evaluate').fill('My parcel is late, again.')
  // A new video's prompt.
  await page.getByRole('link', { name: 'Videos' }).click()
  await page.getByRole('button', { name: 'New video' }).click()
  await page
    .getByRole('form', { name: 'New video' })
    .getByLabel('Prompt')
    .fill('A paper boat on a rainy street')

  // Another screen and back, by keyboard: each is as it was left.
  await page.keyboard.press('ControlOrMeta+2')
  await expect(images.getByLabel('Describe the image')).toHaveValue('a lighthouse at dusk')
  await expect(images.getByRole('combobox', { name: 'Images' })).toHaveValue('2')
  await page.keyboard.press('ControlOrMeta+1')
  await expect(page.getByLabel('Content to evaluate')).toHaveValue('My parcel is late, again.')

  // And after a restart.
  const restarted = await app.restart()
  await restarted.getByRole('link', { name: 'Images' }).click()
  const after = restarted.getByRole('form', { name: 'Generate' })
  await expect(after.getByLabel('Describe the image')).toHaveValue('a lighthouse at dusk')
  await expect(after.getByRole('combobox', { name: 'Images' })).toHaveValue('2')
  await restarted.getByRole('link', { name: 'Playground' }).click()
  await expect(restarted.getByRole('form', { name: 'Next turn' }).getByLabel('Your message')).toHaveValue(
    'Tell me about lighthouses',
  )
  await restarted.getByRole('link', { name: 'Decisions' }).click()
  await expect(restarted.getByLabel('Content to evaluate')).toHaveValue('My parcel is late, again.')
  await restarted.getByRole('link', { name: 'Videos' }).click()
  await restarted.getByRole('button', { name: 'New video' }).click()
  await expect(restarted.getByRole('form', { name: 'New video' }).getByLabel('Prompt')).toHaveValue(
    'A paper boat on a rainy street',
  )
  // Escape closes the form and keeps what was typed.
  await restarted.keyboard.press('Escape')
  await expect(restarted.getByRole('form', { name: 'New video' })).toHaveCount(0)
  await restarted.getByRole('button', { name: 'New video' }).click()
  await expect(restarted.getByRole('form', { name: 'New video' }).getByLabel('Prompt')).toHaveValue(
    'A paper boat on a rainy street',
  )
})
