// Lays the built app out as electron-builder packs it: electron-builder itself runs `--dir` with this
// project's `build` configuration (files, asarUnpack, afterPack), on a stand-in Electron distribution,
// and the app.asar it writes is unpacked into a folder of the same name, so the stand-in sees the files a
// packaged app sees at the paths it sees them. A file the package lacks is missing here too.
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')
const require = createRequire(import.meta.url)

/** An executable with the fuse wire where @electron/fuses looks for it, so the afterPack hook runs. */
function standInDistribution(folder: string): void {
  mkdirSync(join(folder, 'resources'), { recursive: true })
  const sentinel = Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX')
  const wire = Buffer.from([1, 9, ...Array.from({ length: 9 }, () => 144)])
  const executable = join(folder, 'electron')
  writeFileSync(executable, Buffer.concat([Buffer.alloc(4096, 7), sentinel, wire, Buffer.alloc(4096, 7)]))
  chmodSync(executable, 0o755)
}

/** Packs `out/` into `folder` and returns the app path (`<folder>/resources/app.asar`, unpacked). */
export function stagePackagedApp(folder: string): string {
  rmSync(folder, { recursive: true, force: true })
  const distribution = join(folder, 'electron-dist')
  standInDistribution(distribution)
  const output = join(folder, 'package')
  execFileSync(
    join(root, 'node_modules', '.bin', 'electron-builder'),
    [
      '--dir',
      '--linux',
      `-c.electronDist=${distribution}`,
      '-c.npmRebuild=false',
      `-c.directories.output=${output}`,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, GATEWAY_DESK_TEST_BUILD: '1' },
    },
  )
  const resources = join(output, 'linux-unpacked', 'resources')
  const archive = join(resources, 'app.asar')
  const asar = require('@electron/asar') as { extractAll(archive: string, dest: string): void }
  const unpacked = join(resources, 'app')
  asar.extractAll(archive, unpacked)
  rmSync(archive)
  renameSync(unpacked, archive)
  return archive
}
