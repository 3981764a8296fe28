// The Chromium both e2e runtimes drive: Debian's, headless, with nothing reaching beyond loopback.
export const chromiumExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

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
