// The one hardened BrowserWindow: isolated, sandboxed, no Node, no popups, no navigation away, no permissions;
// placed where it was; a crashed or hung page offered a reload (the data lives in main, so nothing is lost).
import { join } from 'node:path'
import { BrowserWindow, dialog, screen } from 'electron'
import {
  type Bounds,
  minimumWindowSize,
  navigationAllowed,
  newWindowTarget,
  restoreBounds,
  secureWebPreferences,
} from './core/app/desktop.ts'
import { originOf } from './core/ipc/dispatcher.ts'
import type { Log } from './core/log.ts'

export interface SavedWindow extends Bounds {
  maximized: boolean
}

export function createMainWindow(options: {
  pageUrl: string
  saved: SavedWindow | null
  log: Log
  openExternal: (url: string) => void
  onPlacement: (placement: SavedWindow) => void
}): BrowserWindow {
  const bounds = restoreBounds(
    options.saved,
    screen.getAllDisplays().map((display) => display.workArea),
  )
  const window = new BrowserWindow({
    ...bounds,
    minWidth: minimumWindowSize.width,
    minHeight: minimumWindowSize.height,
    show: false,
    title: 'Gateway Desk',
    backgroundColor: '#0f1115',
    webPreferences: secureWebPreferences(join(import.meta.dirname, '../preload/index.cjs')),
  })
  if (options.saved?.maximized) window.maximize()
  const appOrigin = originOf(options.pageUrl) ?? ''
  const { webContents } = window

  webContents.setWindowOpenHandler(({ url }) => {
    // A link meant for the browser goes there, through the same check as the renderer's route.
    const target = newWindowTarget(url)
    if (target) options.openExternal(target)
    return { action: 'deny' }
  })
  const stayInApp = (event: { preventDefault(): void }, url: string) => {
    if (!navigationAllowed(appOrigin, url)) event.preventDefault()
  }
  webContents.on('will-navigate', stayInApp)
  webContents.on('will-redirect', stayInApp)
  webContents.on('will-attach-webview', (event) => event.preventDefault())

  webContents.on('render-process-gone', (_event, details) => {
    options.log.error(`the window's page stopped (${details.reason}, exit code ${details.exitCode})`)
    if (details.reason === 'clean-exit' || window.isDestroyed()) return
    void dialog
      .showMessageBox(window, {
        type: 'error',
        message: 'The window stopped working.',
        detail:
          'Your history, keys and running jobs are safe: they live outside the window. Reload to carry on.',
        buttons: ['Reload'],
      })
      .then(() => !window.isDestroyed() && void window.loadURL(options.pageUrl))
  })
  webContents.on('unresponsive', () => {
    options.log.warn('the window is not responding')
    void dialog
      .showMessageBox(window, {
        type: 'warning',
        message: 'The window is not responding.',
        detail: 'Wait for it, or reload it. Your history and running jobs are kept either way.',
        buttons: ['Wait', 'Reload'],
        defaultId: 0,
      })
      .then(({ response }) => response === 1 && !window.isDestroyed() && webContents.reload())
  })

  const remember = () => {
    if (window.isDestroyed() || window.isMinimized()) return
    options.onPlacement({ ...window.getNormalBounds(), maximized: window.isMaximized() })
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const later = () => {
    clearTimeout(timer)
    timer = setTimeout(remember, 500)
  }
  for (const change of ['resize', 'move', 'maximize', 'unmaximize'] as const)
    window.on(change as 'resize', later)
  window.on('close', remember)

  window.once('ready-to-show', () => window.show())
  void window.loadURL(options.pageUrl)
  return window
}
