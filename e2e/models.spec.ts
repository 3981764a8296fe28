// The model browser against the sandbox: filter, sort, open a model, compare two, "Use in …", and what changed
// after the sandbox's catalog changes.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, screenshot, test } from './fixtures/app.ts'

test('filters, sorts, opens a model, compares two and uses one in its screen', async ({ app }) => {
  const { page } = app
  await page.getByRole('link', { name: 'Models' }).click()
  const rows = page.getByRole('table', { name: 'Models' }).getByRole('rowgroup').getByRole('row')
  await expect(rows.first()).toBeVisible()
  const total = await rows.count()

  const filters = page.getByRole('search', { name: 'Filter models' })
  await filters.getByRole('combobox', { name: 'Writes' }).selectOption('image')
  await expect(filters.getByText(/^4 of \d+ models/)).toBeVisible()
  await filters.getByRole('combobox', { name: 'Writes' }).selectOption('')
  await filters.getByLabel('Max prompt $/1M').fill('0.5')
  await expect(rows).not.toHaveCount(total)
  await filters.getByRole('button', { name: 'Clear filters' }).click()
  await expect(rows).toHaveCount(total)

  const catalog = page.getByRole('table', { name: 'Models' })
  /** The columns' names in the table's order, without the arrow of the column it is sorted by. */
  const columnOrder = async () =>
    (await catalog.getByRole('columnheader').allTextContents()).map((name) => name.replace(/ [↑↓]$/, ''))
  const order = await columnOrder()
  expect(order.slice(1, 7)).toEqual([
    'Model',
    'Provider',
    'Reads → writes',
    'Context',
    'Max out',
    'Prompt $/1M',
  ])

  await page.getByRole('button', { name: 'Prompt $/1M' }).click()
  // Cheapest prompt first is a model with a token price, not a video model billed per second.
  await expect(rows.first()).not.toContainText(/\/s$/)
  await expect(rows.first()).not.toContainText(/clip|motion/)
  await expect(rows.filter({ hasText: 'lumen/clip-1' })).toContainText(/\$\d+\.\d+\/s/)
  await page.getByRole('button', { name: 'Prompt $/1M ↑' }).click()
  await expect(page.getByRole('button', { name: 'Prompt $/1M ↓' })).toBeVisible()
  // Assistive technology reads the table's size, each row's place and the column it is sorted by.
  await expect(catalog).toHaveAttribute('aria-rowcount', String(total + 1))
  await expect(rows.first()).toHaveAttribute('aria-rowindex', '2')
  await expect(catalog.getByRole('columnheader', { name: 'Prompt $/1M ↓' })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  await expect(catalog.getByRole('columnheader', { name: 'Provider' })).toHaveAttribute('aria-sort', 'none')
  // The most expensive prompt first: the image model at $5.00 per 1M.
  await expect(rows.first()).toContainText('$5.00')
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as { location: { hash: string } }).location.hash))
    .toContain('sort=prompt&desc=1')

  await page.getByRole('button', { name: /Aurora Flash Image/ }).click()
  const detail = page.getByRole('complementary', { name: 'Model aurora/flash-image' })
  // Sorted, and with a model open, the columns keep their places: a column read before is where it was.
  await expect(detail).toBeVisible()
  expect(await columnOrder()).toEqual(order)
  await expect(page.getByRole('button', { name: 'Prompt $/1M ↓' })).toBeVisible()
  // The narrow table scrolls to the price column (Playwright brings it into view to click it); the model's
  // column stays pinned at its left edge, so each price is read beside its model's name.
  await page.getByRole('button', { name: 'Prompt $/1M ↓' }).click()
  expect(await columnOrder()).toEqual(order)
  expect(await page.locator('.model-table').evaluate((table) => table.scrollLeft)).toBeGreaterThan(0)
  // The pinned column follows the scroll on the scroll's event, a frame after it: wait for it to settle.
  const leftOf = async (locator: ReturnType<typeof page.locator>) =>
    (await locator.boundingBox())?.x ?? Number.NaN
  const rightOf = async (locator: ReturnType<typeof page.locator>) => {
    const box = await locator.boundingBox()
    return box ? box.x + box.width : Number.NaN
  }
  const tableLeft = await leftOf(page.locator('.model-table'))
  await expect
    .poll(() => leftOf(catalog.getByRole('button', { name: /Aurora Flash Image/ })))
    .toBeGreaterThanOrEqual(tableLeft)
  // A header reached from the keyboard is brought into view beside the pinned column, not under it.
  const provider = catalog.getByRole('button', { name: 'Provider' })
  await provider.focus()
  await expect
    .poll(
      async () =>
        (await leftOf(provider)) - (await rightOf(catalog.getByRole('columnheader', { name: 'Model' }))),
    )
    .toBeGreaterThanOrEqual(0)
  await expect(detail.getByRole('region', { name: 'Where the styles disagree' })).toContainText(
    'Flash Image (preview)',
  )
  await expect(detail.getByRole('region', { name: 'Raw objects' })).toContainText(
    '"name": "models/aurora/flash-image"',
  )
  await detail.getByLabel('Prompt tokens').fill('1000000')
  await expect(detail.getByRole('region', { name: 'Cost calculator' })).toContainText('$0.30 per call')
  await screenshot(page, 'models-detail-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'models-detail-dark')
  await page.emulateMedia({ colorScheme: 'light' })

  await page.getByRole('checkbox', { name: 'Compare Aurora Flash 2' }).check()
  await page.getByRole('checkbox', { name: 'Compare Nimbus Chat 4' }).check()
  await page.getByRole('tab', { name: 'Compare (2)' }).click()
  const table = page.getByRole('table')
  await expect(table.getByRole('columnheader', { name: /Aurora Flash 2/ })).toBeVisible()
  await expect(table.getByRole('columnheader', { name: /Nimbus Chat 4/ })).toBeVisible()
  await screenshot(page, 'models-compare-light')

  await page.getByRole('tab', { name: 'Price and context' }).click()
  const plot = page.getByRole('figure', { name: /Prompt price against context length/ })
  await expect(plot).toBeVisible()
  // Ticks keep their size whatever the window; a focused point is labelled in a tip inside the chart.
  const tickHeight = () =>
    plot
      .locator('.price-plot__tick')
      .first()
      .evaluate((tick) => tick.getBoundingClientRect().height)
  const wide = await tickHeight()
  await page.setViewportSize({ width: 900, height: 600 })
  await expect.poll(tickHeight).toBeCloseTo(wide, 0)
  await page.setViewportSize({ width: 1280, height: 800 })
  const point = page.getByRole('button', { name: /^SystemOne Judge 1:/ })
  await point.focus()
  const tip = plot.locator('.price-plot__tip')
  await expect(tip).toContainText('SystemOne Judge 1')
  const [tipBox, chartBox] = [await tip.boundingBox(), await plot.locator('.price-plot__chart').boundingBox()]
  expect(
    tipBox && chartBox && tipBox.x >= chartBox.x && tipBox.x + tipBox.width <= chartBox.x + chartBox.width,
  ).toBe(true)
  await point.click()
  await page.getByRole('button', { name: 'Use in Decisions' }).click()
  await expect(page.getByRole('heading', { name: 'Decisions' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('SystemOne Judge 1')
})

test('shows what changed after the catalog changes, and keeps filters across a restart', async ({ app }) => {
  let page = app.page
  await page.getByRole('link', { name: 'Models' }).click()
  await expect(
    page.getByRole('table', { name: 'Models' }).getByRole('rowgroup').getByRole('row').first(),
  ).toBeVisible()
  const sandboxUrl = (await page.getByText(/^http:\/\/127\.0\.0\.1:\d+$/).textContent()) ?? ''
  await page.request.post(`${sandboxUrl}/__sandbox/catalog`, {
    data: {
      add: [{ id: 'nimbus/chat-5', name: 'Nimbus Chat 5' }],
      remove: ['lumen/clip-1'],
      prices: { 'aurora/flash-2': { prompt: '0.0000004' } },
    },
  })
  await page.getByRole('button', { name: 'Refresh' }).click()
  await page.getByRole('button', { name: 'See what changed' }).click()
  const changes = page.getByRole('region', { name: 'What changed' })
  await expect(changes.getByRole('heading', { name: 'Added (1 model)' })).toBeVisible()
  await expect(changes).toContainText('nimbus/chat-5')
  await expect(changes.getByRole('heading', { name: 'Removed (1 model)' })).toBeVisible()
  await expect(changes).toContainText('lumen/clip-1')
  await expect(changes.getByRole('row', { name: /aurora\/flash-2 Prompt/ })).toContainText('$0.40/1M')
  // Filtered by a provider: only its changes stay.
  await changes.getByLabel('Filter by model or provider').fill('aurora')
  await expect(changes.getByRole('heading', { name: /^Added/ })).toHaveCount(0)
  await expect(changes.getByRole('row', { name: /aurora\/flash-2 Prompt/ })).toBeVisible()
  await changes.getByLabel('Filter by model or provider').fill('')
  await screenshot(page, 'models-changes-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'models-changes-dark')

  await page.getByRole('tab', { name: 'Table' }).click()
  // The table reads the new catalog: the model added shows, the one removed does not.
  const filters = page.getByRole('search', { name: 'Filter models' })
  const rows = page.getByRole('table', { name: 'Models' }).getByRole('rowgroup').getByRole('row')
  await filters.getByRole('searchbox').fill('chat-5')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Nimbus Chat 5')
  await filters.getByRole('searchbox').fill('clip-1')
  await expect(filters.getByText(/^0 of \d+ models/)).toBeVisible()
  await filters.getByRole('searchbox').fill('')
  await filters.getByRole('combobox', { name: 'Provider' }).selectOption('aurora')
  // The view's address is kept with the preferences in the data folder.
  await expect
    .poll(async () =>
      (await readFile(join(app.userData, 'preferences.json'), 'utf8').catch(() => '')).includes(
        'provider=aurora',
      ),
    )
    .toBe(true)
  page = await app.restart()
  await page.getByRole('link', { name: 'Models' }).click()
  await expect(
    page.getByRole('search', { name: 'Filter models' }).getByRole('combobox', { name: 'Provider' }),
  ).toHaveValue('aurora')
})
