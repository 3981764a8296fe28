// The Chromium both e2e runtimes drive, headless, with nothing reaching beyond loopback.
import { findChromium } from '../../scripts/testing/chromium.ts'

export { chromiumLine, findChromium } from '../../scripts/testing/chromium.ts'

const found = findChromium()
export const chromiumExecutable = found.path ?? '/usr/bin/chromium'

/** Flags for a headless Chromium on a machine with no network beyond loopback. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
