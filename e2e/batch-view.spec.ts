// A batch's rows as a table that assistive technology and the keyboard can use in full, in both themes, and the
// batch view at the smallest and the largest window people use: the rows take the width, a new batch's Run is in
// view.
import type { Page } from '@playwright/test'
import { expect, screenshot, test } from './fixtures/app.ts'
import { violationsOn } from './fixtures/axe.ts'

/** The triage template run on `rows` tickets, to the end: the table of the batch's rows. */
async function finishedBatch(page: Page, rows: number) {
  await page.getByRole('link', { name: 'Decisions' }).click()
  await page.getByRole('combobox', { name: 'Start from a template' }).selectOption('Support ticket triage')
  await page.getByRole('tab', { name: 'Batch' }).click()
  const lines = Array.from({ length: rows }, (_, i) =>
    i % 2 === 0
      ? `Ticket ${i + 1}: I was charged twice, refund me now!`
      : `Ticket ${i + 1}: where is my parcel?`,
  )
  await page.getByLabel('Batch inputs').fill(lines.join('\n'))
  await page.getByLabel('Requests at once').fill('8')
  await page.getByRole('button', { name: `Run on ${rows} inputs` }).click()
  await expect(page.getByRole('region', { name: 'Batch progress' }).getByText('Finished')).toBeVisible({
    timeout: 60_000,
  })
  return page.getByRole('table', { name: 'Batch rows' })
}

/** The row that has the focus, by its place in the table (the header is row 1). */
const focusedRow = (page: Page) => page.locator('[role="row"]:focus')

test('a batch’s rows are a table that says its size and sort, passes axe in both themes, and the keyboard reaches every row', async ({
  app,
}) => {
  test.setTimeout(120_000)
  const { page } = app
  const rows = 198
  const table = await finishedBatch(page, rows)
  await expect(page.getByText(`${rows} of ${rows} rows`)).toBeVisible()
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect.poll(() => violationsOn(page, `a batch's rows, ${scheme}`), { timeout: 20_000 }).toEqual([])
  }

  await expect(table).toHaveAttribute('aria-rowcount', String(rows + 1))
  const header = (name: RegExp) => table.getByRole('columnheader', { name })
  // What the number beside each answer is, said once above the rows.
  await expect(page.getByRole('region', { name: 'Batch results' })).toContainText(
    'Beside a yes or no, the probability of yes; beside a choice, the probability of the answer',
  )
  await expect(header(/^Line/)).toHaveAttribute('aria-sort', 'ascending')
  await expect(header(/^Cost/)).toHaveAttribute('aria-sort', 'none')
  await expect(header(/^Input$/)).not.toHaveAttribute('aria-sort', /.*/)
  await table.getByRole('button', { name: /^Cost/ }).click()
  await expect(header(/^Cost/)).toHaveAttribute('aria-sort', 'ascending')
  await table.getByRole('button', { name: /^Cost/ }).click()
  await expect(header(/^Cost/)).toHaveAttribute('aria-sort', 'descending')
  await expect(header(/^Line/)).toHaveAttribute('aria-sort', 'none')
  await table.getByRole('button', { name: /^Line/ }).click()
  await expect(header(/^Line/)).toHaveAttribute('aria-sort', 'ascending')

  // Tab enters the rows once, past the headers, at the first row; the keys then go anywhere in them, the view
  // following.
  await table.getByRole('button', { name: /^Cost/ }).focus()
  await page.keyboard.press('Tab')
  await expect(focusedRow(page)).toHaveAttribute('aria-rowindex', '2')
  await expect(focusedRow(page)).toContainText('Ticket 1:')
  for (const size of [
    { width: 1920, height: 1080 },
    { width: 900, height: 600 },
  ]) {
    const where = `${size.width}×${size.height}`
    await page.setViewportSize(size)
    await page.keyboard.press('End')
    await expect(focusedRow(page), where).toHaveAttribute('aria-rowindex', String(rows + 1))
    await expect(focusedRow(page)).toContainText(`Ticket ${rows}:`)
    await expect(focusedRow(page)).toBeInViewport({ ratio: 1 })
    await page.keyboard.press('ArrowUp')
    await expect(focusedRow(page)).toHaveAttribute('aria-rowindex', String(rows))
    await page.keyboard.press('Home')
    await expect(focusedRow(page)).toHaveAttribute('aria-rowindex', '2')
    for (let step = 0; step < 30; step++) await page.keyboard.press('ArrowDown')
    await expect(focusedRow(page)).toHaveAttribute('aria-rowindex', '32')
    await expect(focusedRow(page)).toContainText('Ticket 31:')
    await expect(focusedRow(page)).toBeInViewport({ ratio: 1 })
    await page.keyboard.press('PageDown')
    await expect(focusedRow(page)).toBeInViewport({ ratio: 1 })
    expect(Number(await focusedRow(page).getAttribute('aria-rowindex'))).toBeGreaterThan(33)
    // Leaving the table and coming back lands on the row left.
    const left = await focusedRow(page).getAttribute('aria-rowindex')
    await page.keyboard.press('Shift+Tab')
    await expect(focusedRow(page)).toHaveCount(0)
    await page.keyboard.press('Tab')
    await expect(focusedRow(page)).toHaveAttribute('aria-rowindex', left ?? '')
  }
})

test('gives a batch’s rows the width of the window, and keeps a new batch’s Run in view, at 900×600 and 1920×1080', async ({
  app,
}) => {
  test.setTimeout(120_000)
  const { page } = app
  await finishedBatch(page, 24)
  // Found by what the view looked like before it was a table too, so that the layout is checked on its own.
  const table = page.locator('.batch-table')
  const picker = page.getByRole('combobox', { name: 'Open a batch' })
  const batch = await picker.inputValue()
  const main = page.getByRole('main')
  for (const size of [
    { width: 900, height: 600 },
    { width: 1920, height: 1080 },
  ]) {
    const where = `${size.width}×${size.height}`
    await page.setViewportSize(size)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await picker.selectOption(batch)
      await expect(page.getByText('24 of 24 rows')).toBeVisible()
      // The rows take the width beside nothing else, every column in it, no answer cut short.
      const [tableBox, mainBox] = [await table.boundingBox(), await main.boundingBox()]
      expect(tableBox?.width ?? 0, where).toBeGreaterThan((mainBox?.width ?? 0) * 0.85)
      const sideways = await table.evaluate((frame) => frame.scrollWidth - frame.clientWidth)
      expect(sideways, where).toBe(0)
      const cut = await table
        .locator('.batch-answer__value')
        .evaluateAll((values) => values.filter((value) => value.scrollWidth > value.clientWidth).length)
      expect(cut, where).toBe(0)
      await screenshot(page, `batch-results-${size.width}x${size.height}-${scheme}`)

      // A new batch: its inputs in the wide area, Run in view without scrolling.
      await picker.selectOption({ label: 'New batch' })
      const setup = page.getByRole('region', { name: 'New batch' })
      await setup.getByLabel('Batch inputs').fill('Where is my parcel?\nRefund me, please.')
      await expect(setup.getByRole('button', { name: 'Run on 2 inputs' })).toBeInViewport({ ratio: 1 })
      const field = await setup.getByLabel('Batch inputs').boundingBox()
      expect(field?.width ?? 0, where).toBeGreaterThan((mainBox?.width ?? 0) * 0.45)
      await screenshot(page, `batch-setup-${size.width}x${size.height}-${scheme}`)
    }
  }
})

test('scrolls a batch wider than the window sideways from a row’s arrow keys', async ({ app }) => {
  const { page } = app
  await page.setViewportSize({ width: 900, height: 600 })
  await page.getByRole('link', { name: 'Decisions' }).click()
  await page.getByRole('combobox', { name: 'Start from a template' }).selectOption('Support ticket triage')
  await page.getByRole('tab', { name: 'Batch' }).click()
  const setup = page.getByRole('region', { name: 'New batch' })
  await setup.getByText('CSV', { exact: true }).click()
  // Every column of the file is kept beside the answers: more than 900 pixels hold. More rows than the view
  // holds, so that the rows' own list scrolls too (and the keys must not stop at it).
  const tickets = Array.from(
    { length: 30 },
    (_, i) => `T-${i},2026-01-02,Ada,Where is my parcel ${i}?,gold,EU`,
  )
  await setup
    .getByLabel('Batch inputs')
    .fill(['ticket,opened,customer,message,plan,region', ...tickets].join('\n'))
  await setup.getByRole('button', { name: 'Run on 30 inputs' }).click()
  await expect(page.getByRole('region', { name: 'Batch progress' }).getByText('Finished')).toBeVisible()
  const frame = page.locator('.batch-table')
  const scrolled = () => frame.evaluate((element) => element.scrollLeft)
  expect(await frame.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeGreaterThan(0)
  await page.getByRole('table', { name: 'Batch rows' }).getByRole('row').nth(1).focus()
  for (let step = 0; step < 30; step++) await page.keyboard.press('ArrowRight')
  await expect
    .poll(scrolled)
    .toBe(await frame.evaluate((element) => element.scrollWidth - element.clientWidth))
  await expect(
    page.getByRole('table', { name: 'Batch rows' }).getByRole('columnheader', { name: /^Cost/ }),
  ).toBeInViewport({ ratio: 1 })
  await page.keyboard.press('ArrowLeft')
  await expect
    .poll(scrolled)
    .toBeLessThan(await frame.evaluate((element) => element.scrollWidth - element.clientWidth))
})
