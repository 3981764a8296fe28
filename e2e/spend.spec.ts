// What the app spent, from its ledger: a finished video's cost in the status bar and in Settings › Spend, by
// feature and model, with a link back to the job; a playground turn's, linked to its conversation; and a month of
// a few hundred entries at two window sizes in both themes.
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { expect, screenshot, test } from './fixtures/app.ts'

test('shows what a video and a playground turn cost, in the status bar and the spend view, each linked to its item', async ({
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
  // Today is drawn by hour.
  await expect(
    spend.getByRole('list', { name: 'Spending by hour' }).getByRole('listitem').first(),
  ).toHaveAccessibleName(/^\d{4}-\d{2}-\d{2} \d{2}:00: \$/)
  await screenshot(page, 'settings-spend-light')

  // A playground turn is an entry too, and its link opens its conversation.
  await page.getByRole('link', { name: 'Playground' }).click()
  const composer = page.getByRole('form', { name: 'Next turn' })
  await composer.getByLabel('Your message').fill('What does a heron eat?')
  await composer.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('stop_reason end_turn')).toBeVisible()
  await page.getByRole('button', { name: 'New conversation' }).click()
  await page.getByRole('link', { name: 'Settings' }).click()
  const byFeature = spend.getByRole('table', { name: 'By feature' })
  await expect(byFeature.getByRole('row', { name: /Playground/ })).toBeVisible()
  // The total is the sum of its parts, to the cent.
  const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 1e8)
  const parts = await byFeature.getByRole('cell').filter({ hasText: '$' }).allTextContents()
  expect(parts.reduce((sum, part) => sum + cents(part), 0)).toBe(
    cents(await spend.getByRole('status').locator('strong').textContent()),
  )
  await spend
    .getByRole('table', { name: 'Costliest' })
    .getByRole('link', { name: /conversation turn/ })
    .click()
  await expect(page.getByText('What does a heron eat?', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Settings' }).click()
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

test('shows a month of a few hundred charges at 900×600 and 1920×1080, in both themes', async ({ app }) => {
  const { page } = app
  // A month of history as the ledger keeps it, written beside the running app as SQLite allows: entries of
  // every feature and a few models, some days busier than others.
  const db = new DatabaseSync(join(app.userData, 'history.db'))
  db.exec('PRAGMA busy_timeout = 10000')
  const insert = db.prepare(
    'INSERT INTO spend_entries (at, profile_id, feature, model, cost, item_id) VALUES (?, ?, ?, ?, ?, ?)',
  )
  const features = ['decision', 'batch', 'batch', 'batch', 'image', 'video', 'playground', 'cache']
  const models: Record<string, string[]> = {
    decision: ['sysone/judge-1'],
    batch: ['sysone/judge-1', 'sysone/judge-mini'],
    image: ['lumen/image-1', 'aurora/flash-image'],
    video: ['orbit/motion-2'],
    playground: ['nimbus/chat-4', 'aurora/flash-2'],
    cache: ['aurora/flash-2'],
  }
  const prices: Record<string, number> = {
    decision: 0.0004,
    batch: 0.0003,
    image: 0.04,
    video: 0.6,
    playground: 0.01,
    cache: 0.02,
  }
  // Spread over the month so far, none later than now.
  const start = new Date()
  start.setDate(1)
  start.setHours(0, 0, 0, 0)
  const elapsed = Date.now() - start.getTime()
  for (let n = 0; n < 320; n++) {
    const feature = features[(n * 7) % features.length] ?? 'batch'
    const options = models[feature] ?? ['m']
    const cost = ((prices[feature] ?? 0.01) * (1 + ((n * 37) % 11) / 10)).toFixed(6)
    const at = start.getTime() + Math.floor((((n * 7919) % 1000) / 1000) * elapsed)
    insert.run(at, 'sandbox', feature, options[n % options.length] ?? 'm', cost, `seeded-${n}`)
  }
  db.close()

  await page.getByRole('link', { name: 'Settings' }).click()
  const spend = page.getByRole('region', { name: 'Spend' })
  await spend.getByRole('radio', { name: 'This month' }).check()
  await expect(spend.getByRole('status')).toContainText('in 320 charges')
  // Each table says what its columns are, to the eye and to a screen reader: a count is charges, not dollars.
  await spend.getByRole('checkbox', { name: 'Every profile' }).check()
  for (const [table, columns] of [
    ['By feature', ['Feature', 'Charges', 'Cost']],
    ['By model', ['Model', 'Charges', 'Cost']],
    ['By profile', ['Profile', 'Charges', 'Cost']],
    ['Costliest', ['Item', 'Date', 'Cost']],
  ] as const) {
    const headers = spend.getByRole('table', { name: table }).getByRole('columnheader')
    await expect(headers).toHaveText([...columns])
    for (const header of await headers.all()) await expect(header).toBeVisible()
  }
  // A short table beside a long one keeps its rows to their height, not spread over the long one's.
  const lastRowHeight = (table: string) =>
    spend
      .getByRole('table', { name: table })
      .getByRole('row')
      .last()
      .evaluate((row) => row.getBoundingClientRect().height)
  expect(await lastRowHeight('By profile')).toBeLessThanOrEqual((await lastRowHeight('By feature')) + 1)
  for (const size of [
    { width: 900, height: 600 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size)
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme })
      await page.getByRole('heading', { name: 'Spend' }).evaluate((heading) => heading.scrollIntoView())
      // Nothing spills out sideways: the screen's area is as wide as the window gives it.
      const spill = await page.evaluate(() => {
        const screen = document.querySelector('.screen')
        return screen ? screen.scrollWidth - screen.clientWidth : 0
      })
      expect(spill, `${size.width}×${size.height}`).toBe(0)
      await screenshot(page, `spend-view-${size.width}x${size.height}-${theme}`)
    }
  }
})
