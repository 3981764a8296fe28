// The screens that pick a model, with the benchmark's catalog: opening each (its model field filled in), and
// typing in the Playground's model field, from the keystroke to the matches painted; how long opening each held the
// core's loop and the data worker.
import { expect, type Page } from '@playwright/test'
import { resultShownIn, takeSamples, timed } from './interaction.ts'
import type { Held, OpenedHarness } from './measure.ts'

/** Each screen with a model field, and how to reach the field once the screen shows. */
const screens: { label: string; open?: (page: Page) => Promise<void> }[] = [
  { label: 'Decisions' },
  { label: 'Images' },
  { label: 'Videos', open: (page) => page.getByRole('button', { name: 'New video' }).click() },
  { label: 'Playground' },
]

export async function modelFields(app: OpenedHarness) {
  const { page } = app
  const opening = new Map<string, number>()
  const held = new Map<string, { core: Held; worker: Held }>()
  for (const screen of screens) {
    await page.getByRole('link', { name: 'Settings' }).click()
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await takeSamples(page)
    const from = Date.now()
    await page.getByRole('link', { name: screen.label, exact: true }).click()
    await page.getByRole('heading', { level: 1, name: screen.label }).waitFor()
    await screen.open?.(page)
    // Done when the field shows the model chosen: the screen has its models.
    const field = page.locator('.model-chooser').getByRole('combobox', { name: 'Model' }).first()
    await expect(field).not.toHaveValue('', { timeout: 120_000 })
    opening.set(screen.label, Math.max(0, ...(await takeSamples(page)).longTasks))
    held.set(screen.label, {
      core: app.longestCoreHold(from, Date.now()),
      worker: app.longestWorkerHold(from, Date.now()),
    })
  }

  // The Playground shows, its messages model field is typed into: each keystroke narrows the matches.
  const field = page
    .getByRole('region', { name: 'Messages settings' })
    .getByRole('combobox', { name: 'Model' })
  await field.focus()
  // The field and its matches change in one render: the frame that shows the field shows the matches.
  await resultShownIn(page, '.playground-settings')
  // Opening the list works out what typing is matched against: its long tasks count with the typing's.
  await field.press('ArrowDown')
  const list = page.getByRole('listbox', { name: 'Model' })
  await list.waitFor()
  // The list draws fifty and says how many more there are.
  const more = Number((await list.locator('.model-chooser__note').textContent())?.replace(/\D/g, '') || 0)
  const chatModels = more + (await list.getByRole('option').count())
  for (const term of ['model-4321', 'model-1234', 'model-2468']) {
    for (const char of term) await timed(page, () => field.press(char))
    await timed(page, () => field.fill(''))
  }
  const keys = await takeSamples(page)
  await field.press('Escape')
  return { opening, held, keys, chatModels }
}
