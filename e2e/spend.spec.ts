// What the app spent, from its ledger: a finished video's cost in the status bar and in Settings › Spend, by
// feature and model, with a link back to the job.
import { expect, screenshot, test } from './fixtures/app.ts'

test('shows what a video cost in the status bar and in the spend view, linked to the job', async ({
  app,
}) => {
  const { page } = app
  await page.getByRole('link', { name: 'Videos' }).click()
  await page.getByRole('button', { name: 'New video' }).click()
  const form = page.getByRole('form', { name: 'New video' })
  await expect(form.getByRole('combobox', { name: 'Model' })).not.toHaveValue('')
  await form.getByLabel('Prompt').fill('A heron at the water’s edge, paid for')
  await form.getByLabel('Duration (s)').fill('4')
  await form.getByRole('button', { name: 'Create video' }).click()
  const detail = page.getByRole('complementary', { name: 'Job detail' })
  await expect(detail.getByText('Completed')).toBeVisible({ timeout: 15_000 })
  const cost = (await detail.getByText(/^4 s of video · \$/).textContent())?.split('· ')[1] ?? ''
  expect(cost).toMatch(/^\$\d/)

  await expect(page.getByRole('contentinfo').getByRole('link', { name: `Spent today ${cost}` })).toBeVisible({
    timeout: 15_000,
  })
  await page.getByRole('link', { name: 'Settings' }).click()
  const spend = page.getByRole('region', { name: 'Spend' })
  await spend.getByRole('radio', { name: 'Today' }).check()
  await expect(spend.getByRole('status')).toContainText(cost)
  await expect(
    spend.getByRole('table', { name: 'By feature' }).getByRole('row', { name: /Videos/ }),
  ).toContainText(cost)
  await expect(spend.getByRole('list', { name: 'Spending by day' }).getByRole('listitem')).toHaveCount(1)
  await screenshot(page, 'settings-spend-light')
  await spend
    .getByRole('table', { name: 'Costliest' })
    .getByRole('link', { name: 'orbit/motion-2 · video' })
    .click()
  await expect(
    page
      .getByRole('complementary', { name: 'Job detail' })
      .getByText('A heron at the water’s edge, paid for'),
  ).toBeVisible()
})
