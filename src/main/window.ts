// The one hardened BrowserWindow: isolated, sandboxed, no Node, no popups, no navigation away, no permissions.
import { join } from 'node:path'
import { BrowserWindow, type Session } from 'electron'
import { checkExternalUrl } from './core/app/external-links.ts'
import { originOf } from './core/ipc/dispatcher.ts'

export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.setDevicePermissionHandler(() => false)
}

export function createMainWindow(options: {
  pageUrl: string
  openExternal: (url: string) => void
}): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Gateway Desk',
    backgroundColor: '#0f1115',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
    },
  })
  const appOrigin = originOf(options.pageUrl)
  const { webContents } = window

  webContents.setWindowOpenHandler(({ url }) => {
    // A link meant for the browser goes there, through the same check as the renderer's route.
    try {
      options.openExternal(checkExternalUrl(url).href)
    } catch {
      // Not an https link: refused silently, like any other new window.
    }
    return { action: 'deny' }
  })
  const stayInApp = (event: { preventDefault(): void }, url: string) => {
    if (originOf(url) !== appOrigin) event.preventDefault()
  }
  webContents.on('will-navigate', stayInApp)
  webContents.on('will-redirect', stayInApp)
  webContents.on('will-attach-webview', (event) => event.preventDefault())
  window.once('ready-to-show', () => window.show())
  void window.loadURL(options.pageUrl)
  return window
}
