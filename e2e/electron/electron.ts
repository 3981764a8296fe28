// The stand-in for the module `electron` in the main process: the part of Electron's API the app uses,
// built on Node and Playwright's Chromium. Each export is wrapped so that a member it lacks throws
// "not stood in: …"; an export it lacks fails when the app's bundle is linked.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { EventEmitter } from 'node:events'
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { request as httpRequest, type RequestOptions } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { connect, createServer, type Server } from 'node:net'
import { homedir, hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium } from 'playwright-core'
import { dialogAnswersFileOf, takeDialogAnswer } from '#core/dialog-answers'
import { allClosed, attachBrowserContext, BrowserWindow, ipcMain, permissions } from './browser-window.ts'
import { chromiumArgs, chromiumExecutable } from './chromium.ts'
import { nativeTheme } from './desktop-integration.ts'
import { record, recordTo, standIn } from './records.ts'
import { markReady, protocol, startSchemeServer, stopSchemeServer } from './schemes.ts'

export {
  ClipboardItem,
  clipboard,
  Menu,
  Notification,
  nativeImage,
  nativeTheme,
  screen,
  shell,
  Tray,
} from './desktop-integration.ts'
export { BrowserWindow, ipcMain, protocol }

const env = process.env
const appPath = env.ELECTRON_STANDIN_APP_PATH ?? process.cwd()
const appPackage = JSON.parse(readFileSync(join(appPath, 'package.json'), 'utf8')) as {
  name: string
  productName?: string
  version: string
}
// Its DevTools endpoint is how the specs reach the windows, as Playwright reaches Electron's.
const chromiumFlags = [...chromiumArgs, '--remote-debugging-port=0']

class App extends EventEmitter {
  isPackaged = env.ELECTRON_STANDIN_PACKAGED === '1'
  private readonly paths = new Map<string, string>([
    ['home', homedir()],
    ['appData', join(homedir(), '.config')],
    ['temp', tmpdir()],
    ['downloads', join(homedir(), 'Downloads')],
    ['logs', join(homedir(), '.config', appPackage.productName ?? appPackage.name, 'logs')],
  ])
  private ready = false
  private readonly readyPromise: Promise<void>
  private badge = 0
  private quitting = false
  private handover: Promise<void> = Promise.resolve()
  private singleton: Server | null = null
  private profile = ''
  private browser: BrowserContext | null = null

  constructor() {
    super()
    this.paths.set(
      'userData',
      join(this.paths.get('appData') ?? '', appPackage.productName ?? appPackage.name),
    )
    this.readyPromise = new Promise((resolve, reject) => {
      setImmediate(() => this.start().then(resolve, reject))
    })
    process.once('SIGTERM', () => this.quit())
    process.once('SIGINT', () => this.quit())
  }

  private async start() {
    // A second instance that handed over quits before it is ready, as Electron's does.
    if (this.quitting) return new Promise<void>(() => {})
    markReady()
    const origin = await startSchemeServer()
    this.profile = mkdtempSync(join(tmpdir(), 'electron-standin-chromium-'))
    const context = await chromium.launchPersistentContext(this.profile, {
      executablePath: chromiumExecutable,
      args: chromiumFlags,
      colorScheme: nativeTheme.shouldUseDarkColors ? 'dark' : 'light',
      viewport: null,
      // Electron quits gracefully on these signals (app.quit: the windows close, their pages unload, then
      // will-quit); Playwright's own handlers would close the browser under the app instead.
      handleSIGTERM: false,
      handleSIGINT: false,
      handleSIGHUP: false,
    })
    this.browser = context
    await attachBrowserContext(context)
    for (const page of context.pages()) await page.close()
    const [port, path] = readFileSync(join(this.profile, 'DevToolsActivePort'), 'utf8').trim().split('\n')
    // The test fixture connects to this browser the way Playwright connects to Electron's.
    console.log(`electron stand-in devtools ws://127.0.0.1:${port}${path} scheme-origin ${origin}`)
    this.ready = true
    this.emit('will-finish-launching')
    this.emit('ready', {}, {})
  }

  whenReady = () => this.readyPromise
  isReady = () => this.ready
  getName = () => appPackage.productName ?? appPackage.name
  getVersion = () => appPackage.version
  getAppPath = () => appPath
  getLocale = () => 'en-US'

  getPath(name: string): string {
    const path = this.paths.get(name)
    if (!path) throw new Error(`not stood in: app.getPath('${name}')`)
    return path
  }
  setPath(name: string, path: string): void {
    this.paths.set(name, path)
    if (name === 'userData') recordTo(path.replace(/[\\/]+$/, ''))
  }

  /** The lock is a symbolic link in the data folder naming host and process, as Chromium's SingletonLock. */
  requestSingleInstanceLock(additionalData?: unknown): boolean {
    const folder = this.getPath('userData')
    mkdirSync(folder, { recursive: true })
    const lock = join(folder, 'SingletonLock')
    const socket = join(folder, 'SingletonSocket')
    const me = `${hostname()}-${process.pid}`
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        symlinkSync(me, lock)
        rmSync(socket, { force: true })
        this.singleton = createServer((connection) => {
          let text = ''
          connection.on('data', (chunk) => {
            text += chunk
          })
          connection.on('end', () => {
            const { argv, cwd, data } = JSON.parse(text) as { argv: string[]; cwd: string; data: unknown }
            record({ api: 'app.second-instance', argv })
            this.emit('second-instance', {}, argv, cwd, data)
          })
          connection.on('error', () => {})
        }).listen(socket)
        process.once('exit', () => {
          try {
            if (readlinkSync(lock) === me) unlinkSync(lock)
          } catch {}
        })
        return true
      } catch {
        const owner = (() => {
          try {
            return readlinkSync(lock)
          } catch {
            return ''
          }
        })()
        const pid = Number(owner.split('-').pop())
        const alive = (() => {
          try {
            process.kill(pid, 0)
            return true
          } catch {
            return false
          }
        })()
        if (alive) {
          this.handover = new Promise<void>((resolve) => {
            const connection = connect(socket, () =>
              connection.end(
                JSON.stringify({ argv: process.argv, cwd: process.cwd(), data: additionalData }),
              ),
            )
            connection.on('close', () => resolve())
            connection.on('error', () => resolve())
          })
          return false
        }
        rmSync(lock, { force: true })
      }
    }
    return false
  }

  quit(): void {
    if (this.quitting) return
    this.quitting = true
    let prevented = false
    const event = { preventDefault: () => (prevented = true) }
    this.emit('before-quit', event)
    if (prevented) {
      this.quitting = false
      return
    }
    void this.closeWindowsAndQuit()
  }

  /**
   * Electron closes the windows before will-quit: the messages their pages sent before the quit are handled,
   * then each page unloads (its pagehide handlers run, and what they send is handled too).
   */
  private async closeWindowsAndQuit(): Promise<void> {
    const windows = BrowserWindow.getAllWindows()
    await Promise.all(windows.map((window) => window.webContents.settle()))
    await Promise.all(windows.map((window) => window.webContents.unload()))
    let prevented = false
    const event = { preventDefault: () => (prevented = true) }
    for (const window of BrowserWindow.getAllWindows()) window.destroy()
    this.emit('will-quit', event)
    if (prevented) {
      this.quitting = false
      return
    }
    this.emit('quit', event, 0)
    void this.exit(0)
  }

  async exit(code = 0): Promise<void> {
    this.quitting = true
    await this.handover
    this.singleton?.close()
    stopSchemeServer()
    // Chromium writes into its profile as it shuts down: it is closed before its folder is removed, or the
    // folder outlives the run.
    await this.browser?.close().catch(() => {})
    if (this.profile) rmSync(this.profile, { recursive: true, force: true, maxRetries: 3 })
    process.exit(code)
  }

  relaunch(): void {
    record({ api: 'app.relaunch' })
  }
  /** The OS would start this executable for the scheme's links; the stand-in records what was asked. */
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean {
    record({ api: 'app.setAsDefaultProtocolClient', protocol, path, args })
    return true
  }
  setBadgeCount(count: number): boolean {
    this.badge = count
    record({ api: 'app.setBadgeCount', count })
    return true
  }
  getBadgeCount = () => this.badge
}

export const app = standIn('app', new App())
allClosed.on('window-all-closed', () => {
  if (app.listenerCount('window-all-closed') === 0) app.quit()
  else app.emit('window-all-closed')
})

class Session {
  permissionRequest:
    | ((
        contents: unknown,
        permission: string,
        callback: (granted: boolean) => void,
        details: unknown,
      ) => void)
    | null = null
  permissionCheck: ((contents: unknown, permission: string) => boolean) | null = null
  devicePermission: (() => boolean) | null = null
  setPermissionRequestHandler(handler: Session['permissionRequest']): void {
    this.permissionRequest = handler
    permissions.request = handler
  }
  setPermissionCheckHandler(handler: Session['permissionCheck']): void {
    this.permissionCheck = handler
  }
  setDevicePermissionHandler(handler: Session['devicePermission']): void {
    this.devicePermission = handler
  }
}
export const session = standIn('session', {
  defaultSession: standIn('Session', new Session()),
  // electron-updater asks a session of its own for its requests; the stand-in's requests use none.
  fromPartition: (partition: string) => standIn('Session', { partition }),
})

/**
 * `net.request`: Electron's requests go through Chromium's network stack; the stand-in's through Node's, with the
 * same events (`response`, `error`, `aborted`) and methods (`end`, `abort`) that electron-updater uses.
 */
export const net = standIn('net', {
  request(options: Record<string, unknown>) {
    const { session: _session, redirect: _redirect, ...rest } = options
    record({
      api: 'net.request',
      url: `${rest.protocol}//${rest.hostname}${rest.port ? `:${rest.port}` : ''}${rest.path}`,
    })
    return (rest.protocol === 'https:' ? httpsRequest : httpRequest)(rest as RequestOptions)
  },
})

/** Linux's safeStorage: a keyring (`gnome_libsecret`), or `basic_text` with a key known to everyone. */
const backend = env.ELECTRON_STANDIN_SAFE_STORAGE ?? 'gnome_libsecret'
const keyringKey = () => {
  if (backend === 'basic_text') return createHash('sha256').update('peanuts').digest()
  const file = `${app.getPath('userData').replace(/[\\/]+$/, '')}.keyring`
  try {
    return Buffer.from(readFileSync(file, 'utf8'), 'base64')
  } catch {
    const key = randomBytes(32)
    writeFileSync(file, key.toString('base64'), { mode: 0o600 })
    return key
  }
}
export const safeStorage = standIn('safeStorage', {
  isEncryptionAvailable: () => app.isReady(),
  getSelectedStorageBackend: () => backend,
  encryptString(plain: string): Buffer {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', keyringKey(), iv)
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return Buffer.concat([
      Buffer.from(backend === 'basic_text' ? 'v10' : 'v11'),
      iv,
      cipher.getAuthTag(),
      body,
    ])
  },
  decryptString(sealed: Buffer): string {
    const decipher = createDecipheriv('aes-256-gcm', keyringKey(), sealed.subarray(3, 15))
    decipher.setAuthTag(sealed.subarray(15, 31))
    return Buffer.concat([decipher.update(sealed.subarray(31)), decipher.final()]).toString('utf8')
  },
})

/** Native dialogs answer from the file the specs write, as in the harness. */
const nextDialogAnswer = () => takeDialogAnswer(dialogAnswersFileOf(app.getPath('userData')))

const dialogOptions = (args: unknown[]) => (args.length > 1 ? args[1] : args[0]) as Record<string, unknown>
export const dialog = standIn('dialog', {
  async showSaveDialog(...args: unknown[]) {
    const answer = nextDialogAnswer()
    record({ api: 'dialog.showSaveDialog', title: dialogOptions(args).title, answer })
    const path = Array.isArray(answer) ? answer[0] : answer
    return path ? { canceled: false, filePath: path } : { canceled: true, filePath: '' }
  },
  async showOpenDialog(...args: unknown[]) {
    const answer = nextDialogAnswer()
    record({ api: 'dialog.showOpenDialog', title: dialogOptions(args).title, answer })
    const paths = answer === null ? [] : Array.isArray(answer) ? answer : [answer]
    return { canceled: paths.length === 0, filePaths: paths }
  },
  async showMessageBox(...args: unknown[]) {
    const { message, detail } = dialogOptions(args)
    record({ api: 'dialog.showMessageBox', message, detail })
    return { response: 0, checkboxChecked: false }
  },
  showErrorBox(title: string, content: string) {
    record({ api: 'dialog.showErrorBox', title, content })
    console.error(`${title}: ${content}`)
  },
})
