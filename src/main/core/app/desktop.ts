// The desktop shell's decisions, kept free of Electron so they are tested here: the application menu as data,
// where a saved window goes on the screens there are now, and which navigations and windows are allowed.
import { acceleratorOf, type CommandId, type CommandInfo, commandList } from '#shared/commands'
import { originOf } from '../ipc/dispatcher.ts'
import { checkExternalUrl } from './external-links.ts'

/** A menu item the app handles: the command of that id, run in the window (`app.command`). */
export type MenuCommand = { kind: 'command'; id: CommandId }

export interface MenuEntry {
  label?: string
  role?: string
  accelerator?: string
  command?: MenuCommand
  submenu?: MenuEntry[]
  type?: 'separator'
}

const separator: MenuEntry = { type: 'separator' }

/** The menu's items of the commands it lists under `menu`, with their accelerators. */
function itemsOf(menu: NonNullable<CommandInfo['menu']>): MenuEntry[] {
  return (commandList as readonly CommandInfo[])
    .filter((command) => command.menu === menu)
    .map((command) => ({
      label: command.title,
      ...(command.keybinding ? { accelerator: acceleratorOf(command.keybinding) } : {}),
      command: { kind: 'command', id: command.id as CommandId },
    }))
}

/**
 * The application menu: the standard roles of each platform, and the app's commands from the one list of
 * commands (`#shared/commands`), with their keys as accelerators.
 */
export function menuTemplate(options: { isMac: boolean; appName: string; devTools: boolean }): MenuEntry[] {
  const [create, ...history] = [itemsOf('file').slice(0, 2), itemsOf('file').slice(2)]
  const fileItems: MenuEntry[] = [
    ...(create ?? []),
    separator,
    ...history.flat(),
    ...(options.isMac ? [] : itemsOf('app')),
    separator,
    options.isMac ? { role: 'close' } : { role: 'quit' },
  ]
  return [
    ...(options.isMac
      ? [
          {
            label: options.appName,
            submenu: [
              { role: 'about' },
              separator,
              ...itemsOf('app'),
              separator,
              { role: 'services' },
              separator,
              { role: 'hide' },
              { role: 'hideOthers' },
              { role: 'unhide' },
              separator,
              { role: 'quit' },
            ] satisfies MenuEntry[],
          },
        ]
      : []),
    { label: 'File', submenu: fileItems },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        separator,
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        ...itemsOf('view'),
        separator,
        { role: 'reload' },
        ...(options.devTools ? [{ role: 'toggleDevTools' }] : []),
        separator,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        separator,
        { role: 'togglefullscreen' },
      ],
    },
    { label: 'Window', role: 'windowMenu' },
    { label: 'Help', role: 'help', submenu: itemsOf('help') },
  ]
}

export interface Bounds {
  x: number
  y: number
  width: number
  height: number
}

export const defaultWindowSize = { width: 1280, height: 820 } as const
export const minimumWindowSize = { width: 900, height: 600 } as const

/**
 * Where a saved window goes now: as it was if it is at least half on a display that exists, else the default
 * size on the primary display. The size never drops under the minimum.
 */
export function restoreBounds(
  saved: Bounds | null,
  displays: readonly Bounds[],
): Partial<Bounds> & { width: number; height: number } {
  const fallback = { ...defaultWindowSize }
  if (!saved) return fallback
  const width = Math.max(minimumWindowSize.width, saved.width)
  const height = Math.max(minimumWindowSize.height, saved.height)
  const visible = displays.some((display) => {
    const overlapX = Math.min(saved.x + width, display.x + display.width) - Math.max(saved.x, display.x)
    const overlapY = Math.min(saved.y + height, display.y + display.height) - Math.max(saved.y, display.y)
    return overlapX > 0 && overlapY > 0 && overlapX * overlapY >= (width * height) / 2
  })
  return visible ? { x: saved.x, y: saved.y, width, height } : fallback
}

/** Navigation inside the window stays on the app's own origin. */
export const navigationAllowed = (appOrigin: string, url: string): boolean => {
  const origin = originOf(url)
  return origin !== null && origin === appOrigin
}

/** A request for a new window never opens one: an https link goes to the browser, anything else nowhere. */
export function newWindowTarget(url: string): string | null {
  try {
    return checkExternalUrl(url).href
  } catch {
    return null
  }
}

/** The window's web preferences: isolated, sandboxed, no Node, web security on, no webviews. */
export function secureWebPreferences(preload: string) {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    spellcheck: true,
  } as const
}

/** The parts of an Electron session that grant permissions, each set to refuse everything. */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void
  setPermissionCheckHandler(handler: () => boolean): void
  setDevicePermissionHandler(handler: () => boolean): void
}

export function hardenSession(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.setDevicePermissionHandler(() => false)
}
