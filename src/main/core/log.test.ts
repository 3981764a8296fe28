// The log: rotated by size, keeping a fixed number of files, with a canary key never written in any of them.
import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createLog } from './log.ts'

describe('log', () => {
  it('rotates by size, keeps three old files, and never writes the canary key in any of them', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'gd-log-'))
    const canary = 'canary-secret-7c1e0d'
    const log = createLog(folder, () => [canary], { maxBytes: 2048, keep: 3 })
    for (let i = 0; i < 200; i++) {
      log.info(`call ${i} with key ${canary}`)
      log.error('request failed', new Error(`upstream said Bearer ${canary} is not valid`))
      log.warn(`headers {"x-api-key": "${canary}"} and a shaped key sk-live-abcdef123456`)
    }
    const files = (await readdir(folder)).sort()
    expect(files).toEqual(['main.1.log', 'main.2.log', 'main.3.log', 'main.log'])
    for (const file of files) {
      const text = await readFile(join(folder, file), 'utf8')
      expect(text).not.toContain(canary)
      expect(text).not.toContain('sk-live-abcdef123456')
      expect(text).toContain('[redacted]')
    }
  })
})
