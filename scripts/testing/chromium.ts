// Finding the Chromium the end-to-end tests drive, on any machine: CHROMIUM_PATH, else the system's Chromium or
// Chrome, else the one Playwright installs (`npx playwright install chromium`); else what to install, in a line.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

export type ChromiumFound = { path: string; from: string } | { path: null; from: null }

/** Where each system keeps Chromium or Chrome, in the order they are tried. */
function systemPlaces(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  if (platform === 'darwin')
    return [
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    ]
  if (platform === 'win32')
    return [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].flatMap((base) =>
      base
        ? [
            join(base, 'Chromium', 'Application', 'chrome.exe'),
            join(base, 'Google', 'Chrome', 'Application', 'chrome.exe'),
          ]
        : [],
    )
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/snap/bin/chromium',
  ]
}

export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  exists: (path: string) => boolean = existsSync,
  playwrightOwn: () => string = () => chromium.executablePath(),
): ChromiumFound {
  if (env.CHROMIUM_PATH) return { path: env.CHROMIUM_PATH, from: 'CHROMIUM_PATH' }
  const system = systemPlaces(env, platform).find(exists)
  if (system) return { path: system, from: 'the system’s' }
  try {
    const own = playwrightOwn()
    if (own && exists(own)) return { path: own, from: 'Playwright’s own' }
  } catch {
    // Playwright knows no browser for this platform.
  }
  return { path: null, from: null }
}

/** One line: which browser the end-to-end tests use, or exactly what to install. */
export function chromiumLine(found: ChromiumFound): string {
  return found.path
    ? `End-to-end browser: ${found.path} (${found.from}).`
    : 'No Chromium for the end-to-end tests: install Chromium or Google Chrome, run `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium executable.'
}
