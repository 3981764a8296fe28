// The app's updates, with electron-updater: the feed named in the build configuration (a generic server: its
// latest*.yml lists each file with its sha512), checked at start and every day, downloaded in the background and
// verified, then offered as "Restart to update". Nothing is installed until the person says so; a feed that
// cannot be reached, a file whose hash does not match or a feed without this platform leaves the installed
// version as it was, with the reason in words.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { app } from 'electron'
import electronUpdater from 'electron-updater'
import type { UpdateState } from '#shared/ipc/routes/app'
import { isPlainVersion, refusalOf } from './core/app/update-refusals.ts'
import type { Log } from './core/log.ts'
import type { Updater } from './core/platform.ts'

const day = 24 * 60 * 60 * 1000
/**
 * A download that receives nothing for this long is stopped, said in Settings and tried again after five times
 * as long. `GATEWAY_DESK_UPDATE_STALL_SECONDS` sets it (a slow mirror; the tests).
 */
const stallMs = (Number(process.env.GATEWAY_DESK_UPDATE_STALL_SECONDS) || 60) * 1000
const retryMs = stallMs * 5

export function createUpdater(log: Pick<Log, 'warn' | 'error'>): Updater & { startChecking(): void } {
  const { autoUpdater } = electronUpdater
  const listeners = new Set<() => void>()
  let state: UpdateState = {
    supported: app.isPackaged,
    version: app.getVersion(),
    channel: autoUpdater.channel ?? 'latest',
    status: 'idle',
    available: null,
    progress: null,
    lastCheck: null,
    problem: null,
  }
  const set = (change: Partial<UpdateState>) => {
    state = { ...state, ...change }
    for (const listener of listeners) listener()
  }
  // A feed other than the one built in (a staging channel, a company's own mirror): its configuration is written
  // where the updater reads the built-in one's (resources/app-update.yml, made by electron-builder from `publish`).
  const feed = process.env.GATEWAY_DESK_UPDATE_FEED
  if (feed) {
    const config = join(app.getPath('userData'), 'update-feed.yml')
    writeFileSync(
      config,
      `provider: generic\nurl: ${JSON.stringify(feed)}\nupdaterCacheDirName: gateway-desk-updater\n`,
    )
    autoUpdater.updateConfigPath = config
  }
  autoUpdater.logger = {
    info: () => {},
    debug: () => {},
    warn: (text: unknown) => log.warn(String(text)),
    error: (text: unknown) => log.error(String(text)),
  }
  autoUpdater.autoDownload = true
  autoUpdater.autoInstallOnAppQuit = false
  // The whole file, checked against its sha512; a partial download against an older file is not attempted.
  autoUpdater.disableDifferentialDownload = true
  // The feed's version is shown only once it is checked to be one.
  const shownVersion = (version: string) => (isPlainVersion(version) ? version : null)
  /** When the download under way last received data, and how to stop it. */
  let lastData = 0
  let download: { cancel(): void } | null = null
  let stalled = false
  autoUpdater.on('checking-for-update', () => set({ status: 'checking', problem: null }))
  autoUpdater.on('update-available', (info) => {
    lastData = Date.now()
    set({ status: 'downloading', available: shownVersion(info.version), progress: 0 })
  })
  autoUpdater.on('update-not-available', () => set({ status: 'current', available: null, progress: null }))
  autoUpdater.on('download-progress', (progress) => {
    lastData = Date.now()
    set({ progress: Math.round(progress.percent) })
  })
  autoUpdater.on('update-downloaded', (info) =>
    set({ status: 'ready', available: shownVersion(info.version), progress: 100 }),
  )
  autoUpdater.on('error', (error: Error) => {
    log.warn('update refused', error)
    // A download stopped for its stall is said as that, not as the cancellation it raises.
    if (stalled) return
    set({ status: 'refused', progress: null, problem: refusalOf(error) })
  })

  const check = async () => {
    if (!state.supported || state.status === 'downloading' || state.status === 'ready') return
    stalled = false
    set({ lastCheck: Date.now() })
    // Errors arrive as the `error` event too (the state says them); the download's own promise is awaited here
    // so that its refusal is not an unhandled rejection.
    const result = await autoUpdater.checkForUpdates().catch(() => null)
    download = result?.cancellationToken ?? null
    await result?.downloadPromise?.catch(() => {})
    download = null
  }
  /** Stops a download that has received nothing for `stallMs`, says so, and tries again later. */
  const watchForStall = () => {
    if (state.status !== 'downloading' || Date.now() - lastData < stallMs) return
    stalled = true
    download?.cancel()
    const version = state.available ? `version ${state.available}` : 'the update'
    log.warn(`update download stalled: nothing arrived for ${stallMs / 1000} s`)
    set({
      status: 'refused',
      progress: null,
      problem: `The download of ${version} stopped: nothing arrived for ${Math.round(stallMs / 1000)} seconds. It is tried again in ${retryMs < 60_000 ? `${Math.round(retryMs / 1000)} seconds` : `${Math.round(retryMs / 60_000)} minutes`}, or check now.`,
    })
    setTimeout(() => void check(), retryMs).unref()
  }
  return {
    /** At start, then every day; a stalled download is watched for all along. */
    startChecking() {
      if (!state.supported) return
      void check()
      setInterval(() => void check(), day).unref()
      setInterval(watchForStall, Math.min(stallMs / 4, 15_000)).unref()
    },
    state: () => state,
    check,
    install: () => autoUpdater.quitAndInstall(false, true),
    onChange: (listener) => void listeners.add(listener),
  }
}

/** An error that electron-updater raised (a refused download), by where it was thrown. */
export const isUpdaterError = (error: unknown): boolean =>
  error instanceof Error && /[\\/](electron-updater|builder-util-runtime)[\\/]/.test(error.stack ?? '')
