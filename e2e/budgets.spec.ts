// Budgets: a live profile (a separate sandbox process standing in for the paid service, whose key counts the
// requests it made) with a monthly budget just above what it spent. The next image, video job and batch row are
// not sent; the person sees what each would cost and what is left, and "Send anyway" sends exactly one request.
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { chooseModel, expect, screenshot, test } from './fixtures/app.ts'

const key = 'sk-budget-e2e-7c1d'
let service: ChildProcess
let serviceUrl = ''

test.beforeAll(async () => {
  service = spawn(
    process.execPath,
    [join(import.meta.dirname, '..', 'src', 'sandbox', 'cli.ts'), '--keys', key, '--time-scale', '0.01'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  )
  serviceUrl = await new Promise<string>((resolve) => {
    service.stdout?.on('data', (chunk: Buffer) => {
      const match = /sandbox listening on (\S+)/.exec(chunk.toString())
      if (match?.[1]) resolve(match[1])
    })
  })
})
test.afterAll(() => {
  service.kill()
})

const requestsMade = async () => {
  const response = await fetch(`${serviceUrl}/__sandbox/keys/${key}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  return ((await response.json()) as { requests: number }).requests
}

async function usePaidProfile(page: Page) {
  await page.getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Add profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name').fill('Paid')
  await form.getByLabel('Service address').fill(serviceUrl)
  await form.getByRole('button', { name: 'Add profile' }).click()
  const paid = page.getByRole('article', { name: 'Profile Paid' })
  await paid.getByLabel('API key', { exact: true }).fill(key)
  await paid.getByRole('button', { name: 'Save API key' }).click()
  await page.getByRole('combobox', { name: 'Active profile' }).selectOption({ label: 'Paid' })
  // The new profile's budget can be set at once, on the same screen.
  await expect(page.getByRole('form', { name: 'Budget of Paid' }).getByLabel('A month (USD)')).toBeVisible()
}

async function generateImage(page: Page) {
  await page.getByRole('link', { name: 'Images' }).click()
  const form = page.getByRole('form', { name: 'Generate' })
  await chooseModel(form, 'lumen/image-1')
  await form.getByRole('combobox', { name: 'Size' }).selectOption('256x256')
  await form.getByLabel('Describe the image').fill('a lighthouse at dusk')
  await form.getByRole('button', { name: 'Generate' }).click()
}

/** A budget (USD to the millionth) just above an amount as the app shows it. */
const justAbove = (shown: string) => {
  const millionths = Math.ceil(Number(shown.replace(/[$,]/g, '')) * 1e6) + 1
  return (millionths / 1e6).toFixed(6)
}

test('a monthly budget just above what was spent stops the next image, video job and batch row; each outcome is one entry', async ({
  app,
}) => {
  const { page } = app
  await usePaidProfile(page)
  await generateImage(page)
  await expect(page.getByRole('region', { name: 'Recent images' }).getByRole('listitem')).toHaveCount(1)

  await page.getByRole('link', { name: 'Settings' }).click()
  const budget = page.getByRole('form', { name: 'Budget of Paid' })
  // The figures follow the ledger: the image's cost shows once they are read again.
  const monthly = budget.getByText(/ this month$/)
  await expect(monthly).not.toContainText('· $0.00 this month')
  const spent = (await budget.getByText(/ this month$/).textContent())?.match(/· (\$[\d.,]+) this month/)?.[1]
  expect(spent).toMatch(/^\$0\.\d+$/)
  await budget.getByLabel('A month (USD)').fill(justAbove(spent ?? ''))
  await budget.getByRole('button', { name: 'Save budget' }).click()
  await expect(budget.getByRole('status')).toHaveText('Saved')
  await expect(page.getByRole('form', { name: 'Budget of Sandbox' })).toContainText('never limited')

  // The next image: refused before it is sent, with what it would cost and what is left.
  const before = await requestsMade()
  await generateImage(page)
  const dialog = page.getByRole('dialog', { name: 'Over the budget' })
  await expect(dialog).toContainText(
    /This image would cost about \$[\d.]+, and \$0\.0000\d+ is left of this month’s budget of \$[\d.]+ for Paid\./,
  )
  await screenshot(page, 'budget-refusal-light')
  await dialog.getByRole('button', { name: 'Don’t send' }).click()
  await expect(page.getByRole('form', { name: 'Generate' }).getByRole('alert')).toContainText(
    'Raise the budget in Settings › Budgets, or send this one anyway.',
  )
  expect(await requestsMade()).toBe(before)

  // Sent anyway: exactly one request.
  await page.getByRole('form', { name: 'Generate' }).getByRole('button', { name: 'Generate' }).click()
  await dialog.getByRole('button', { name: 'Send anyway' }).click()
  await expect(page.getByRole('region', { name: 'Recent images' }).getByRole('listitem')).toHaveCount(2)
  expect(await requestsMade()).toBe(before + 1)
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: /% of this month’s budget/ }),
  ).toBeVisible({
    timeout: 15_000,
  })

  // A video job: refused the same way.
  await page.getByRole('link', { name: 'Videos' }).click()
  await page.getByRole('button', { name: 'New video' }).click()
  const videoForm = page.getByRole('form', { name: 'New video' })
  await expect(videoForm.getByRole('combobox', { name: 'Model' })).not.toHaveValue('')
  await videoForm.getByLabel('Prompt').fill('A heron, over budget')
  await videoForm.getByRole('button', { name: 'Create video' }).click()
  await expect(dialog).toContainText(/^Over the budgetThis video job would cost about \$/)
  // Not sending is the safe choice, so it is the primary one.
  await expect(dialog.getByRole('button', { name: 'Don’t send' })).toHaveClass(/button--primary/)
  await expect(dialog.getByRole('button', { name: 'Send anyway' })).not.toHaveClass(/button--primary/)
  expect(await requestsMade()).toBe(before + 1)
  // The budget is raised inside the dialog, and the job then sent from there, checked against it.
  await dialog.getByRole('button', { name: 'Raise the budget' }).click()
  const raise = dialog.getByRole('form', { name: 'Budget of Paid' })
  await raise.getByLabel('A month (USD)').fill('1000')
  await raise.getByRole('button', { name: 'Save budget' }).click()
  await dialog.getByRole('button', { name: 'Send it now' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('A heron, over budget').first()).toBeVisible()
  // The job is kept before it is sent, so its row can show before the request arrives.
  await expect.poll(requestsMade).toBeGreaterThan(before + 1)

  // The budget back to just above what is spent now.
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(budget.getByLabel('A month (USD)')).toHaveValue('1000')
  const now = (await budget.getByText(/ today · .* this month$/).textContent())?.match(
    /· (\$[\d.,]+) this month/,
  )?.[1]
  await budget.getByLabel('A month (USD)').fill(justAbove(now ?? ''))
  await budget.getByRole('button', { name: 'Save budget' }).click()
  await expect(budget.getByRole('status')).toHaveText('Saved')

  // A batch stops at its first row, and goes on once the budget is lifted.
  await page.getByRole('link', { name: 'Decisions' }).click()
  await page.getByRole('combobox', { name: 'Start from a template' }).selectOption('Support ticket triage')
  await page.getByRole('tab', { name: 'Batch' }).click()
  await page
    .getByLabel('Batch inputs')
    .fill(['one', 'two', 'three'].map((n) => `Ticket ${n}: refund me`).join('\n'))
  await page.getByRole('button', { name: 'Run on 3 inputs' }).click()
  const progress = page.getByRole('region', { name: 'Batch progress' })
  await expect(progress.getByText(/^Stopped at the profile’s budget/)).toBeVisible()
  await expect(progress.getByText('0 answered')).toBeVisible()
  await expect(progress.getByText('3 waiting')).toBeVisible()
  await progress.getByRole('link', { name: 'Raise the budget in Settings' }).click()
  await budget.getByLabel('A month (USD)').fill('')
  await budget.getByRole('button', { name: 'Save budget' }).click()
  await page.getByRole('link', { name: 'Decisions' }).click()
  await expect(progress.getByText('Finished')).toBeVisible({ timeout: 20_000 })
  await expect(progress.getByText('3 answered')).toBeVisible()

  // One decision more; the spend view then holds one entry per billed outcome of this profile.
  await page.getByRole('tab', { name: /^Build/ }).click()
  await page.getByLabel('Content to evaluate').fill('I was charged twice, refund me.')
  await expect(page.getByRole('button', { name: 'Run' })).toBeEnabled()
  await page.keyboard.press('Control+Enter')
  await expect(page.getByRole('region', { name: 'Answers' }).getByRole('article').first()).toBeVisible()
  await page.getByRole('link', { name: 'Settings' }).click()
  const byFeature = page.getByRole('region', { name: 'Spend' }).getByRole('table', { name: 'By feature' })
  const count = (feature: RegExp) => byFeature.getByRole('row', { name: feature }).getByRole('cell').first()
  await expect(count(/Images/)).toHaveText('2')
  await expect(count(/Batch rows/)).toHaveText('3')
  await expect(count(/Decisions/)).toHaveText('1')
})
