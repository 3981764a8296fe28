// Lifecycle of the desktop app: one instance, the core built from the Electron platform, the renderer served
// from app://, the window placed where it was, the menu, the running-jobs badge, and errors logged and shown
// instead of a silent exit.
import { join } from 'node:path'
import { app, BrowserWindow, dialog, session } from 'electron'
import { appOrigin } from '#shared/csp'
import { runCommandLine } from './command-line.ts'
import { hardenSession, type MenuCommand } from './core/app/desktop.ts'
import { createCore } from './core/compose.ts'
import type { Log } from './core/log.ts'
import { takeFolder } from './core/owner/folder-owner.ts'
import { bindIpc } from './ipc.ts'
import { type Opened, openedIn, receiveLinks } from './links.ts'
import { installMenu } from './menu.ts'
import { registerAppScheme, serveMedia, serveRenderer } from './platform/app-protocol.ts'
import { createElectronPlatform } from './platform/electron-platform.ts'
import { createTray } from './tray.ts'
import { createUpdater, isUpdaterError } from './updates.ts'
import { createMainWindow } from './window.ts'

// Tests and portable installs choose the data folder; must be set before anything reads it.
if (process.env.GATEWAY_DESK_USER_DATA) app.setPath('userData', process.env.GATEWAY_DESK_USER_DATA)

const commandLine = process.argv.indexOf('--cli')
if (commandLine !== -1) {
  // The command line runs beside the app (both on one data folder), so it does not take the single instance.
  runCommandLine(process.argv.slice(commandLine + 1)).catch((error: unknown) => {
    console.error(error)
    app.exit(1)
  })
} else if (!app.requestSingleInstanceLock()) {
  // A second launch hands over to the first and quits.
  app.quit()
} else {
  registerAppScheme()
  const links = receiveLinks()
  start(links).catch((error: unknown) => {
    console.error('Gateway Desk could not start', error)
    dialog.showErrorBox(
      'Gateway Desk could not start',
      error instanceof Error ? error.message : String(error),
    )
    app.exit(1)
  })
}

async function start(links: ReturnType<typeof receiveLinks>): Promise<void> {
  const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
  const pageUrl = devServerUrl ?? `${appOrigin}/index.html`
  await app.whenReady()
  hardenSession(session.defaultSession)
  serveRenderer(join(import.meta.dirname, '../renderer'))

  let window: BrowserWindow | null = null
  const focus = () => {
    if (!window) return openWindow()
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
    core.desktop.markSeen()
  }
  // A notification's or the tray's address: in the window, raised (or opened, then shown once its page asks).
  const navigate = (path: string) => {
    focus()
    core.openPath(path)
  }
  // The updater logs to the core's log once there is one.
  let coreLog: Log | null = null
  const updater = createUpdater({
    warn: (...args) => coreLog?.warn(...args),
    error: (...args) => coreLog?.error(...args),
  })
  const platform = createElectronPlatform(navigate, updater)
  const timeScale = Number(process.env.GATEWAY_DESK_SANDBOX_TIME_SCALE)
  // The folder's owner: a command in a shell that owns it lets it go, and the command line attaches here.
  const folder = await takeFolder(app.getPath('userData'), { info: (line) => console.info(line) })
  const core = await createCore(platform, {
    folder,
    ...(timeScale > 0 ? { sandboxTimeScale: timeScale } : {}),
  }).catch((error: unknown) => {
    // Commands that reach the folder while the failure is said wait for this process to end, then own it.
    folder.stop()
    throw error
  })
  const { log } = core
  coreLog = log
  updater.startChecking()

  // Errors nobody caught are logged and told, never a silent exit.
  let lastShown = 0
  const report = (what: string) => (error: unknown) => {
    log.error(what, error)
    // electron-updater lets a refused download's promise go unhandled as well as telling its `error` event: the
    // refusal is said where updates are (Settings), not as a failure of the app.
    if (isUpdaterError(error)) return
    if (Date.now() - lastShown < 60_000) return
    lastShown = Date.now()
    void dialog.showMessageBox({
      type: 'error',
      message: 'Something went wrong in Gateway Desk.',
      detail: `${error instanceof Error ? error.message : String(error)}\n\nThe app keeps running; details are in the log (Help → Open Data Folder, logs/main.log).`,
    })
  }
  process.on('uncaughtException', report('uncaught exception in main'))
  process.on('unhandledRejection', report('unhandled rejection in main'))

  serveMedia(core.thumbnails)
  const trustedOrigin = new URL(pageUrl).origin === 'null' ? appOrigin : new URL(pageUrl).origin
  const unbind = bindIpc(
    core.dispatcher(() => [trustedOrigin]),
    core.events,
  )

  function openWindow(): void {
    window = createMainWindow({
      pageUrl,
      saved: core.preferences.get().window,
      log,
      openExternal: (url) => void platform.openExternal(url),
      onPlacement: (placement) => void core.preferences.update({ window: placement }),
    })
    window.on('focus', () => core.desktop.markSeen())
    window.on('closed', () => {
      window = null
      core.pageClosed()
      tray.refresh()
    })
  }
  const tray = createTray({
    core,
    open: (path) => (path ? navigate(path) : focus()),
    quit: () => app.quit(),
  })
  openWindow()
  // A link opens in the window, raised; one that reads wrong says so there and opens nothing.
  const openFromOs = (opened: Opened) => {
    focus()
    if ('link' in opened) core.openLink(opened.link)
    else void core.openFile(opened.file)
  }
  links.handleWith(openFromOs)
  app.on('second-instance', (_event, argv, workingDirectory) => {
    // A file named by the second launch is relative to where it was started, not to this process.
    const opened = openedIn(argv, workingDirectory)
    if (opened) openFromOs(opened)
    else focus()
  })

  // A menu item runs its command in the window, as the palette and the keys do.
  const run = (command: MenuCommand) => {
    focus()
    core.events.emit('app.command', { id: command.id })
  }
  installMenu({ appName: platform.appName, devTools: !app.isPackaged, run })

  // The dock (macOS) or launcher (Linux) badge counts the video jobs still running.
  const badge = () => app.setBadgeCount(core.history.videoJobs.pendingCount())
  badge()
  core.events.subscribe((event, payload) => {
    if (event === 'data.changed' && (payload as { topics: string[] }).topics.includes('videos')) badge()
  })

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow()
  })
  // Closing the window while a job runs or a tunnel is up leaves the app in the tray, receiving; Quit quits.
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin' && !core.desktop.keepsReceiving()) app.quit()
  })
  // Electron exits as soon as will-quit returns: hold the quit until the history is closed and backed up.
  let closed = false
  app.on('will-quit', (event) => {
    if (closed) return
    event.preventDefault()
    unbind()
    tray.destroy()
    void core
      .close()
      .catch(report('closing the core'))
      .finally(() => {
        closed = true
        app.exit(0)
      })
  })
}
