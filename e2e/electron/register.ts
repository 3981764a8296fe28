// `node --import ./e2e/electron/register.ts <app>/out/main/index.js`: runs the built main process with the
// module `electron` resolved to the stand-in, and `process` as Electron's main process has it. Nothing in
// the app changes for it.
import { register, registerHooks } from 'node:module'
import { dirname, join } from 'node:path'

register('./resolve-electron.ts', import.meta.url)
// Packages the app uses that load `electron` with require() (electron-updater) get the same stand-in: the module
// the ESM hook above resolves, not the `electron` package that would download a binary.
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'electron')
      return { url: new URL('./electron.ts', import.meta.url).href, shortCircuit: true }
    return next(specifier, context)
  },
})

const entry = process.argv[1] ?? ''
// The app folder is the one holding package.json above out/main (resources/app.asar when packaged).
const appPath = process.env.ELECTRON_STANDIN_APP_PATH ?? join(dirname(entry), '..', '..')
process.env.ELECTRON_STANDIN_APP_PATH = appPath
const packaged = appPath.endsWith('app.asar')
process.env.ELECTRON_STANDIN_PACKAGED = packaged ? '1' : '0'
Object.assign(process, {
  type: 'browser',
  resourcesPath: packaged ? dirname(appPath) : join(appPath, 'node_modules', 'electron', 'dist', 'resources'),
})
Object.assign(process.versions, { electron: '45.4.1', chrome: 'stand-in' })
