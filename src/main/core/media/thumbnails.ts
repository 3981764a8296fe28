// Smaller copies of stored images, made once with sharp (WebP, never enlarged) and kept under the image's content
// hash, each kind in its own folder: thumbnails (at most `thumbnailSide` a side) for the gallery's tiles, so a
// tile never decodes a 4096² file, and views (at most `viewSide` a side) for an image larger than that, so the
// window is never handed more pixels than a screen shows. The original stays in the media store for saving,
// copying and dragging out. An image sharp cannot read at all is served whole; one it reads as too large to show
// whose view cannot be made is not served.
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { AppError } from '#shared/ipc/app-error'
import type { MediaStore } from './media-store.ts'

export const thumbnailSide = 320
/**
 * The longest side of an image handed to the window: a 4K screen's width, so an image opened on the canvas is as
 * sharp as any screen shows it, while the page decodes at most 64 MB for it (a 20000² original is 1.6 GB).
 */
export const viewSide = 4096
/**
 * The most pixels decoded to make a copy. Making one streams the image (a 20000² PNG made its view in 3.4 s with
 * 240 MB resident here), so an image past sharp's own limit (16383²) still gets its copies; past a gigapixel
 * (a file only a gateway or an archive could have brought, with a header claiming 60000²) a copy would hold
 * a thread for the better part of a minute, and the image is not shown.
 */
const copyPixels = 1_000_000_000

type Copy = { folder: string; side: number; quality: number }

export function createThumbnails(folder: string, media: Pick<MediaStore, 'locate'>) {
  const copies = {
    thumbnail: { folder, side: thumbnailSide, quality: 78 },
    view: { folder: join(folder, 'views'), side: viewSide, quality: 90 },
  } satisfies Record<string, Copy>
  for (const copy of Object.values(copies)) mkdirSync(copy.folder, { recursive: true })
  const making = new Map<string, Promise<string | null>>()
  // The id is checked to be a content hash before it names a file, so the path stays in its folder.
  const isMediaId = (id: string) => /^[0-9a-f]{64}$/.test(id)
  const fileOf = (copy: Copy, id: string) => join(copy.folder, `${id}.webp`)

  /** The copy's file, or null when none can be made now (it is asked for again on the next view). */
  async function make(copy: Copy, id: string): Promise<string | null> {
    const target = fileOf(copy, id)
    if (await stat(target).catch(() => null)) return target
    const found = await media.locate(id).catch(() => null)
    if (!found?.item.mimeType.startsWith('image/')) return null
    const temp = join(copy.folder, `.${randomBytes(6).toString('hex')}.tmp`)
    try {
      await sharp(found.path, { limitInputPixels: copyPixels })
        .rotate()
        .resize(copy.side, copy.side, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: copy.quality })
        .toFile(temp)
      await rename(temp, target)
      return target
    } catch {
      await rm(temp, { force: true })
      return null
    }
  }

  /** The copy's file, made now if it is missing; asks at the same time share one making. */
  function ensure(copy: Copy, id: string): Promise<string | null> {
    if (!isMediaId(id)) return Promise.resolve(null)
    const key = `${copy.side}:${id}`
    let pending = making.get(key)
    if (!pending) {
      pending = make(copy, id).finally(() => making.delete(key))
      making.set(key, pending)
    }
    return pending
  }

  const served = async (path: string | null) => {
    const info = path ? await stat(path).catch(() => null) : null
    return path && info ? { item: { mimeType: 'image/webp' }, path, size: info.size } : null
  }

  /**
   * What to serve for a stored item in the window: the item itself when it is not an image, or an image no
   * larger than a view; otherwise its view, made now if it is missing.
   */
  async function view(id: string) {
    if (!isMediaId(id)) return null
    const made = await served(fileOf(copies.view, id))
    if (made) return made
    const found = await media.locate(id)
    if (!found?.item.mimeType.startsWith('image/')) return found
    // The header alone, and without sharp's own pixel limit, so that any size it claims is known.
    const header = await sharp(found.path, { limitInputPixels: false })
      .metadata()
      .catch(() => null)
    if (!header?.width || !header.height || Math.max(header.width, header.height) <= viewSide) return found
    const viewed = await served(await ensure(copies.view, id))
    if (viewed) return viewed
    throw new AppError({
      code: 'media_refused',
      message: `The image is ${header.width.toLocaleString('en-US')} × ${header.height.toLocaleString('en-US')} pixels, too large to show, and no smaller copy of it could be made; save it to open it elsewhere.`,
    })
  }

  return {
    ensure: (id: string) => ensure(copies.thumbnail, id),
    /** Waits for the copies being made (before the history closes). */
    async settled(): Promise<void> {
      await Promise.all(making.values())
    },
    /** What to serve for a thumbnail: the thumbnail, or the image as `views` serves it when none could be made. */
    async locate(id: string) {
      return (await served(await ensure(copies.thumbnail, id))) ?? view(id)
    },
    /** Stored items as the window is given them (the media:// item URLs): an image larger than a view, as its view. */
    views: { locate: view },
  }
}

export type Thumbnails = ReturnType<typeof createThumbnails>
