// The stand-in's desktop integration: the application menu and its accelerators, notifications, the shell,
// the theme, the screen, the clipboard and images. Each records what the app asked of it.
import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import { BrowserWindow, keyPresses } from './browser-window.ts'
import { onDesktopAction, record, standIn } from './records.ts'

const env = process.env

interface MenuItemOptions {
  label?: string
  role?: string
  accelerator?: string
  click?: () => void
  submenu?: MenuItemOptions[]
  type?: string
}
let applicationMenu: { items: MenuItemOptions[] } | null = null
export const Menu = standIn('Menu', {
  buildFromTemplate: (items: MenuItemOptions[]) => ({ items }),
  setApplicationMenu(menu: { items: MenuItemOptions[] } | null) {
    applicationMenu = menu
    record({ api: 'Menu.setApplicationMenu', labels: menu?.items.map((item) => item.label ?? item.role) })
  },
  getApplicationMenu: () => applicationMenu,
})

/** A key pressed in a window runs the menu item whose accelerator it matches (Linux: CmdOrCtrl is Ctrl). */
keyPresses.on(
  'key',
  (key: { key: string; control: boolean; meta: boolean; shift: boolean; alt: boolean }) => {
    const pressed = [
      key.control && 'Ctrl',
      key.alt && 'Alt',
      key.shift && 'Shift',
      key.key.length === 1 ? key.key.toUpperCase() : key.key,
    ]
      .filter(Boolean)
      .join('+')
    const walk = (items: MenuItemOptions[]): MenuItemOptions | undefined => {
      for (const item of items) {
        const accelerator = item.accelerator?.replace(/CmdOrCtrl|CommandOrControl/, 'Ctrl')
        if (accelerator === pressed && item.click) return item
        const found = item.submenu && walk(item.submenu)
        if (found) return found
      }
      return undefined
    }
    const item = walk(applicationMenu?.items ?? [])
    if (!item) return
    record({ api: 'Menu.accelerator', accelerator: item.accelerator, label: item.label })
    item.click?.()
  },
)

/** Notifications shown, so that the spec can click one (by its title) as a person would. */
const shownNotifications: StandInNotification[] = []

class StandInNotification extends EventEmitter {
  static isSupported = () => true
  readonly options: { title: string; body: string; actions?: { type: string; text: string }[] }
  constructor(options: { title: string; body: string; actions?: { type: string; text: string }[] }) {
    super()
    this.options = options
  }
  show(): void {
    shownNotifications.push(this)
    record({ api: 'Notification.show', ...this.options })
  }
}
const shownTitled = (title: unknown) => shownNotifications.findLast((one) => one.options.title === title)
onDesktopAction('Notification.click', ({ title }) => shownTitled(title)?.emit('click', {}))
onDesktopAction('Notification.action', ({ title }) => shownTitled(title)?.emit('action', {}, 0))
export const Notification = StandInNotification

export const shell = standIn('shell', {
  async openExternal(url: string) {
    record({ api: 'shell.openExternal', url })
  },
  async openPath(path: string) {
    record({ api: 'shell.openPath', path })
    return ''
  },
  showItemInFolder(path: string) {
    record({ api: 'shell.showItemInFolder', path })
  },
})

const dark = env.ELECTRON_STANDIN_COLOR_SCHEME === 'dark'
export const nativeTheme = standIn(
  'nativeTheme',
  Object.assign(new EventEmitter(), { themeSource: 'system', shouldUseDarkColors: dark }),
)

const display = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
  scaleFactor: 1,
}
export const screen = standIn('screen', {
  getAllDisplays: () => [display],
  getPrimaryDisplay: () => display,
})

export class ClipboardItem {
  readonly types: string[]
  private readonly items: Record<string, Blob>
  constructor(items: Record<string, Blob>) {
    this.items = items
    this.types = Object.keys(items)
  }
  getType = async (type: string) => this.items[type]
}
export const clipboard = standIn('clipboard', {
  async write(items: ClipboardItem[]) {
    record({ api: 'clipboard.write', types: items.flatMap((item) => item.types) })
  },
  writeText(text: string) {
    record({ api: 'clipboard.writeText', length: text.length })
  },
})

export const nativeImage = standIn('nativeImage', {
  createFromPath(path: string) {
    const bytes = readFileSync(path)
    const image = standIn('NativeImage', {
      /** The stand-in's own: which file an image came from, for the records. */
      path,
      toPNG: () => bytes,
      isEmpty: () => bytes.length === 0,
      resize: () => image,
    })
    return image
  },
})

/** The tray icon: what its menu says and which image it shows are recorded; a spec clicks a menu item by label. */
let tray: StandInTray | null = null
class StandInTray extends EventEmitter {
  menu: { items: MenuItemOptions[] } | null = null
  constructor(image: { path?: string }) {
    super()
    tray = this
    record({ api: 'Tray.new', image: image.path })
  }
  setToolTip(text: string): void {
    record({ api: 'Tray.setToolTip', text })
  }
  setContextMenu(menu: { items: MenuItemOptions[] }): void {
    this.menu = menu
    record({ api: 'Tray.setContextMenu', labels: menu.items.map((item) => item.label ?? item.type ?? '') })
  }
  setImage(image: { path?: string }): void {
    record({ api: 'Tray.setImage', image: image.path })
  }
  destroy(): void {
    if (tray === this) tray = null
    record({ api: 'Tray.destroy' })
  }
}
export const Tray = StandInTray
onDesktopAction('Tray.menu', ({ label }) => tray?.menu?.items.find((item) => item.label === label)?.click?.())
// The person closes the window with its close button (the app decides whether it quits).
onDesktopAction('BrowserWindow.close', () => {
  for (const window of BrowserWindow.getAllWindows()) window.close()
})
