// What the OS hands the app to open: gateway-desk:// links (the scheme registered for this executable) and
// questionnaire files (the .gdq association), read from a first launch's arguments, a second launch's (handed
// over with `second-instance`), or macOS's `open-url` and `open-file`.
import { resolve } from 'node:path'
import { app } from 'electron'
import { linkScheme } from '#shared/domain/deep-links'
import { isQuestionnaireFile } from './core/app/opened-files.ts'

/** The link or questionnaire file among a launch's arguments, if any. */
export function openedIn(argv: readonly string[], workingDirectory = process.cwd()): Opened | undefined {
  const link = argv.find((arg) => arg.startsWith(`${linkScheme}:`))
  if (link) return { link }
  // The first argument is the executable (and, from a checkout, the app's folder): a file comes after them.
  const file = argv.slice(1).find((arg) => !arg.startsWith('-') && isQuestionnaireFile(arg))
  return file ? { file: resolve(workingDirectory, file) } : undefined
}

export type Opened = { link: string } | { file: string }

/**
 * Registers the scheme (the installers declare it too: the .desktop file's MimeType, Info.plist, the registry)
 * and hands each link to `open`; links that come before `open` is set wait for it.
 */
export function receiveLinks() {
  // Run from a checkout, the OS must start Electron with the app's folder to reach this app.
  if (app.isPackaged) app.setAsDefaultProtocolClient(linkScheme)
  else if (process.argv[1])
    app.setAsDefaultProtocolClient(linkScheme, process.execPath, [resolve(process.argv[1])])
  let open: ((opened: Opened) => void) | null = null
  const early: Opened[] = []
  const take = (opened: Opened) => (open ? open(opened) : early.push(opened))
  const first = openedIn(process.argv)
  if (first) early.push(first)
  app.on('open-url', (event, url) => {
    event.preventDefault()
    take({ link: url })
  })
  app.on('open-file', (event, path) => {
    event.preventDefault()
    take({ file: path })
  })
  return {
    /** From now on what is opened goes to `handler`, starting with what came before. */
    handleWith(handler: (opened: Opened) => void) {
      open = handler
      for (const opened of early.splice(0)) handler(opened)
    },
  }
}
