// The tray icon (the menu bar on macOS): its menu from the core's state, refreshed as jobs, deliveries and the
// tunnel change, and a dot on the icon while jobs run.
import { join } from 'node:path'
import { app, Menu, type MenuItemConstructorOptions, nativeImage, Tray } from 'electron'
import { type TrayItem, trayMenu } from './core/app/tray-menu.ts'
import type { Core } from './core/core.ts'

export function createTray(deps: { core: Core; open: (path?: string) => void; quit: () => void }) {
  const icon = (name: string) =>
    nativeImage.createFromPath(join(app.getAppPath(), 'resources', name)).resize({ width: 16, height: 16 })
  const idle = icon('tray.png')
  const busy = icon('tray-busy.png')
  const tray = new Tray(idle)
  tray.setToolTip('Gateway Desk')
  const item = (entry: TrayItem): MenuItemConstructorOptions => {
    switch (entry.kind) {
      case 'separator':
        return { type: 'separator' }
      case 'text':
        return { label: entry.label, enabled: false }
      case 'open':
        return { label: entry.label, click: () => deps.open(entry.path) }
      case 'window':
        return { label: entry.label, click: () => deps.open() }
      case 'quit':
        return { label: entry.label, click: deps.quit }
    }
  }
  let running: boolean | null = null
  const refresh = () => {
    let state: ReturnType<Core['desktop']['tray']>
    try {
      state = deps.core.desktop.tray()
    } catch (error) {
      // The tray never stops the window closing or the app quitting; what failed is in the log.
      deps.core.log.warn('the tray could not be updated', error)
      return
    }
    tray.setContextMenu(Menu.buildFromTemplate(trayMenu(state).map(item)))
    const nowRunning = state.running.count > 0
    if (nowRunning !== running) tray.setImage(nowRunning ? busy : idle)
    running = nowRunning
    tray.setToolTip(nowRunning ? `Gateway Desk — ${state.running.count} running` : 'Gateway Desk')
  }
  refresh()
  // A burst of changes (a storm of deliveries) rebuilds the menu once.
  let timer: ReturnType<typeof setTimeout> | undefined
  const unsubscribe = deps.core.events.subscribe((event, payload) => {
    if (event !== 'data.changed') return
    const { topics } = payload as { topics: string[] }
    if (!topics.some((topic) => ['videos', 'deliveries', 'tunnel', 'batches', 'images'].includes(topic)))
      return
    timer ??= setTimeout(() => {
      timer = undefined
      refresh()
    }, 250)
  })
  tray.on('click', () => deps.open())
  return {
    refresh,
    destroy() {
      clearTimeout(timer)
      unsubscribe()
      tray.destroy()
    },
  }
}
