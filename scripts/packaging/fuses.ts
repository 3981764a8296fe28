// Electron fuses of the packaged app: switches compiled into the Electron binary that no code can turn back
// on. Production turns off everything that lets the binary run other code; a test build keeps
// `--inspect`-style arguments, which Playwright needs to drive the app.
import { FuseV1Options, FuseVersion, flipFuses, getCurrentFuseWire } from '@electron/fuses'

export const fuseNames: Record<FuseV1Options, string> = {
  [FuseV1Options.RunAsNode]: 'runAsNode',
  [FuseV1Options.EnableCookieEncryption]: 'cookieEncryption',
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: 'nodeOptions',
  [FuseV1Options.EnableNodeCliInspectArguments]: 'nodeCliInspect',
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: 'embeddedAsarIntegrityValidation',
  [FuseV1Options.OnlyLoadAppFromAsar]: 'onlyLoadAppFromAsar',
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: 'loadBrowserProcessSpecificV8Snapshot',
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: 'grantFileProtocolExtraPrivileges',
  [FuseV1Options.WasmTrapHandlers]: 'wasmTrapHandlers',
}

/** What each fuse must be; fuses not named keep Electron's default. */
export function expectedFuses(testBuild: boolean): Partial<Record<FuseV1Options, boolean>> {
  return {
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: testBuild,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  }
}

/** Sets the fuses of the Electron binary at `path` (the packaged app's executable). */
export async function setFuses(path: string, testBuild: boolean): Promise<void> {
  await flipFuses(path, {
    version: FuseVersion.V1,
    resetAdHocDarwinSignature: true,
    ...expectedFuses(testBuild),
  })
}

export interface FuseCheck {
  name: string
  expected: boolean
  actual: 'on' | 'off' | 'inherit' | 'removed' | 'missing'
  ok: boolean
}

/** Reads the fuses back from a binary and compares each with what it must be. */
export async function checkFuses(path: string, testBuild: boolean): Promise<FuseCheck[]> {
  const wire = (await getCurrentFuseWire(path)) as unknown as Record<string, number>
  const states: Record<number, FuseCheck['actual']> = { 48: 'off', 49: 'on', 114: 'removed', 144: 'inherit' }
  return Object.entries(expectedFuses(testBuild)).map(([index, expected]) => {
    const raw = wire[index]
    const actual = raw === undefined ? 'missing' : (states[raw] ?? 'missing')
    return {
      name: fuseNames[Number(index) as FuseV1Options],
      expected: Boolean(expected),
      actual,
      ok: actual === (expected ? 'on' : 'off'),
    }
  })
}
