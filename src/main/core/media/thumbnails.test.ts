// Thumbnails against real files: made once, small, in their own folder; an unreadable image is served whole; a
// name that is not a content hash reaches nothing.
import { readdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it, onTestFinished } from 'vitest'
import { openHistory } from '../history/history.ts'
import { createMediaStore } from './media-store.ts'
import { createThumbnails, thumbnailSide } from './thumbnails.ts'

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

describe('thumbnails', () => {
  it('makes a small WebP once, whoever asks at the same time, and serves it from then on', async () => {
    const { dir, media, thumbnails } = await setUp()
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer()
    const item = await media.put(png, 'image/png')
    const [first, second] = await Promise.all([thumbnails.ensure(item.id), thumbnails.ensure(item.id)])
    expect(first).toBe(second)
    expect(readdirSync(join(dir, 'thumbnails'))).toEqual([`${item.id}.webp`])
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
    expect(readdirSync(join(dir, 'thumbnails'))).toEqual([])
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
