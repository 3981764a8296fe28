// What the core needs from the shell it runs in. Electron provides one (src/main/platform), the e2e harness
// and unit tests another (node-platform.ts); core services never import `electron`.
import type { UpdateState } from '#shared/ipc/routes/app'

/** Where secrets are encrypted. `os` is the OS keychain; `basic_text` a fixed key (Linux without keyring). */
export type SecretBackend = 'os' | 'basic_text' | 'unavailable'

export interface SecretCipher {
  readonly backend: SecretBackend
  encrypt(plain: string): Uint8Array
  decrypt(sealed: Uint8Array): string
}

export interface AppNotification {
  title: string
  body: string
  /** The app path to open when the person clicks the notification. */
  path?: string
  /** A file the notification offers to show in its folder (a downloaded video). */
  showInFolder?: string
}

export interface FileFilter {
  name: string
  extensions: string[]
}

/** The threads the core starts: the data worker, its background worker, and the built-in sandbox. */
export type WorkerName = 'data' | 'background' | 'sandbox'

/** The app's own updates: the desktop shell has them (electron-updater); elsewhere there are none. */
export interface Updater {
  state(): UpdateState
  check(): Promise<void>
  /** Quits, installs the downloaded version and starts it. */
  install(): void
  onChange(listener: () => void): void
}

export interface Platform {
  readonly shell: 'electron' | 'harness'
  readonly appName: string
  readonly appVersion: string
  /** `resources`: the files the app ships beside its code (the sandbox's sample video). */
  readonly paths: { userData: string; downloads: string; temp: string; resources: string }
  readonly secretCipher: SecretCipher
  /** The module a worker thread runs: built beside main in the app, the source file when run from source. */
  workerEntry(name: WorkerName): string
  notify(notification: AppNotification): void
  saveDialog(options: { title: string; defaultPath: string; filters?: FileFilter[] }): Promise<string | null>
  openDialog(options: { title: string; multiple?: boolean; filters?: FileFilter[] }): Promise<string[]>
  openExternal(url: string): Promise<void>
  openPath(path: string): Promise<void>
  /** Puts an image file on the clipboard as an image. */
  copyImage(path: string): Promise<void>
  /** Puts text on the clipboard from main (a secret the window must not see). */
  copyText(text: string): void
  /** Starts dragging a file out of the window, shown as `icon` (the file itself by default); false where the shell cannot. */
  startDrag(path: string, icon?: string): boolean
  /** Shows a file selected in the system's file manager. */
  showInFolder(path: string): void
  readonly updater: Updater
  /** Quits and starts the app again; false where the shell cannot restart itself. */
  relaunch(): boolean
  /**
   * The URL the renderer loads a stored media file from (media:// in Electron, /media/ in the harness), or its
   * thumbnail.
   */
  mediaUrl(id: string, as?: 'thumbnail'): string
}
