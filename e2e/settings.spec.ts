// Settings: profiles, keys and their secrecy. A live profile points at a separate sandbox process standing in
// for a real service; its key is a canary that must never come back out of main.
import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, screenshot, test } from './fixtures/app.ts'

const canary = 'sk-canary-4f1d9e7b2c'
let service: ChildProcess
let serviceUrl = ''

test.beforeAll(async () => {
  service = spawn(
    process.execPath,
    [join(import.meta.dirname, '..', 'src', 'sandbox', 'cli.ts'), '--keys', canary],
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

test('adds a live profile, keeps its key secret, tests the connection and switches to it', async ({
  app,
}) => {
  let page = app.page
  await page.getByRole('link', { name: 'Settings' }).click()
  const sandboxCard = page.getByRole('article', { name: 'Profile Sandbox' })
  await expect(sandboxCard.getByText('In use')).toBeVisible()
  await sandboxCard.getByRole('button', { name: 'Test connection' }).click()
  await expect(sandboxCard.getByRole('status')).toContainText('Connected')

  await page.getByRole('button', { name: 'Add profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name').fill('Staging')
  await form.getByLabel('Service address').fill('http://gateway.example.com')
  await form.getByRole('button', { name: 'Add profile' }).click()
  await expect(form.getByText('The address must start with https://')).toBeVisible()
  await form.getByLabel('Service address').fill(serviceUrl)
  await form.getByRole('button', { name: 'Add profile' }).click()

  const staging = page.getByRole('article', { name: 'Profile Staging' })
  await expect(staging.getByText('Not set. Calls to the service need one.')).toBeVisible()
  await staging.getByRole('button', { name: 'Test connection' }).click()
  await expect(staging.getByRole('status')).toContainText('Add an API key')
  await staging.getByLabel('API key', { exact: true }).fill('sk-not-the-right-one')
  await staging.getByRole('button', { name: 'Save API key' }).click()
  await staging.getByRole('button', { name: 'Test connection' }).click()
  await expect(staging.getByRole('status')).toContainText('refused this API key')
  // The status bar tells the connection's health, not the profile's kind.
  const statusBar = page.getByRole('contentinfo')
  await expect(statusBar).toContainText('Connected')
  await page.getByRole('combobox', { name: 'Active profile' }).selectOption({ label: 'Staging' })
  await expect(statusBar).toContainText('Key refused')
  await page.getByRole('combobox', { name: 'Active profile' }).selectOption({ label: 'Sandbox' })
  await expect(statusBar).toContainText('Connected')
  await staging.getByLabel('API key', { exact: true }).fill(canary)
  await staging.getByRole('button', { name: 'Save API key' }).click()
  await expect(staging.getByText(`Set: ••••${canary.slice(-4)}`)).toBeVisible()
  await expect(staging.getByLabel('API key', { exact: true })).toHaveValue('')
  await staging.getByRole('button', { name: 'Test connection' }).click()
  await expect(staging.getByRole('status')).toContainText('Connected')

  // The Staging service lists a model the built-in sandbox does not. The Models screen has read the sandbox's
  // catalog; after the switch it shows Staging's at once, never the previous profile's.
  const models = page.getByRole('table', { name: 'Models' }).getByRole('rowgroup').getByRole('row')
  const onlyOnStaging = models.filter({ hasText: 'staging/only-here' })
  await page.getByRole('link', { name: 'Models' }).click()
  await expect(models.first()).toBeVisible()
  await expect(onlyOnStaging).toHaveCount(0)
  const added = await fetch(`${serviceUrl}/__sandbox/catalog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ add: [{ id: 'staging/only-here', name: 'Only on Staging' }] }),
  })
  expect(added.status).toBe(200)
  await page.getByRole('combobox', { name: 'Active profile' }).selectOption({ label: 'Staging' })
  await expect(onlyOnStaging).toHaveCount(1)
  await page.getByRole('combobox', { name: 'Active profile' }).selectOption({ label: 'Sandbox' })
  await expect(onlyOnStaging).toHaveCount(0)
  await page.getByRole('combobox', { name: 'Active profile' }).selectOption({ label: 'Staging' })
  await expect(onlyOnStaging).toHaveCount(1)
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(staging.getByText('In use')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText(serviceUrl)
  await screenshot(page, 'settings-profiles-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'settings-profiles-dark')

  // The canary never comes back: not in the page, its storage, anything main sent, or any file or log.
  const html = await page.content()
  expect(html).not.toContain(canary)
  const storage = await page.evaluate(() =>
    JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }),
  )
  expect(storage).not.toContain(canary)
  if (app.framesFromMain) {
    expect(app.framesFromMain.length).toBeGreaterThan(10)
    expect(app.framesFromMain.filter((frame) => frame.includes(canary))).toEqual([])
  }
  const scan = filesContaining(app.userData, canary)
  expect(scan.read).toContain('main.log')
  expect(scan.found).toEqual([])

  // After a restart the profile, its key and the choice are still there.
  page = await app.restart()
  await page.getByRole('link', { name: 'Settings' }).click()
  const again = page.getByRole('article', { name: 'Profile Staging' })
  await expect(again.getByText('In use')).toBeVisible()
  await expect(again.getByText(`Set: ••••${canary.slice(-4)}`)).toBeVisible()
})

test('edits and deletes a profile, falling back to the sandbox', async ({ app }) => {
  const { page } = app
  await page.getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Add profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name').fill('Old name')
  await form.getByLabel('Service address').fill('https://gateway.example.com/')
  await form.getByRole('button', { name: 'Add profile' }).click()
  const card = page.getByRole('article', { name: 'Profile Old name' })
  await card.getByRole('button', { name: 'Use this profile' }).click()
  await expect(card.getByText('In use')).toBeVisible()
  await card.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('form', { name: 'Edit Old name' })
  await edit.getByLabel('Name').fill('Sandbox')
  await edit.getByRole('button', { name: 'Save profile' }).click()
  await expect(edit.getByText('Another profile already has this name.')).toBeVisible()
  await edit.getByLabel('Name').fill('Production')
  await edit.getByRole('button', { name: 'Save profile' }).click()
  const renamed = page.getByRole('article', { name: 'Profile Production' })
  await expect(renamed.getByText('https://gateway.example.com')).toBeVisible()
  await renamed.getByRole('button', { name: 'Delete' }).click()
  await page
    .getByRole('dialog', { name: 'Delete the profile "Production" and its keys?' })
    .getByRole('button', { name: 'Delete profile' })
    .click()
  await expect(renamed).toHaveCount(0)
  await expect(page.getByRole('article', { name: 'Profile Sandbox' }).getByText('In use')).toBeVisible()
})

/**
 * The files under `folder` that contain `text`, and every file read. The app writes atomically, so a temporary
 * file may be renamed between the listing and its read: the scan then starts over, and reads the renamed file.
 */
function filesContaining(folder: string, text: string): { found: string[]; read: string[] } {
  for (let pass = 1; ; pass++) {
    let vanished = false
    const found: string[] = []
    const read: string[] = []
    for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue
      let bytes: Buffer
      try {
        bytes = readFileSync(join(entry.parentPath, entry.name))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        vanished = true
        continue
      }
      read.push(entry.name)
      if (bytes.includes(text)) found.push(entry.name)
    }
    if (!vanished || pass === 20) return { found, read }
  }
}
