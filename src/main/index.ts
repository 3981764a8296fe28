// Lifecycle of the desktop app: build the core from the Electron platform, serve the renderer, open the window.
import { join } from 'node:path'
import { app, BrowserWindow, session } from 'electron'
import { appOrigin } from '#shared/csp'
import { createCore } from './core/compose.ts'
import { bindIpc } from './ipc.ts'
import { registerAppScheme, serveMedia, serveRenderer } from './platform/app-protocol.ts'
import { createElectronPlatform } from './platform/electron-platform.ts'
import { createMainWindow, hardenSession } from './window.ts'

// Tests and portable installs choose the data folder; must be set before anything reads it.
if (process.env.GATEWAY_DESK_USER_DATA) app.setPath('userData', process.env.GATEWAY_DESK_USER_DATA)

registerAppScheme()

const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
const pageUrl = devServerUrl ?? `${appOrigin}/index.html`

async function start(): Promise<void> {
  await app.whenReady()
  hardenSession(session.defaultSession)
  serveRenderer(join(import.meta.dirname, '../renderer'))

  let window: BrowserWindow | null = null
  const navigate = (path: string) => {
    window?.show()
    core.events.emit('app.navigate', { path })
  }
  const platform = createElectronPlatform(navigate)
  const timeScale = Number(process.env.GATEWAY_DESK_SANDBOX_TIME_SCALE)
  const core = await createCore(platform, timeScale > 0 ? { sandboxTimeScale: timeScale } : {})
  serveMedia(core.media)
  const trustedOrigin = new URL(pageUrl).origin === 'null' ? appOrigin : new URL(pageUrl).origin
  const unbind = bindIpc(
    core.dispatcher(() => [trustedOrigin]),
    core.events,
  )

  const openWindow = () => {
    window = createMainWindow({ pageUrl, openExternal: (url) => void platform.openExternal(url) })
    window.on('closed', () => {
      window = null
    })
  }
  openWindow()

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow()
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('will-quit', () => {
    unbind()
    void core.close()
  })
}

start().catch((error: unknown) => {
  console.error('Gateway Desk could not start', error)
  app.exit(1)
})
