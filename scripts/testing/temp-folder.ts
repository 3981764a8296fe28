// The one temporary folder of a test run: every test (and every process it starts) makes its temporary
// files under it, because TMPDIR points there for the whole run, and the run removes it when it ends.
// Vitest and Playwright both use this as their global setup.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export default function startRunTempFolder(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'gd-run-'))
  const previous = process.env.TMPDIR
  process.env.TMPDIR = folder
  return () => {
    if (previous === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = previous
    rmSync(folder, { recursive: true, force: true, maxRetries: 3 })
  }
}
