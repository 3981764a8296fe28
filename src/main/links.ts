// gateway-desk:// links from the OS: the scheme registered for this executable, and the link read from a first
// launch's arguments, a second launch's (handed over with `second-instance`) or macOS's `open-url`.
import { resolve } from 'node:path'
import { app } from 'electron'
import { linkScheme } from '#shared/domain/deep-links'

/** The link among a launch's arguments, if any. */
export const linkIn = (argv: readonly string[]): string | undefined =>
  argv.find((arg) => arg.startsWith(`${linkScheme}:`))

/**
 * Registers the scheme (the installers declare it too: the .desktop file's MimeType, Info.plist, the registry)
 * and hands each link to `open`; links that come before `open` is set wait for it.
 */
export function receiveLinks() {
  // Run from a checkout, the OS must start Electron with the app's folder to reach this app.
  if (app.isPackaged) app.setAsDefaultProtocolClient(linkScheme)
  else if (process.argv[1])
    app.setAsDefaultProtocolClient(linkScheme, process.execPath, [resolve(process.argv[1])])
  let open: ((link: string) => void) | null = null
  const early: string[] = []
  const first = linkIn(process.argv)
  if (first) early.push(first)
  app.on('open-url', (event, url) => {
    event.preventDefault()
    if (open) open(url)
    else early.push(url)
  })
  return {
    /** From now on links go to `handler`, starting with those that came before. */
    handleWith(handler: (link: string) => void) {
      open = handler
      for (const link of early.splice(0)) handler(link)
    },
  }
}
