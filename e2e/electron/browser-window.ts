// BrowserWindow of the stand-in: a window is its webContents' page, sized as the window; every request of every
// page passes the policies of the window it belongs to or was opened from.
import { EventEmitter } from 'node:events'
import type { BrowserContext, Page } from 'playwright-core'
import { record, standIn } from './records.ts'
import { owners, setBrowserContext, WebContents } from './web-contents.ts'

export { ipcMain, keyPresses, permissions } from './web-contents.ts'

/** Every request of every page passes the policies of the window it belongs to or was opened from. */
export async function attachBrowserContext(context: BrowserContext): Promise<void> {
  setBrowserContext(context)
  await context.route('**/*', async (route) => {
    let page: Page
    try {
      page = route.request().frame().page()
    } catch {
      // A new window's first navigation comes before its frame exists: it was opened by the focused window.
      const opener = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]
      if (opener) return opener.webContents.intercept(route, true)
      return route.continue()
    }
    const own = owners.get(page)
    if (own) return own.intercept(route, false)
    const opener = await page.opener()
    const owner = opener ? owners.get(opener) : undefined
    if (owner) return owner.intercept(route, true)
    await route.continue()
  })
}

const windows = new Set<BrowserWindow>()

export class BrowserWindow extends EventEmitter {
  static getAllWindows(): BrowserWindow[] {
    return [...windows]
  }
  static getFocusedWindow(): BrowserWindow | null {
    return [...windows].find((window) => window.focused) ?? null
  }

  readonly webContents: WebContents
  private bounds: { x: number; y: number; width: number; height: number }
  private maximized = false
  private minimized = false
  private visible = false
  private focused = false
  private destroyed = false

  constructor(options: {
    x?: number
    y?: number
    width?: number
    height?: number
    show?: boolean
    webPreferences?: Record<string, unknown>
  }) {
    super()
    const preferences = options.webPreferences ?? {}
    record({ api: 'BrowserWindow', webPreferences: preferences })
    this.bounds = {
      x: options.x ?? 0,
      y: options.y ?? 0,
      width: options.width ?? 800,
      height: options.height ?? 600,
    }
    this.webContents = standIn(
      'webContents',
      new WebContents(this, preferences.preload as string | undefined, {
        width: this.bounds.width,
        height: this.bounds.height,
      }),
    )
    this.webContents.once('did-finish-load', () => this.emit('ready-to-show'))
    windows.add(this)
    // biome-ignore lint/correctness/noConstructorReturn: every member the app reaches must be stood in
    return standIn('BrowserWindow', this)
  }

  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url)
  }
  show(): void {
    this.visible = true
    this.focused = true
    record({ api: 'BrowserWindow.show' })
  }
  focus(): void {
    this.focused = true
    this.webContents.focus()
    record({ api: 'BrowserWindow.focus' })
  }
  isVisible = () => this.visible
  isMinimized = () => this.minimized
  minimize(): void {
    this.minimized = true
    this.emit('minimize')
  }
  restore(): void {
    this.minimized = false
    this.emit('restore')
  }
  maximize(): void {
    this.maximized = true
    this.emit('maximize')
  }
  isMaximized = () => this.maximized
  getBounds = () => ({ ...this.bounds })
  getNormalBounds = () => ({ ...this.bounds })
  setBounds(bounds: Partial<{ x: number; y: number; width: number; height: number }>): void {
    this.bounds = { ...this.bounds, ...bounds }
    void this.webContents.ready.then(() =>
      this.webContents.page?.setViewportSize({ width: this.bounds.width, height: this.bounds.height }),
    )
    this.emit('resize')
  }
  isDestroyed = () => this.destroyed
  close(): void {
    if (this.destroyed) return
    let prevented = false
    this.emit('close', { preventDefault: () => (prevented = true) })
    if (prevented) return
    this.destroy()
  }
  destroy(): void {
    if (this.destroyed) return
    this.destroyed = true
    windows.delete(this)
    void this.webContents.destroy()
    record({ api: 'BrowserWindow.closed' })
    this.emit('closed')
    if (windows.size === 0) allClosed.emit('window-all-closed')
  }
}

/** Tells the app stand-in when the last window has gone. */
export const allClosed = new EventEmitter()
