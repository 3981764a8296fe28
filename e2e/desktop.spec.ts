// The shell around the screens: files dropped on the window open the right tool, the history goes out and
// comes back as one archive, and the page is served with its content security policy.
import { existsSync } from 'node:fs'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { dialogAnswersFileOf } from '#core/dialog-answers'
import { contentSecurityPolicy, metaContentSecurityPolicy } from '#shared/csp'
import { expect, openApp, test } from './fixtures/app.ts'

/** Drops a real file on the window outside any drop zone, as a desktop drag does. */
async function dropOnWindow(page: Page, name: string, type: string, content: Buffer): Promise<void> {
  const transfer = await page.evaluateHandle(
    ([fileName, mime, data]) => {
      const scope = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } }
        File: new (parts: unknown[], name: string, options: { type: string }) => unknown
        atob(text: string): string
      }
      const dataTransfer = new scope.DataTransfer()
      const bytes = Uint8Array.from(scope.atob(data), (char) => char.charCodeAt(0))
      dataTransfer.items.add(new scope.File([bytes], fileName, { type: mime }))
      return dataTransfer
    },
    [name, type, content.toString('base64')] as const,
  )
  const target = page.getByRole('navigation', { name: 'Screens' })
  await target.dispatchEvent('dragover', { dataTransfer: transfer })
  await target.dispatchEvent('drop', { dataTransfer: transfer })
}

test('a file dropped on the window opens the tool for it', async ({ app }) => {
  const { page } = app
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#22aa66' } })
    .png()
    .toBuffer()
  await dropOnWindow(page, 'leaf.png', 'image/png', png)
  await expect(page.getByRole('heading', { level: 1, name: 'Images' })).toBeVisible()
  await expect(page.getByText('Editing leaf.png')).toBeVisible()

  await dropOnWindow(
    page,
    'tickets.csv',
    'text/csv',
    Buffer.from('id,text\n1,refund please\n2,where is my parcel\n'),
  )
  await expect(page.getByRole('heading', { level: 1, name: 'Decisions' })).toBeVisible()
  await expect(page.getByText('tickets.csv')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Input column' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Input column' }).selectOption({ label: 'text' })
  await expect(page.getByText('2 inputs', { exact: true })).toBeVisible()

  await dropOnWindow(page, 'notes.docx', 'application/octet-stream', Buffer.from('x'))
  await expect(page.getByRole('alert')).toContainText('notes.docx is not something the app opens')
})

test('exports the history to one archive and imports it into another install at its next start', async ({
  app,
}) => {
  const { page } = app
  await page.getByRole('link', { name: 'Decisions' }).click()
  await page.getByRole('combobox', { name: 'Start from a template' }).selectOption('Support ticket triage')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved as version 1')).toBeVisible()

  const archive = join(await mkdtemp(join(tmpdir(), 'gd-e2e-archive-')), 'history.tar.gz')
  await writeFile(dialogAnswersFileOf(app.userData), JSON.stringify([archive]))
  await page.getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Export history…' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Exported' })).toContainText('1 questionnaire,')
  expect(existsSync(archive)).toBe(true)

  const other = await openApp()
  try {
    await writeFile(dialogAnswersFileOf(other.userData), JSON.stringify([archive]))
    await other.page.getByRole('link', { name: 'Settings' }).click()
    await other.page.getByRole('button', { name: 'Import history…' }).click()
    // The desktop app restarts by itself (app.relaunch, then quit) a moment after saying so, which the
    // records keep; the harness asks the person to.
    // A failed import shows an alert instead, which the poll reports.
    if (other.shell === 'packaged')
      await expect
        .poll(
          async () =>
            other.records().some((entry) => entry.api === 'app.relaunch')
              ? 'relaunched'
              : (
                  await other.page
                    .getByRole('alert')
                    .allTextContents()
                    .catch(() => [])
                ).join(' ') || 'waiting',
          { timeout: 60_000, message: 'the app relaunches after the import is staged' },
        )
        .toBe('relaunched')
    else
      await expect(
        other.page.getByRole('status').filter({ hasText: 'The archive checks out' }),
      ).toContainText('Restart the app to put it in place.', { timeout: 30_000 })
    // The stand-in's relaunch is the fixture starting the app again on the same data folder.
    const restarted = await other.restart()
    await restarted.getByRole('link', { name: 'Decisions' }).click()
    await expect(restarted.getByRole('combobox', { name: 'Open a saved questionnaire' })).toContainText(
      'Support ticket triage (v1)',
    )
  } finally {
    await other.close()
  }
})

test('the page is served with its content security policy, as a header and in the page', async ({ app }) => {
  const response = await app.page.request.get(app.page.url())
  expect(response.headers()['content-security-policy']).toBe(contentSecurityPolicy)
  const meta = await app.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')
  // The meta tag carries all of it but frame-ancestors, which a browser ignores there (the header has it).
  expect(meta?.replace(/\s+/g, ' ').trim()).toBe(metaContentSecurityPolicy)
  expect(contentSecurityPolicy).toContain("frame-ancestors 'none'")
})
