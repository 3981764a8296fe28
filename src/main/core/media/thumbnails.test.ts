// Thumbnails and views against real files: made once, small, each kind in its own folder; an image larger than a
// screen shows is served as its view, never whole; an unreadable image is served whole; a name that is not a
// content hash reaches nothing.
import { readdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it, onTestFinished } from 'vitest'
import { claimingPng } from '../../testing/crafted-images.ts'
import { openHistory } from '../history/history.ts'
import { createMediaStore } from './media-store.ts'
import { mediaResponse } from './serve-media.ts'
import { createThumbnails, thumbnailSide, viewSide } from './thumbnails.ts'

async function setUp() {
  const dir = await mkdtemp(join(tmpdir(), 'gd-thumbnails-'))
  const history = openHistory(dir)
  onTestFinished(async () => {
    history.close()
    await rm(dir, { recursive: true, force: true })
  })
  const media = createMediaStore(join(dir, 'media'), history.database.db)
  return { dir, media, thumbnails: createThumbnails(join(dir, 'thumbnails'), media) }
}

/** The files (not folders) of a folder. */
const filesIn = (folder: string) =>
  readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)

const png = (width: number, height: number, background = '#3a6') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png({ compressionLevel: 1 })
    .toBuffer()

describe('thumbnails', () => {
  it('makes a small WebP once, whoever asks at the same time, and serves it from then on', async () => {
    const { dir, media, thumbnails } = await setUp()
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer()
    const item = await media.put(png, 'image/png')
    const [first, second] = await Promise.all([thumbnails.ensure(item.id), thumbnails.ensure(item.id)])
    expect(first).toBe(second)
    expect(filesIn(join(dir, 'thumbnails'))).toEqual([`${item.id}.webp`])
    const found = await thumbnails.locate(item.id)
    expect(found?.item.mimeType).toBe('image/webp')
    const meta = await sharp(found?.path ?? '').metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', thumbnailSide, 180])
    expect(found?.size).toBeLessThan(png.byteLength)
  })

  it('serves an image it cannot read whole, and nothing for a name that is not a stored image', async () => {
    const { dir, media, thumbnails } = await setUp()
    const broken = await media.put(new TextEncoder().encode('not really a png'), 'image/png')
    expect((await thumbnails.locate(broken.id))?.item.mimeType).toBe('image/png')
    expect(await thumbnails.locate('../history.db')).toBeNull()
    expect(await thumbnails.locate('0'.repeat(64))).toBeNull()
    expect(filesIn(join(dir, 'thumbnails'))).toEqual([])
  })

  it('makes nothing and throws nothing when the history has closed under it, and lets the close wait for it', async () => {
    const { dir, media, thumbnails } = await setUp()
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a36' } })
      .png()
      .toBuffer()
    const item = await media.put(png, 'image/png')
    const making = thumbnails.ensure(item.id)
    await thumbnails.settled()
    expect(await making).toBe(join(dir, 'thumbnails', `${item.id}.webp`))
    const closed = createThumbnails(join(dir, 'later'), {
      locate: () => Promise.reject(new Error('statement has been finalized')),
    })
    expect(await closed.ensure(item.id)).toBeNull()
    expect(await closed.locate(item.id).catch((error: Error) => error.message)).toBe(
      'statement has been finalized',
    )
  })
})

describe('views', () => {
  it('serve an image larger than a screen shows as a WebP at most viewSide a side, made once; the original stays', async () => {
    const { dir, media, thumbnails } = await setUp()
    const original = await png(6000, 1500)
    const item = await media.put(original, 'image/png')
    const [first, second] = await Promise.all([
      thumbnails.views.locate(item.id),
      thumbnails.views.locate(item.id),
    ])
    expect(first?.path).toBe(join(dir, 'thumbnails', 'views', `${item.id}.webp`))
    expect(second?.path).toBe(first?.path)
    expect(first?.item.mimeType).toBe('image/webp')
    const meta = await sharp(first?.path ?? '').metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', viewSide, 1024])
    expect(filesIn(join(dir, 'thumbnails', 'views'))).toEqual([`${item.id}.webp`])
    // Served through the media URL as the view; the media store still holds the original for saving.
    const answer = await mediaResponse(thumbnails.views, item.id, null)
    expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'image/webp'])
    expect(Number(answer.headers.get('content-length'))).toBe(first?.size)
    await answer.body?.cancel()
    expect((await media.locate(item.id))?.size).toBe(original.byteLength)
  })

  it('serve an image no larger than a view, and anything that is not an image, as it is: never enlarged', async () => {
    const { dir, media, thumbnails } = await setUp()
    const small = await media.put(await png(viewSide, 900), 'image/png')
    const video = await media.put(new TextEncoder().encode('not really a video'), 'video/mp4')
    const broken = await media.put(new TextEncoder().encode('not really a png'), 'image/png')
    for (const item of [small, video, broken])
      expect(await thumbnails.views.locate(item.id)).toEqual(await media.locate(item.id))
    expect(filesIn(join(dir, 'thumbnails', 'views'))).toEqual([])
    expect(await thumbnails.views.locate('../history.db')).toBeNull()
    expect(await thumbnails.views.locate('0'.repeat(64))).toBeNull()
  })

  it('refuse to hand over an image whose header claims more than a view when no view can be made, tile included', async () => {
    const { dir, media, thumbnails } = await setUp()
    const lying = await media.put(claimingPng(60_000, 60_000), 'image/png')
    const refusal = {
      code: 'media_refused',
      message:
        'The image is 60,000 × 60,000 pixels, too large to show, and no smaller copy of it could be made; save it to open it elsewhere.',
    }
    await expect(thumbnails.views.locate(lying.id)).rejects.toMatchObject(refusal)
    // Its thumbnail cannot be made either: the tile is refused too, rather than served the original.
    await expect(thumbnails.locate(lying.id)).rejects.toMatchObject(refusal)
    expect((await mediaResponse(thumbnails, lying.id, null)).status).toBe(403)
    expect((await mediaResponse(thumbnails.views, lying.id, null)).status).toBe(403)
    expect(filesIn(join(dir, 'thumbnails', 'views'))).toEqual([])
  })
})
