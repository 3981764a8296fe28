// What only the shipped app can show: its window's preferences, Electron's navigation and window policies,
// one instance per data folder, and a quit in the middle of a batch. Only the packaged project runs it.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, openApp, test } from './fixtures/app.ts'
import { startMainProcess } from './fixtures/packaged.ts'

test('boots the packed app to its first screen in a hardened window', async ({ app }) => {
  const { page } = app
  await expect(page.getByRole('heading', { level: 1, name: 'Decisions' })).toBeVisible()
  test.info().annotations.push({
    type: 'boot to first usable screen',
    description: `${Math.round(app.bootMs ?? 0)} ms`,
  })
  console.log(`packaged app: boot to the first usable screen in ${Math.round(app.bootMs ?? 0)} ms`)
  const window = app.records().find((entry) => entry.api === 'BrowserWindow') as {
    webPreferences: Record<string, unknown>
  }
  expect(window.webPreferences).toMatchObject({
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    webSecurity: true,
    webviewTag: false,
  })
  expect(String(window.webPreferences.preload)).toMatch(/app\.asar\/out\/preload\/index\.cjs$/)
  // The preload's own world is out of the page's reach: only the bridge is there.
  expect(
    await page.evaluate(() => Object.keys(window).filter((key) => /ipc|electron|require/i.test(key))),
  ).toEqual([])
})

test('a link opens in the browser, never in a window, and the page cannot navigate away', async ({ app }) => {
  const { page } = app
  // A link the person clicks that asks for a new window, as a link in rendered content would.
  await page.evaluate(() => {
    const link = document.createElement('a')
    link.href = 'https://docs.example.com/gateway'
    link.target = '_blank'
    link.textContent = 'Gateway docs'
    document.body.append(link)
  })
  await page.getByRole('link', { name: 'Gateway docs' }).click()
  await expect
    .poll(() =>
      app
        .records()
        .filter((entry) => entry.api === 'shell.openExternal')
        .map((entry) => entry.url),
    )
    .toEqual(['https://docs.example.com/gateway'])
  expect(app.records().find((entry) => entry.api === 'webContents.setWindowOpenHandler')).toMatchObject({
    action: 'deny',
  })

  await page.evaluate(() => {
    window.location.href = 'https://evil.example.com/'
  })
  await expect
    .poll(() => app.records().find((entry) => entry.api === 'webContents.will-navigate'))
    .toMatchObject({ url: 'https://evil.example.com/', prevented: true })
  await expect(page.getByRole('heading', { level: 1, name: 'Decisions' })).toBeVisible()
  expect(page.url()).not.toContain('evil.example.com')
})

test('the page’s permission requests reach the session handler, which refuses them', async ({ app }) => {
  const { page } = app
  const answers = await page.evaluate(async () => ({
    notifications: await Notification.requestPermission(),
    geolocation: await new Promise<number>((resolve) =>
      navigator.geolocation.getCurrentPosition(
        () => resolve(0),
        (error) => resolve(error.code),
      ),
    ),
  }))
  expect(answers).toEqual({ notifications: 'denied', geolocation: 1 })
  expect(
    app
      .records()
      .filter((entry) => entry.api === 'session.permissionRequest')
      .map((entry) => [entry.permission, entry.granted]),
  ).toEqual([
    ['notifications', false],
    ['geolocation', false],
  ])
})

test('where safeStorage has only basic_text, keys stay in memory unless the person allows weaker storage', async ({
  app,
}) => {
  const other = await openApp({ shell: 'packaged', env: { ELECTRON_STANDIN_SAFE_STORAGE: 'basic_text' } })
  try {
    await other.page.getByRole('link', { name: 'Settings' }).click()
    await expect(other.page.getByText(/no keychain the app can use/)).toBeVisible()
    await expect(other.page.getByText(/Allow weaker storage/)).toBeVisible()
  } finally {
    await other.close()
  }
  // The usual Linux keyring is no such case.
  await app.page.getByRole('link', { name: 'Settings' }).click()
  await expect(app.page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await expect(app.page.getByText(/no keychain the app can use/)).toHaveCount(0)
})

test('a second launch hands over to the first and quits', async ({ app }) => {
  const second = startMainProcess({ userData: app.userData, sandboxTimeScale: '1', colorScheme: 'light' })
  expect(await second.exited).toBe(0)
  await expect.poll(() => app.records().some((entry) => entry.api === 'app.second-instance')).toBe(true)
  expect(app.records().some((entry) => entry.api === 'BrowserWindow.focus')).toBe(true)
  await expect(app.page.getByRole('heading', { level: 1, name: 'Decisions' })).toBeVisible()
})

test('a command the menu lists runs once from its keys, by the window or else by the menu', async ({
  app,
}) => {
  const { page } = app
  const accelerators = () =>
    app.records().flatMap((entry) => (entry.api === 'Menu.accelerator' ? [entry.accelerator] : []))
  // Ctrl+N: the window runs it (its key dispatcher takes the keys), and the menu is left out.
  await page.keyboard.press('Control+n')
  await expect(page.getByRole('form', { name: 'New video' })).toBeVisible()
  // Ctrl+Enter with nothing to run: the window leaves the keys alone, and the menu's accelerator has them.
  await page.keyboard.press('Control+Enter')
  await expect.poll(accelerators).toEqual(['CmdOrCtrl+Enter'])
})

test('quitting during a batch keeps the rows done, and the next start resumes the rest', async ({ app }) => {
  let page = app.page
  await page.getByRole('combobox', { name: 'Start from a template' }).selectOption('Support ticket triage')
  const sandboxUrl = (await page.getByText(/^http:\/\/127\.0\.0\.1:\d+$/).textContent()) ?? ''
  await page.request.post(`${sandboxUrl}/__sandbox/faults`, { data: { latencyMs: 80 } })
  await page.getByRole('tab', { name: 'Batch' }).click()
  const lines = Array.from({ length: 40 }, (_, i) => `Ticket ${i}: where is my package?`)
  await page.getByLabel('Batch inputs').fill(lines.join('\n'))
  await page.getByLabel('Requests at once').fill('2')
  await page.getByRole('button', { name: 'Run on 40 inputs' }).click()
  const progress = () => page.getByRole('region', { name: 'Batch progress' })
  await expect(progress().getByText(/^([3-9]|[1-3]\d) answered$/)).toBeVisible()

  // The app quits as Electron quits on SIGTERM, and starts again on the same data folder. Its backups are made
  // in the background while it runs (at most once a day), never at a quit.
  page = await app.restart()
  expect(existsSync(join(app.userData, 'history.db.backup'))).toBe(false)
  await page.getByRole('link', { name: 'Decisions' }).click()
  await page.getByRole('tab', { name: 'Batch' }).click()
  const batch = page.getByRole('combobox', { name: 'Open a batch' })
  const label = await batch
    .getByRole('option', { name: /Support ticket triage · .* · 40 rows/ })
    .textContent()
  await batch.selectOption({ label: label ?? '' })
  await expect(
    progress().getByText('Interrupted when the app stopped — resume to run the rows left'),
  ).toBeVisible()
  const answered = Number(
    (
      await progress()
        .getByText(/ answered$/)
        .textContent()
    )?.split(' ')[0],
  )
  expect(answered).toBeGreaterThan(0)
  expect(answered).toBeLessThan(40)
  await progress().getByRole('button', { name: 'Resume' }).click()
  await expect(progress().getByText('Finished')).toBeVisible({ timeout: 30_000 })
  await expect(progress().getByText('40 answered')).toBeVisible()
})
