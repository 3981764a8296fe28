// electron-builder's afterPack hook: sets the fuses on the packaged executable before it is signed and
// wrapped in an installer. GATEWAY_DESK_TEST_BUILD=1 makes a build that Playwright can drive.
import { join } from 'node:path'
import { setFuses } from './fuses.ts'

interface PackContext {
  appOutDir: string
  electronPlatformName: string
  packager: { appInfo: { productFilename: string } }
}

export default async function afterPack(context: PackContext): Promise<void> {
  const name = context.packager.appInfo.productFilename
  const executable =
    context.electronPlatformName === 'darwin'
      ? join(context.appOutDir, `${name}.app`)
      : context.electronPlatformName === 'win32'
        ? join(context.appOutDir, `${name}.exe`)
        : join(context.appOutDir, name.toLowerCase().replace(/\s+/g, '-'))
  await setFuses(executable, process.env.GATEWAY_DESK_TEST_BUILD === '1')
}
