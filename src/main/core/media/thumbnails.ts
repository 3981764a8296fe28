// Thumbnails of stored images, for the gallery: made once with sharp (WebP, at most `thumbnailSide` pixels a
// side), kept in their own folder under the image's content hash, so a tile never decodes a 4096² file; the full
// image is read only when opened. An image sharp cannot read is served whole instead.
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import type { MediaStore } from './media-store.ts'

export const thumbnailSide = 320

export function createThumbnails(folder: string, media: Pick<MediaStore, 'locate'>) {
  mkdirSync(folder, { recursive: true })
  const making = new Map<string, Promise<string | null>>()
  // The id is checked to be a content hash before it names a file, so the path stays in the folder.
  const isMediaId = (id: string) => /^[0-9a-f]{64}$/.test(id)

  /** The thumbnail's file, or null when none can be made now (it is asked for again on the next view). */
  async function make(id: string): Promise<string | null> {
    const target = join(folder, `${id}.webp`)
    if (await stat(target).catch(() => null)) return target
    const found = await media.locate(id).catch(() => null)
    if (!found?.item.mimeType.startsWith('image/')) return null
    const temp = join(folder, `.${randomBytes(6).toString('hex')}.tmp`)
    try {
      await sharp(found.path)
        .rotate()
        .resize(thumbnailSide, thumbnailSide, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toFile(temp)
      await rename(temp, target)
      return target
    } catch {
      await rm(temp, { force: true })
      return null
    }
  }

  /** The thumbnail's file, made now if it is missing; asks at the same time share one making. */
  function ensure(id: string): Promise<string | null> {
    if (!isMediaId(id)) return Promise.resolve(null)
    let pending = making.get(id)
    if (!pending) {
      pending = make(id).finally(() => making.delete(id))
      making.set(id, pending)
    }
    return pending
  }

  return {
    ensure,
    /** Waits for the thumbnails being made (before the history closes). */
    async settled(): Promise<void> {
      await Promise.all(making.values())
    },
    /** What to serve for a thumbnail: the thumbnail, or the image itself when none could be made. */
    async locate(id: string) {
      const path = await ensure(id)
      const info = path ? await stat(path).catch(() => null) : null
      if (path && info) return { item: { mimeType: 'image/webp' }, path, size: info.size }
      return isMediaId(id) ? media.locate(id) : null
    },
  }
}

export type Thumbnails = ReturnType<typeof createThumbnails>
