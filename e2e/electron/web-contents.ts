// webContents of the stand-in: a real Chromium page per window. The built preload runs in an isolated world of
// that page; ipcRenderer reaches ipcMain through a CDP binding that exists only in that world, with the sender
// frame's URL and top-frame flag read from the real page.
import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import type { BrowserContext, CDPSession, Page, Route } from 'playwright-core'
import type { BrowserWindow } from './browser-window.ts'
import { decodeWire, encodeWire } from './codec.ts'
import {
  ipcBinding,
  mainWorldScript,
  permissionBinding,
  preloadWorld,
  preloadWorldScript,
} from './page-worlds.ts'
import { record, recordIpc, standIn } from './records.ts'
import { mapStrings, toApp, toChromium } from './schemes.ts'

export interface IpcEvent {
  sender: WebContents
  senderFrame: WebFrame | null
  frameId: number
  processId: number
}
type InvokeHandler = (event: IpcEvent, ...args: unknown[]) => unknown

class IpcMain extends EventEmitter {
  readonly handlers = new Map<string, InvokeHandler>()
  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, handler)
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel)
  }
}
export const ipcMain = standIn('ipcMain', new IpcMain())

let browserContext: BrowserContext | null = null
/** The window each page belongs to. */
export const owners = new WeakMap<Page, WebContents>()

export function setBrowserContext(context: BrowserContext): void {
  browserContext = context
}

type PermissionRequestHandler = (
  contents: WebContents,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string; isMainFrame: boolean },
) => void
/** The session's permission request handler (set by the session stand-in); none grants, as in Electron. */
export const permissions: { request: PermissionRequestHandler | null } = { request: null }
/** Chromium's names for the permissions Electron names `media` and `clipboard-read`. */
const chromiumPermissions: Record<string, string[]> = {
  notifications: ['notifications'],
  geolocation: ['geolocation'],
  media: ['camera', 'microphone'],
  'clipboard-read': ['clipboard-read'],
}

/** Accelerator presses reach the menu through here (set by the Menu stand-in). */
export const keyPresses = new EventEmitter()

export interface WebFrame {
  readonly url: string
  readonly top: WebFrame | null
}

function randomNonce(): string {
  return crypto.randomUUID().replaceAll('-', '')
}

export class WebContents extends EventEmitter {
  page: Page | null = null
  private cdp: CDPSession | null = null
  /** Messages from the page being handled now. */
  private readonly handling = new Set<Promise<void>>()
  private readonly frames = new Map<string, { url: string; parentId?: string; object: WebFrame }>()
  private readonly contexts = new Map<number, string>()
  private mainFrameId = ''
  private preloadContextId: number | null = null
  private windowOpenHandler: (details: { url: string }) => { action: 'allow' | 'deny' } = () => ({
    action: 'allow',
  })
  private destroyed = false
  private unloading = false
  readonly ready: Promise<void>
  readonly owner: BrowserWindow

  constructor(owner: BrowserWindow, preload: string | undefined, size: { width: number; height: number }) {
    super()
    this.owner = owner
    this.ready = this.open(preload, size)
  }

  private async open(preload: string | undefined, size: { width: number; height: number }) {
    if (!browserContext) throw new Error('BrowserWindow made before the app is ready')
    const page = await browserContext.newPage()
    this.page = page
    await page.setViewportSize(size)
    const cdp = await browserContext.newCDPSession(page)
    this.cdp = cdp
    await cdp.send('Page.enable')
    await cdp.send('Runtime.enable')
    const tree = await cdp.send('Page.getFrameTree')
    this.mainFrameId = tree.frameTree.frame.id
    this.noteFrame(tree.frameTree.frame.id, tree.frameTree.frame.url)
    cdp.on('Page.frameNavigated', ({ frame }) => this.noteFrame(frame.id, frame.url, frame.parentId))
    cdp.on('Runtime.executionContextCreated', ({ context }) => {
      const frameId = (context.auxData as { frameId?: string } | undefined)?.frameId ?? ''
      this.contexts.set(context.id, frameId)
      if (context.name === preloadWorld && frameId === this.mainFrameId) this.preloadContextId = context.id
    })
    cdp.on('Runtime.executionContextDestroyed', ({ executionContextId }) => {
      this.contexts.delete(executionContextId)
      if (executionContextId === this.preloadContextId) this.preloadContextId = null
    })
    cdp.on('Runtime.executionContextsCleared', () => {
      this.contexts.clear()
      this.preloadContextId = null
    })
    const nonce = randomNonce()
    cdp.on('Runtime.bindingCalled', (call) => {
      if (call.name === ipcBinding) {
        const handled = this.fromPreload(call.payload, call.executionContextId)
        this.handling.add(handled)
        void handled.finally(() => this.handling.delete(handled))
      }
      if (call.name === permissionBinding)
        void this.askPermission(call.payload, call.executionContextId, nonce)
    })
    await cdp.send('Runtime.addBinding', { name: permissionBinding })
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: mainWorldScript(nonce) })
    if (preload) {
      await cdp.send('Runtime.addBinding', { name: ipcBinding, executionContextName: preloadWorld })
      await cdp.send('Page.addScriptToEvaluateOnNewDocument', {
        source: preloadWorldScript(nonce, readFileSync(preload, 'utf8')),
        worldName: preloadWorld,
      })
    }
    owners.set(page, this)
    // Playwright dismisses a dialog nobody listens for; in Electron the person (here, the spec) answers it.
    page.on('dialog', () => {})
    page.on('requestfailed', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame())
        this.emit('did-fail-load', {}, -2, request.failure()?.errorText ?? '', toApp(request.url()), true)
    })
    page.on('crash', () => this.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 }))
    page.on('close', () => {
      if (!this.destroyed && !this.unloading) this.owner.close()
    })
  }

  private loading = false

  private async askPermission(payload: string, contextId: number, nonce: string) {
    const { id, permission } = JSON.parse(payload) as { id: number; permission: string }
    const frameId = this.contexts.get(contextId) ?? ''
    const frame = this.frames.get(frameId)
    const granted = await new Promise<boolean>((resolve) => {
      const handler = permissions.request
      if (!handler) return resolve(true)
      handler(this, permission, resolve, {
        requestingUrl: toApp(frame?.url ?? ''),
        isMainFrame: frameId === this.mainFrameId,
      })
    })
    record({ api: 'session.permissionRequest', permission, granted })
    const origin = new URL(frame?.url ?? 'about:blank').origin
    if (granted && origin !== 'null')
      await browserContext
        ?.grantPermissions(chromiumPermissions[permission] ?? [], { origin })
        .catch(() => {})
    await this.cdp
      ?.send('Runtime.evaluate', {
        contextId,
        expression: `document.dispatchEvent(new CustomEvent('electron-standin:${nonce}:permission', { detail: { id: ${id}, granted: ${granted} } }))`,
      })
      .catch(() => {})
  }

  /** A request of this window's page, or of a page it opened: Electron's window and navigation policies. */
  async intercept(route: Route, fromOpened: boolean): Promise<void> {
    const request = route.request()
    const page = this.page
    if (request.isNavigationRequest() && fromOpened) {
      // A page opened from this one: the window open handler decides, before anything loads.
      const url = toApp(request.url())
      const { action } = this.windowOpenHandler({ url })
      record({ api: 'webContents.setWindowOpenHandler', url, action })
      if (action === 'deny') {
        await route.abort('blockedbyclient')
        const opened = browserContext
          ?.pages()
          .filter((other) => !owners.has(other) && other.url() === 'about:blank')
        await Promise.all((opened ?? []).map((other) => other.close()))
        return
      }
    }
    if (
      !fromOpened &&
      request.isNavigationRequest() &&
      request.frame() === page?.mainFrame() &&
      !this.loading
    ) {
      let prevented = false
      const url = toApp(request.url())
      this.emit('will-navigate', { preventDefault: () => (prevented = true), url }, url)
      record({ api: 'webContents.will-navigate', url, prevented })
      // A 204 answer ends a navigation and leaves the page as it was, as a prevented will-navigate does.
      if (prevented) return route.fulfill({ status: 204 })
    }
    await route.continue()
  }

  private noteFrame(id: string, url: string, parentId?: string) {
    const known = this.frames.get(id)
    const entry = known ?? {
      url,
      ...(parentId ? { parentId } : {}),
      object: null as unknown as WebFrame,
    }
    entry.url = url
    if (!known) {
      const frames = this.frames
      entry.object = standIn('WebFrameMain', {
        get url() {
          return toApp(frames.get(id)?.url ?? '')
        },
        get top() {
          let current = frames.get(id)
          while (current?.parentId) current = frames.get(current.parentId)
          return current?.object ?? null
        },
      })
      this.frames.set(id, entry)
    }
  }

  get mainFrame(): WebFrame {
    return this.frames.get(this.mainFrameId)?.object as WebFrame
  }

  private async fromPreload(payload: string, contextId: number) {
    const message = JSON.parse(payload) as {
      kind: 'invoke' | 'send' | 'key'
      id?: number
      channel?: string
      args?: unknown
      key?: string
      control?: boolean
      meta?: boolean
      shift?: boolean
      alt?: boolean
    }
    if (message.kind === 'key') {
      keyPresses.emit('key', message, this.owner)
      return
    }
    const frameId = this.contexts.get(contextId) ?? ''
    const event: IpcEvent = {
      sender: this,
      senderFrame: this.frames.get(frameId)?.object ?? null,
      frameId: 1,
      processId: 1,
    }
    const args = mapStrings(decodeWire(message.args), toApp) as unknown[]
    if (message.kind === 'send') {
      ipcMain.emit(message.channel ?? '', event, ...args)
      return
    }
    const handler = ipcMain.handlers.get(message.channel ?? '')
    let ok = true
    let value: unknown
    try {
      if (!handler) throw new Error(`No handler registered for '${message.channel}'`)
      value = encodeWire(mapStrings(await handler(event, ...args), toChromium))
    } catch (error) {
      ok = false
      value = `Error invoking remote method '${message.channel}': ${String(error)}`
    }
    const text = JSON.stringify(value)
    recordIpc(text)
    await this.cdp
      ?.send('Runtime.evaluate', {
        contextId,
        expression: `globalThis.__electronStandInSettle(${message.id}, ${ok}, ${text})`,
      })
      .catch(() => {})
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed || this.preloadContextId === null) return
    const encoded = JSON.stringify(encodeWire(mapStrings(args, toChromium)))
    recordIpc(encoded)
    void this.cdp
      ?.send('Runtime.evaluate', {
        contextId: this.preloadContextId,
        expression: `globalThis.__electronStandInEmit(${JSON.stringify(channel)}, ${encoded})`,
      })
      .catch(() => {})
  }

  async loadURL(url: string): Promise<void> {
    await this.ready
    this.loading = true
    try {
      await this.page?.goto(toChromium(url))
    } catch (error) {
      this.emit('did-fail-load', {}, -2, String(error), url, true)
      throw error
    } finally {
      this.loading = false
    }
    this.emit('did-finish-load')
  }

  reload(): void {
    void this.ready.then(() => this.page?.reload())
  }
  getURL(): string {
    return toApp(this.page?.url() ?? '')
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = handler
  }
  startDrag(item: { file: string }): void {
    record({ api: 'webContents.startDrag', file: item.file })
  }
  focus(): void {
    void this.page?.bringToFront()
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  /**
   * Handles every message the page sent before now, as Electron does before a quit closes the window: a round
   * trip on the page's own session brings the messages sent before it, then their handlers finish.
   */
  async settle(): Promise<void> {
    if (this.destroyed) return
    await this.cdp?.send('Runtime.evaluate', { expression: '0' }).catch(() => {})
    await Promise.allSettled([...this.handling])
  }
  /**
   * Closes the page as a window closing in a quit does: its unload handlers run (pagehide), and the messages
   * they send are handled before this resolves.
   */
  async unload(): Promise<void> {
    if (this.destroyed || this.unloading) return
    this.unloading = true
    await this.page?.close().catch(() => {})
    await Promise.allSettled([...this.handling])
  }
  async destroy(): Promise<void> {
    this.destroyed = true
    await this.page?.close().catch(() => {})
  }
}
