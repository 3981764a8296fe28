// The e2e browser is found on any machine, or what to install is said in one line.
import { expect, it } from 'vitest'
import { chromiumLine, findChromium } from './chromium.ts'

it('takes CHROMIUM_PATH, else the system’s, else Playwright’s own, else says what to install', () => {
  const none = () => false
  expect(findChromium({ CHROMIUM_PATH: '/opt/c/chrome' }, 'linux', none)).toEqual({
    path: '/opt/c/chrome',
    from: 'CHROMIUM_PATH',
  })
  expect(findChromium({}, 'linux', (path) => path === '/usr/bin/google-chrome')).toEqual({
    path: '/usr/bin/google-chrome',
    from: 'the system’s',
  })
  expect(findChromium({}, 'darwin', (path) => path.includes('Google Chrome.app'))).toMatchObject({
    path: '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  })
  expect(
    findChromium(
      { PROGRAMFILES: 'C:\\Program Files' },
      'win32',
      (path) => path.endsWith('chrome.exe') && path.includes('Google'),
    ),
  ).toMatchObject({ from: 'the system’s' })
  const own = '/home/me/.cache/ms-playwright/chromium-1/chrome-linux/chrome'
  expect(
    findChromium(
      {},
      'linux',
      (path) => path === own,
      () => own,
    ),
  ).toEqual({ path: own, from: 'Playwright’s own' })
  const missing = findChromium({}, 'linux', none, () => own)
  expect(missing).toEqual({ path: null, from: null })
  expect(chromiumLine(missing)).toMatch(/^No Chromium .*npx playwright install chromium.*CHROMIUM_PATH/)
  expect(chromiumLine({ path: '/usr/bin/chromium', from: 'the system’s' })).toBe(
    'End-to-end browser: /usr/bin/chromium (the system’s).',
  )
})
