// Images brought into the gallery through the images.import route: one past the pixel limit, or whose header
// claims a size its file cannot back up, is refused with its size in pixels before anything is stored.
import { readdir } from 'node:fs/promises'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCore } from '../../testing/core.ts'
import { claimingPng } from '../../testing/crafted-images.ts'

let env: Awaited<ReturnType<typeof startCore>>
beforeAll(async () => {
  env = await startCore()
})
afterAll(() => env.core.close())

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2266aa' } })
    .png({ compressionLevel: 1 })
    .toBuffer()

const importing = (fileName: string, bytes: Buffer) =>
  env.call('images.import', { fileName, dataBase64: bytes.toString('base64') })

/** What the gallery holds: its records and the files of the media folder. */
const kept = async () => ({
  images: (await env.call('images.list', {})).length,
  files: (await readdir(env.core.media.folder)).length,
})

describe('importing an image', () => {
  it('refuses one past the pixel limit, saying its size in pixels and the limit, and stores nothing', async () => {
    const before = await kept()
    await expect(importing('panorama.png', await png(8000, 6400))).rejects.toMatchObject({
      code: 'validation_failed',
      message:
        'panorama.png is 8,000 × 6,400 pixels (51.2 megapixels); the app takes images of at most 50 megapixels and 16,384 pixels a side. Scale it down and import it again.',
    })
    await expect(importing('strip.png', await png(16_385, 4))).rejects.toMatchObject({
      message: expect.stringMatching(/^strip\.png is 16,385 × 4 pixels \(0\.1 megapixels\); the app takes/),
    })
    expect(await kept()).toEqual(before)
  })

  it('refuses a 65-byte PNG whose header claims 60000 × 60000, and one claiming a size it does not hold', async () => {
    const before = await kept()
    const huge = claimingPng(60_000, 60_000)
    expect(huge.length).toBe(65)
    await expect(importing('tiny.png', huge)).rejects.toMatchObject({
      message: expect.stringMatching(
        /^tiny\.png is 60,000 × 60,000 pixels \(3,600 megapixels\); the app takes/,
      ),
    })
    await expect(importing('issue.png', claimingPng(20_000, 20_000))).rejects.toMatchObject({
      message: expect.stringMatching(/^issue\.png is 20,000 × 20,000 pixels \(400 megapixels\)/),
    })
    await expect(importing('hollow.png', claimingPng(1000, 1000))).rejects.toMatchObject({
      code: 'validation_failed',
      message:
        'hollow.png says it is 1,000 × 1,000 pixels, but its picture cannot be read: the file may be cut short or damaged. Export it again and import that.',
    })
    expect(await kept()).toEqual(before)
  })

  it('keeps an image within the limits', async () => {
    const record = await importing('photo.png', await png(4000, 3000))
    expect(record).toMatchObject({ kind: 'uploaded', width: 4000, height: 3000 })
  })
})
