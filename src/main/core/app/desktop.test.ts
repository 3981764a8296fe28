import { describe, expect, it } from 'vitest'
import { commandList } from '#shared/commands'
import {
  hardenSession,
  type MenuEntry,
  menuTemplate,
  navigationAllowed,
  newWindowTarget,
  restoreBounds,
  secureWebPreferences,
} from './desktop.ts'

const flatten = (entries: MenuEntry[]): MenuEntry[] =>
  entries.flatMap((entry) => [entry, ...flatten(entry.submenu ?? [])])

describe('application menu', () => {
  for (const isMac of [true, false]) {
    it(`has the standard roles and the app's commands with unique accelerators (${isMac ? 'macOS' : 'Windows and Linux'})`, () => {
      const items = flatten(menuTemplate({ isMac, appName: 'Gateway Desk', devTools: false }))
      const roles = items.flatMap((item) => (item.role ? [item.role] : []))
      expect(roles).toEqual(
        expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'quit', 'reload']),
      )
      expect(roles.includes('toggleDevTools')).toBe(false)
      expect(roles.includes('about')).toBe(isMac)
      const accelerators = items.flatMap((item) => (item.accelerator ? [item.accelerator] : []))
      expect(new Set(accelerators).size).toBe(accelerators.length)
      // Every command the one list places in the menu, once, with its keys as its accelerator.
      const commands = items.flatMap((item) => (item.command ? [item.command.id] : []))
      const placed = commandList.filter((command) => 'menu' in command)
      expect(new Set(commands)).toEqual(new Set(placed.map((command) => command.id)))
      expect(new Set(commands).size).toBe(commands.length)
      for (const item of items.filter((entry) => entry.command)) {
        const { keybinding } = commandList.find((command) => command.id === item.command?.id) as {
          keybinding?: string
        }
        expect(item.accelerator).toBe(keybinding ? keybinding.replace('Mod+', 'CmdOrCtrl+') : undefined)
      }
      const decisions = items.find((item) => item.label === 'Decisions')
      expect(decisions?.accelerator).toBe('CmdOrCtrl+1')
    })
  }
})

describe('window placement', () => {
  const primary = { x: 0, y: 0, width: 1920, height: 1080 }
  it('restores a window that is on a display, and never below the minimum size', () => {
    expect(restoreBounds({ x: 100, y: 80, width: 1400, height: 900 }, [primary])).toEqual({
      x: 100,
      y: 80,
      width: 1400,
      height: 900,
    })
    expect(restoreBounds({ x: 10, y: 10, width: 300, height: 200 }, [primary])).toEqual({
      x: 10,
      y: 10,
      width: 900,
      height: 600,
    })
  })
  it('falls back to the default size when its display is gone or nothing was saved', () => {
    expect(restoreBounds({ x: 2500, y: 100, width: 1200, height: 800 }, [primary])).toEqual({
      width: 1280,
      height: 820,
    })
    expect(restoreBounds(null, [primary])).toEqual({ width: 1280, height: 820 })
  })
})

describe('navigation and new windows', () => {
  it('keeps navigation on the app origin', () => {
    expect(navigationAllowed('app://gateway-desk', 'app://gateway-desk/index.html#/videos')).toBe(true)
    expect(navigationAllowed('app://gateway-desk', 'https://evil.example/')).toBe(false)
    expect(navigationAllowed('app://gateway-desk', 'file:///etc/passwd')).toBe(false)
    expect(navigationAllowed('app://gateway-desk', 'not a url')).toBe(false)
  })
  it('sends https links to the browser and opens no window for anything else', () => {
    expect(newWindowTarget('https://docs.example.com/page')).toBe('https://docs.example.com/page')
    expect(newWindowTarget('http://example.com/')).toBeNull()
    expect(newWindowTarget('javascript:alert(1)')).toBeNull()
    expect(newWindowTarget('file:///etc/passwd')).toBeNull()
  })
})

describe('the window and its session', () => {
  it('runs pages isolated and sandboxed, without Node, web security on, no webviews', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
    })
  })

  it('refuses every permission a page asks for or checks', () => {
    type Handler = (...args: never[]) => unknown
    const handlers: { request?: Handler; check?: Handler; device?: Handler } = {}
    hardenSession({
      setPermissionRequestHandler: (handler) => {
        handlers.request = handler
      },
      setPermissionCheckHandler: (handler) => {
        handlers.check = handler
      },
      setDevicePermissionHandler: (handler) => {
        handlers.device = handler
      },
    })
    const granted: boolean[] = []
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'])
      (handlers.request as ((...args: unknown[]) => void) | undefined)?.({}, permission, (answer: boolean) =>
        granted.push(answer),
      )
    expect(granted).toEqual([false, false, false, false, false])
    expect(handlers.check?.()).toBe(false)
    expect(handlers.device?.()).toBe(false)
  })
})
