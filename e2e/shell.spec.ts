// The app's frame: it renders, navigates by click and keyboard, follows the OS theme or the person's choice,
// and gives the page nothing but the two bridge functions.
import { expect, screenshot, test } from './fixtures/app.ts'

const screens = ['Decisions', 'Images', 'Videos', 'Models', 'Playground', 'Settings']

test('every screen opens from the sidebar and says what it is for', async ({ app }) => {
  const { page } = app
  const nav = page.getByRole('navigation', { name: 'Screens' })
  for (const name of screens) {
    await nav.getByRole('link', { name }).click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('main', { name })).toBeVisible()
  }
  await expect(page.getByRole('combobox', { name: 'Active profile' })).toHaveValue('sandbox')
  await expect(page.getByRole('contentinfo')).toContainText('Sandbox')
})

test('Ctrl/Cmd+1…6 switch screens', async ({ app }) => {
  const { page } = app
  const modifier = process.platform === 'darwin' && app.shell === 'electron' ? 'Meta' : 'Control'
  for (const [index, name] of screens.entries()) {
    await page.keyboard.press(`${modifier}+${index + 1}`)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  }
  await page.keyboard.press(`${modifier}+2`)
  await expect(page.getByRole('heading', { level: 1, name: 'Images' })).toBeVisible()
})

test('an unknown address shows the first screen', async ({ app }) => {
  const { page } = app
  await page.evaluate(() => {
    window.location.hash = '/no-such-screen'
  })
  await expect(page.getByRole('heading', { level: 1, name: 'Decisions' })).toBeVisible()
})

test('the theme follows the OS, and a manual choice overrides it and survives a restart', async ({ app }) => {
  let page = app.page
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(theme).toBe('dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(theme).toBe('light')

  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode })
    for (const name of screens) {
      await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name }).click()
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      await screenshot(page, `shell-${name.toLowerCase()}-${mode}`)
    }
  }

  await page.emulateMedia({ colorScheme: 'light' })
  await page.getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('radio', { name: 'Dark' }).check()
  await expect.poll(theme).toBe('dark')

  page = await app.restart()
  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(theme).toBe('dark')
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked()
  await page.getByRole('radio', { name: 'System' }).check()
  await expect.poll(theme).toBe('light')
})

test('the page has the bridge and nothing else from the app', async ({ app }) => {
  const surface = await app.page.evaluate(() => {
    const scope = globalThis as Record<string, unknown>
    const userFunctions = Object.keys(scope).filter((key) => {
      const value = scope[key]
      return typeof value === 'function' && !/\[native code\]/.test(Function.prototype.toString.call(value))
    })
    return {
      bridgeKeys: Object.keys(window.bridge).sort(),
      bridgeFrozen: Object.isFrozen(window.bridge),
      nodeGlobals: [
        'require',
        'process',
        'module',
        'exports',
        'Buffer',
        'global',
        'ipcRenderer',
        'electron',
        '__dirname',
      ].filter((name) => name in scope),
      userFunctions,
    }
  })
  expect(surface.bridgeKeys).toEqual(['invoke', 'on'])
  expect(surface.bridgeFrozen).toBe(true)
  expect(surface.nodeGlobals).toEqual([])
  expect(surface.userFunctions).toEqual([])
})

test('the bridge refuses unknown routes and bad input, and an injected script does not run', async ({
  app,
}) => {
  const results = await app.page.evaluate(async () => {
    const call = (route: string, input: unknown) =>
      (window.bridge.invoke as (route: string, input: unknown) => Promise<unknown>)(route, input)
    const injected = document.createElement('script')
    injected.textContent = 'window.injectedRan = true'
    document.head.append(injected)
    return {
      unknown: await call('secrets.read', {}),
      malformed: await call('../etc/passwd', {}),
      badInput: await call('preferences.update', { theme: 'purple' }),
      plainHttp: await call('app.openExternal', { url: 'http://example.com/' }),
      injectedRan: (window as unknown as { injectedRan?: boolean }).injectedRan ?? false,
    }
  })
  expect(results.unknown).toMatchObject({ ok: false, error: { code: 'unknown_route' } })
  expect(results.malformed).toMatchObject({ ok: false, error: { code: 'unknown_route' } })
  expect(results.badInput).toMatchObject({ ok: false, error: { code: 'validation_failed', path: ['theme'] } })
  expect(results.plainHttp).toMatchObject({ ok: false, error: { code: 'external_url_refused' } })
  expect(results.injectedRan).toBe(false)
})

test('a load of the page writes no warning or error to the console', async ({ app }) => {
  const { page } = app
  const said: string[] = []
  page.on('console', (message) => {
    // Where it came from too: a resource that failed names itself only by its address.
    if (message.type() === 'warning' || message.type() === 'error')
      said.push(`${message.text()} (${message.location().url})`)
  })
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText('Sandbox')
  expect(said).toEqual([])
})
