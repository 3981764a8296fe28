// `npm start`: builds the app and launches it with Electron. Where the Electron binary is missing (its download
// was blocked), says so in one paragraph and what to do, instead of Electron's own "failed to install"; the
// binary is looked for on disk, never by loading the `electron` module (that starts a download).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')

/** Where the Electron binary would be, and whether it is there. */
export function electronBinary(env: NodeJS.ProcessEnv = process.env): {
  path: string | null
  found: boolean
} {
  const folder = join(root, 'node_modules', 'electron')
  const pathFile = join(folder, 'path.txt')
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const path = join(env.ELECTRON_OVERRIDE_DIST_PATH, relative ?? 'electron')
    return { path, found: existsSync(path) }
  }
  if (!relative) return { path: null, found: false }
  const path = join(folder, 'dist', relative)
  return { path, found: existsSync(path) }
}

export const missingElectron = `Gateway Desk cannot start: the Electron binary is not installed (npm install could not download it; a proxy or a blocked network is the usual cause). Fetch it again with \`node node_modules/electron/install.js\`, pointing ELECTRON_MIRROR at a mirror you can reach if the default one is blocked (for example ELECTRON_MIRROR=https://npmmirror.com/mirrors/electron/), or set ELECTRON_OVERRIDE_DIST_PATH to a folder holding an Electron build. Meanwhile \`npm run harness\` opens the same app in your browser, against the same core.`

if (import.meta.main) {
  if (!electronBinary().found) {
    console.error(missingElectron)
    process.exit(1)
  }
  const run = (args: string[]) =>
    spawnSync(
      process.execPath,
      [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), ...args],
      {
        stdio: 'inherit',
      },
    ).status ?? 1
  const built = run(['build'])
  process.exit(built === 0 ? run(['preview']) : built)
}
