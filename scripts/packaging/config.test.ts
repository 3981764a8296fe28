// The packaging configuration (package.json "build") checked with electron-builder's own schema validation,
// and the files it names present. Building the installers needs the Electron binary and is not run here.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const config = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).build
const require = createRequire(import.meta.url)
// electron-builder's validator lives in its own app-builder-lib; resolved from electron-builder so the
// versions match.
const { validateConfiguration } = require(
  require.resolve('app-builder-lib/out/util/config/config.js', {
    paths: [dirname(require.resolve('electron-builder/package.json'))],
  }),
) as { validateConfiguration(config: unknown, logger: { isEnabled: boolean; add(): void }): Promise<void> }
const logger = { isEnabled: false, add: () => {} }

// The first check loads electron-builder's schema and validator: seconds on a busy machine.
const loading = { timeout: 30_000 }

describe('packaging configuration', () => {
  it('passes electron-builder’s schema check', loading, async () => {
    await expect(validateConfiguration(config, logger)).resolves.toBeUndefined()
  })

  it('the check refuses a misspelt option, so it is really checking', loading, async () => {
    await expect(
      validateConfiguration({ ...config, linux: { ...config.linux, targett: 'deb' } }, logger),
    ).rejects.toThrow(/Invalid configuration object/)
  })

  it('builds AppImage and deb, dmg and nsis, with the hook and a 1024 px icon that exist', async () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
    expect(config.mac.target).toEqual(['dmg'])
    expect(config.win.target).toEqual(['nsis'])
    expect(existsSync(join(root, config.afterPack))).toBe(true)
    const icon = await sharp(join(root, config.icon)).metadata()
    expect([icon.width, icon.height, icon.format]).toEqual([1024, 1024, 'png'])
  })
})
