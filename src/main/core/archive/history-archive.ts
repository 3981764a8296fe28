// The whole history as one archive (.tar.gz): a consistent copy of the database, every media file and the
// preferences, with a manifest of sizes and SHA-256 sums. Importing verifies everything into a staging
// folder first — nothing is replaced unless it all checks out — and the swap happens at the next start,
// before anything is opened. API keys are not in the archive: they stay sealed on this machine.
import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync, readFileSync, statfsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { AppError } from '#shared/ipc/app-error'
import { archivedPreferences } from '../app/preferences.ts'
import { extractTarGz, writeTarGz } from '../files/tar.ts'
import { schemaVersion } from '../history/database.ts'

export const archiveFormat = 'gateway-desk-history'
const Manifest = z.object({
  format: z.literal(archiveFormat),
  version: z.literal(1),
  schemaVersion: z.number().int().min(1),
  createdAt: z.number(),
  counts: z.record(z.string(), z.number()),
  files: z.array(
    z.object({
      path: z.string(),
      bytes: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
})
type Manifest = z.infer<typeof Manifest>

/** The only paths an archive may hold. */
const allowedPath = /^(manifest\.json|history\.db|preferences\.json|media\/[0-9a-f]{64}\.[a-z0-9]{1,5})$/
export const pendingFolder = 'import-pending'
async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

const failure = (message: string) =>
  new AppError({ code: 'archive_refused', message: `This archive cannot be imported: ${message}` })

/** The manifest of a history this app wrote lists its files in a few hundred bytes each. */
const maxManifestBytes = 32 * 1024 * 1024
/** Free space an import leaves on the disk, beyond the files it unpacks. */
const spareBytes = 256 * 1024 * 1024

function manifestIn(staging: string): Manifest {
  let text: string
  try {
    text = readFileSync(join(staging, 'manifest.json'), 'utf8')
  } catch {
    throw failure('its manifest could not be read.')
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw failure('its manifest is not JSON.')
  }
  const parsed = Manifest.safeParse(data)
  if (!parsed.success) throw failure('its manifest is not one this app writes.')
  if (new Set(parsed.data.files.map((file) => file.path)).size !== parsed.data.files.length)
    throw failure('its manifest lists a file twice.')
  for (const file of parsed.data.files)
    if (!allowedPath.test(file.path))
      throw failure(`its manifest lists ${file.path}, which is not part of a history.`)
  return parsed.data
}

/** The space the files need must be free, with room to spare, before any is written. */
function checkRoom(manifest: Manifest, folder: string): void {
  const needed = manifest.files.reduce((sum, file) => sum + file.bytes, 0)
  const { bavail, bsize } = statfsSync(folder)
  if (needed + spareBytes > bavail * bsize)
    throw failure(
      `it unpacks to ${Math.ceil(needed / 1024 / 1024)} MB, more than the disk has free for the data folder.`,
    )
}

/** The checks that read a whole database, run in the background worker (`archive-checks.ts`). */
export interface ArchiveChecks {
  copyHistory(target: string): Promise<Record<string, number>>
  stagedHistoryProblem(path: string): Promise<string | null>
}

export function createHistoryArchive(deps: { userData: string; checks: ArchiveChecks; now?: () => number }) {
  const now = deps.now ?? Date.now
  const { userData } = deps

  return {
    /** Writes the archive to `target` (through a temporary file, renamed at the end). */
    async export(target: string): Promise<{ counts: Record<string, number>; files: number }> {
      const work = join(userData, `.export-${randomBytes(6).toString('hex')}`)
      await mkdir(work, { recursive: true })
      try {
        const snapshot = join(work, 'history.db')
        const counts = await deps.checks.copyHistory(snapshot)
        const media = existsSync(join(userData, 'media'))
          ? (await readdir(join(userData, 'media'))).filter((name) => allowedPath.test(`media/${name}`))
          : []
        // Only the preferences an archive carries (`archivedPreferences`), as they were read: a forwarding address
        // or a budget of this machine never leaves it in an archive.
        const preferences = join(work, 'preferences.json')
        const hasPreferences = await readFile(join(userData, 'preferences.json'), 'utf8').then(
          async (text) => {
            let value: unknown = {}
            try {
              value = JSON.parse(text)
            } catch {
              // A damaged file carries nothing.
            }
            await writeFile(preferences, JSON.stringify(archivedPreferences(value), null, 2))
            return true
          },
          (error: NodeJS.ErrnoException) => {
            if (error.code === 'ENOENT') return false
            throw error
          },
        )
        const files = [
          { path: 'history.db', source: snapshot },
          ...(hasPreferences ? [{ path: 'preferences.json', source: preferences }] : []),
          ...media.map((name) => ({ path: `media/${name}`, source: join(userData, 'media', name) })),
        ]
        const manifest: Manifest = {
          format: archiveFormat,
          version: 1,
          schemaVersion,
          createdAt: now(),
          counts,
          files: await Promise.all(
            files.map(async (file) => ({
              path: file.path,
              bytes: (await stat(file.source)).size,
              sha256: await sha256Of(file.source),
            })),
          ),
        }
        await writeFile(join(work, 'manifest.json'), JSON.stringify(manifest, null, 2))
        const temp = `${target}.partial-${randomBytes(4).toString('hex')}`
        await writeTarGz(
          [{ path: 'manifest.json', source: join(work, 'manifest.json') }, ...files],
          createWriteStream(temp),
        )
        await rename(temp, target)
        return { counts: manifest.counts, files: files.length }
      } finally {
        await rm(work, { recursive: true, force: true })
      }
    },

    /**
     * Unpacks and verifies an archive into the pending folder. Throws, with nothing changed, when anything is
     * off: an unexpected path, a size or checksum that does not match, a damaged or newer database.
     */
    async stage(source: string): Promise<{ counts: Record<string, number>; createdAt: number }> {
      const staging = join(userData, `.import-${randomBytes(6).toString('hex')}`)
      await mkdir(staging, { recursive: true })
      try {
        // The manifest comes first (this app writes it first): every later entry is checked against it, for
        // its name, its size and the space it needs, before a byte of it is written.
        const seen = new Set<string>()
        let manifest: Manifest | null = null
        const listed = new Map<string, number>()
        await extractTarGz(source, staging, (path, size) => {
          if (seen.size === 0) {
            if (path !== 'manifest.json') throw failure('it does not begin with its manifest.')
            if (size > maxManifestBytes) throw failure('its manifest is larger than any this app writes.')
          } else {
            manifest ??= manifestIn(staging)
            if (!listed.size) {
              for (const file of manifest.files) listed.set(file.path, file.bytes)
              checkRoom(manifest, userData)
            }
            if (!allowedPath.test(path)) throw failure(`it holds ${path}, which is not part of a history.`)
            if (!listed.has(path)) throw failure(`${path} is not in its manifest.`)
            if (listed.get(path) !== size) throw failure(`${path} is not the size its manifest gives.`)
          }
          if (seen.has(path)) throw failure(`it holds ${path} twice.`)
          seen.add(path)
        }).catch((error: unknown) => {
          throw error instanceof AppError
            ? error
            : failure(`it is not a readable archive (${(error as Error).message}).`)
        })
        if (!seen.has('manifest.json')) throw failure('it has no manifest.')
        manifest ??= manifestIn(staging)
        for (const file of manifest.files) {
          if (!seen.has(file.path)) throw failure(`${file.path} is missing.`)
          const { size: bytes } = await stat(join(staging, file.path))
          if (bytes !== file.bytes || (await sha256Of(join(staging, file.path))) !== file.sha256)
            throw failure(`${file.path} does not match its checksum; the archive is damaged or was changed.`)
        }
        const listedPaths = new Set(manifest.files.map((file) => file.path))
        if (!listedPaths.has('history.db')) throw failure('it has no history database.')
        const problem = await deps.checks.stagedHistoryProblem(join(staging, 'history.db'))
        if (problem) throw failure(`${problem}.`)
        await rm(join(userData, pendingFolder), { recursive: true, force: true })
        await rename(staging, join(userData, pendingFolder))
        return { counts: manifest.counts, createdAt: manifest.createdAt }
      } catch (error) {
        await rm(staging, { recursive: true, force: true })
        throw error
      }
    },
  }
}

export type HistoryArchive = ReturnType<typeof createHistoryArchive>
