// The application menu, built from the template in core: roles go to Electron, commands to the app.
import { Menu, type MenuItemConstructorOptions } from 'electron'
import { type MenuCommand, type MenuEntry, menuTemplate } from './core/app/desktop.ts'

export function installMenu(options: {
  appName: string
  devTools: boolean
  run: (command: MenuCommand) => void
}): void {
  const toElectron = (entry: MenuEntry): MenuItemConstructorOptions => {
    const { command, submenu, role, ...rest } = entry
    return {
      ...rest,
      ...(role ? { role: role as MenuItemConstructorOptions['role'] } : {}),
      ...(submenu ? { submenu: submenu.map(toElectron) } : {}),
      ...(command ? { click: () => options.run(command) } : {}),
    }
  }
  const template = menuTemplate({
    isMac: process.platform === 'darwin',
    appName: options.appName,
    devTools: options.devTools,
  })
  Menu.setApplicationMenu(Menu.buildFromTemplate(template.map(toElectron)))
}
