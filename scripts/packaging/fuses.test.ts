// The fuses are set and read back by @electron/fuses on a stand-in binary: bytes around the fuse sentinel and
// a version 1 wire, laid out as in an Electron executable.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkFuses, setFuses } from './fuses.ts'

const sentinel = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
const inherit = 144

async function standInBinary(): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'gd-fuses-')), 'gateway-desk')
  const wire = Buffer.from([1, 9, ...Array.from({ length: 9 }, () => inherit)])
  await writeFile(
    path,
    Buffer.concat([Buffer.alloc(4096, 7), Buffer.from(sentinel), wire, Buffer.alloc(4096, 7)]),
  )
  return path
}

describe('fuses', () => {
  it('a binary as Electron ships it fails the production check', async () => {
    const checks = await checkFuses(await standInBinary(), false)
    expect(checks.every((check) => check.actual === 'inherit' && !check.ok)).toBe(true)
  })

  it('a production build has run-as-node, NODE_OPTIONS and inspect off, asar-only and integrity on', async () => {
    const binary = await standInBinary()
    await setFuses(binary, false)
    const checks = await checkFuses(binary, false)
    expect(checks.filter((check) => !check.ok)).toEqual([])
    expect(Object.fromEntries(checks.map((check) => [check.name, check.actual]))).toEqual({
      runAsNode: 'off',
      cookieEncryption: 'on',
      nodeOptions: 'off',
      nodeCliInspect: 'off',
      embeddedAsarIntegrityValidation: 'on',
      onlyLoadAppFromAsar: 'on',
      grantFileProtocolExtraPrivileges: 'off',
    })
  })

  it('a test build keeps inspect arguments on, and fails the production check for it alone', async () => {
    const binary = await standInBinary()
    await setFuses(binary, true)
    expect((await checkFuses(binary, true)).every((check) => check.ok)).toBe(true)
    expect((await checkFuses(binary, false)).filter((check) => !check.ok).map((check) => check.name)).toEqual(
      ['nodeCliInspect'],
    )
  })
})
