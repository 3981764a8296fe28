// `npm start` without the Electron binary says what failed and what to do, and never loads `electron`.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { electronBinary, missingElectron } from './start.ts'

it('finds no binary where none is, and starts nothing: it says what to do in one paragraph', () => {
  const empty = mkdtempSync(join(tmpdir(), 'gd-no-electron-'))
  try {
    expect(electronBinary({ ELECTRON_OVERRIDE_DIST_PATH: empty }).found).toBe(false)
    const result = spawnSync(process.execPath, [join(import.meta.dirname, 'start.ts')], {
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: empty, ELECTRON_MIRROR: 'http://127.0.0.1:9/' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status).toBe(1)
    expect(result.stderr.trim()).toBe(missingElectron)
    expect(missingElectron).toContain('npm run harness')
    expect(missingElectron.split('\n')).toHaveLength(1)
  } finally {
    rmSync(empty, { recursive: true, force: true })
  }
})
