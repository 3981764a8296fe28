// The command line run by the app's own executable (`gateway-desk --cli …`, what the launcher in resources/bin
// runs): the same program as `npm run cli`, on the app's data folder, with the system keychain the app uses,
// so a live profile's key needs no environment variable. No window is opened.
import { app } from 'electron'
import { safeStorageCipher } from './platform/electron-platform.ts'

export async function runCommandLine(args: readonly string[]): Promise<void> {
  process.env.GATEWAY_DESK_USER_DATA ??= app.getPath('userData')
  if (process.platform === 'darwin') app.dock?.hide()
  // The keychain answers once the app is ready.
  await app.whenReady()
  // Loaded here, not with the app: the window's start does not pay for the command line's modules.
  const { main } = await import('../cli/main.ts')
  const code = await main(['gateway-desk', 'gateway-desk', ...args], {
    ...(safeStorageCipher.backend === 'unavailable' ? {} : { secretCipher: safeStorageCipher }),
  })
  app.exit(code)
}
