// Images and videos as files in the data folder, named by content: written to a temporary name, renamed,
// and only then recorded in the database, so a row never points at a missing or half-written file. Every
// path the store builds goes through one check: a row whose file name is not a plain name inside the media
// folder (an imported archive may carry `../../x`) is refused, and nothing is read or deleted for it.
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { open, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { AppError } from '#shared/ipc/app-error'
import { writeFileAtomic } from '../files/atomic-write.ts'
import type { DamagedRows } from '../history/damaged-rows.ts'

export interface MediaItem {
  id: string
  mimeType: string
  bytes: number
  fileName: string
  createdAt: number
}

const extensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
}

/** The only file names the store writes: the content's SHA-256 and an extension. */
export const mediaFileName = /^[0-9a-f]{64}\.[a-z0-9]{1,5}$/

/** Why a stored row may not be trusted with a path, or null when it names one of the store's own files. */
export function mediaRowProblem(row: { id: string; fileName: string }): string | null {
  return mediaFileName.test(row.fileName) && row.fileName.startsWith(`${row.id}.`)
    ? null
    : `media item ${row.id.slice(0, 16)} names the file ${JSON.stringify(row.fileName.slice(0, 80))}, which is not in the media folder`
}

export function createMediaStore(
  folder: string,
  db: DatabaseSync,
  options: { now?: () => number; damaged?: Pick<DamagedRows, 'report'> } = {},
) {
  const now = options.now ?? Date.now
  mkdirSync(folder, { recursive: true })
  const insert = db.prepare(
    'INSERT OR IGNORE INTO media (id, mime_type, bytes, file_name, created_at) VALUES (?, ?, ?, ?, ?)',
  )
  const byId = db.prepare(
    'SELECT id, mime_type AS mimeType, bytes, file_name AS fileName, created_at AS createdAt FROM media WHERE id = ?',
  )
  const remove = db.prepare('DELETE FROM media WHERE id = ?')
  const pathOf = (item: MediaItem) => {
    const problem = mediaRowProblem(item)
    if (problem)
      throw new AppError({
        code: 'media_refused',
        message: `The history's ${problem}; it was neither opened nor deleted.`,
        hint: 'The history may have come from a damaged or crafted archive.',
      })
    return join(folder, item.fileName)
  }

  return {
    folder,
    async put(data: Uint8Array, mimeType: string): Promise<MediaItem> {
      const id = createHash('sha256').update(data).digest('hex')
      const existing = byId.get(id) as MediaItem | undefined
      if (existing) return existing
      const fileName = `${id}.${extensions[mimeType] ?? 'bin'}`
      await writeFileAtomic(join(folder, fileName), data)
      const item: MediaItem = { id, mimeType, bytes: data.byteLength, fileName, createdAt: now() }
      insert.run(item.id, item.mimeType, item.bytes, item.fileName, item.createdAt)
      return item
    },
    /**
     * Streams a body into the store, hashing as it is written, so a file of any size is never held in memory.
     * Null, with nothing kept, when it passes `limit` bytes.
     */
    async putStream(
      body: AsyncIterable<Uint8Array>,
      mimeType: string,
      limit: number,
    ): Promise<MediaItem | null> {
      const temp = join(folder, `.${randomBytes(6).toString('hex')}.tmp`)
      const hash = createHash('sha256')
      let bytes = 0
      const handle = await open(temp, 'w', 0o600)
      try {
        try {
          for await (const chunk of body) {
            bytes += chunk.byteLength
            if (bytes > limit) break
            hash.update(chunk)
            await handle.write(chunk)
          }
          await handle.sync()
        } finally {
          await handle.close()
        }
        if (bytes > limit) {
          await rm(temp, { force: true })
          return null
        }
        const id = hash.digest('hex')
        const existing = byId.get(id) as MediaItem | undefined
        if (existing) {
          await rm(temp, { force: true })
          return existing
        }
        const fileName = `${id}.${extensions[mimeType] ?? 'bin'}`
        await rename(temp, join(folder, fileName))
        const item: MediaItem = { id, mimeType, bytes, fileName, createdAt: now() }
        insert.run(item.id, item.mimeType, item.bytes, item.fileName, item.createdAt)
        return item
      } catch (error) {
        await rm(temp, { force: true })
        throw error
      }
    },
    get: (id: string) => byId.get(id) as MediaItem | undefined,
    /** The file of an item, if both the row and the file exist. */
    async locate(id: string): Promise<{ item: MediaItem; path: string; size: number } | null> {
      if (!/^[0-9a-f]{64}$/.test(id)) return null
      const item = byId.get(id) as MediaItem | undefined
      if (!item) return null
      const info = await stat(pathOf(item)).catch(() => null)
      if (!info)
        options.damaged?.report({
          what: 'media file',
          id: item.id,
          problem: `The file ${item.fileName} is missing from the data folder, so what shows it has no picture or video.`,
        })
      return info ? { item, path: pathOf(item), size: info.size } : null
    },
    /** Removes the row, then the file; a file still referenced elsewhere keeps its row (foreign keys refuse). */
    async delete(id: string): Promise<boolean> {
      const item = byId.get(id) as MediaItem | undefined
      if (!item) return false
      const path = pathOf(item)
      try {
        remove.run(id)
      } catch {
        return false
      }
      await rm(path, { force: true })
      return true
    },
  }
}

export type MediaStore = ReturnType<typeof createMediaStore>
