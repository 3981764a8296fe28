// The Platform of the desktop app: Electron's safeStorage, paths, notifications, dialogs and shell.
import { join } from 'node:path'
import {
  app,
  BrowserWindow,
  ClipboardItem,
  clipboard,
  dialog,
  Notification,
  nativeImage,
  safeStorage,
  shell,
} from 'electron'
import type { Platform, SecretBackend, SecretCipher, Updater } from '../core/platform.ts'

function safeStorageBackend(): SecretBackend {
  if (!safeStorage.isEncryptionAvailable()) return 'unavailable'
  // Only Linux reports a backend; `basic_text` means a hard-coded key, i.e. no real protection.
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text')
    return 'basic_text'
  return 'os'
}

/** The OS keychain through Electron (the app, and its command line run by the app's executable). */
export const safeStorageCipher: SecretCipher = {
  get backend() {
    return safeStorageBackend()
  },
  encrypt: (plain) => safeStorage.encryptString(plain),
  decrypt: (sealed) => safeStorage.decryptString(Buffer.from(sealed)),
}

export function createElectronPlatform(
  onNotificationClick: (path: string) => void,
  updater: Updater,
): Platform {
  const focused = () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]
  return {
    shell: 'electron',
    appName: app.getName(),
    appVersion: app.getVersion(),
    paths: {
      userData: app.getPath('userData'),
      downloads: app.getPath('downloads'),
      temp: app.getPath('temp'),
      // Packed by electron-builder's `build.files` beside `out/` (unpacked from the asar: it is streamed).
      resources: join(app.getAppPath(), 'resources'),
    },
    secretCipher: safeStorageCipher,
    updater,
    // Built beside main by electron-vite (electron.vite.config.ts lists each as an input of main).
    workerEntry: (name) => join(app.getAppPath(), 'out', 'main', `${name}-worker.js`),
    notify({ title, body, path, showInFolder }) {
      if (!Notification.isSupported()) return
      // Buttons on a notification are macOS's alone; elsewhere the click opens the job, which shows the file.
      const actions =
        showInFolder && process.platform === 'darwin'
          ? [{ type: 'button' as const, text: 'Show in folder' }]
          : []
      const notification = new Notification({ title, body, actions })
      if (path) notification.on('click', () => onNotificationClick(path))
      if (showInFolder) notification.on('action', () => shell.showItemInFolder(showInFolder))
      notification.show()
    },
    async copyImage(path) {
      const png = nativeImage.createFromPath(path).toPNG()
      await clipboard.write([new ClipboardItem({ 'image/png': new Blob([png], { type: 'image/png' }) })])
    },
    copyText: (text) => clipboard.writeText(text),
    relaunch() {
      app.relaunch()
      app.quit()
      return true
    },
    startDrag(path, icon) {
      const window = focused()
      if (!window) return false
      window.webContents.startDrag({
        file: path,
        icon: nativeImage.createFromPath(icon ?? path).resize({ width: 64 }),
      })
      return true
    },
    showInFolder: (path) => shell.showItemInFolder(path),
    async saveDialog({ title, defaultPath, filters }) {
      const window = focused()
      const options = { title, defaultPath, filters: filters ?? [] }
      const result = window
        ? await dialog.showSaveDialog(window, options)
        : await dialog.showSaveDialog(options)
      return result.canceled || !result.filePath ? null : result.filePath
    },
    async openDialog({ title, multiple, filters }) {
      const window = focused()
      const properties: ('openFile' | 'multiSelections')[] = multiple
        ? ['openFile', 'multiSelections']
        : ['openFile']
      const options = { title, properties, filters: filters ?? [] }
      const result = window
        ? await dialog.showOpenDialog(window, options)
        : await dialog.showOpenDialog(options)
      return result.canceled ? [] : result.filePaths
    },
    openExternal: (url) => shell.openExternal(url),
    mediaUrl: (id, as) => `media://${as ?? 'item'}/${id}`,
    async openPath(path) {
      const problem = await shell.openPath(path)
      if (problem) throw new Error(problem)
    },
  }
}
