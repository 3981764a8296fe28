// How big an image the gallery takes in: judged on the size its header gives (sharp reads the header alone, so a
// 400-megapixel file costs nothing to refuse) before anything is stored, then by decoding it into a few pixels,
// so that a header claiming more than its file holds is refused too.
import sharp from 'sharp'
import { AppError } from '#shared/ipc/app-error'

/**
 * The largest image imported. An image kept in the gallery is decoded whole to make its thumbnail and its view
 * and to be sent with an edit: at four bytes a pixel, 50 megapixels is 200 MB, the most one image should make
 * main hold, and it still takes a photo from a phone or a full-frame camera. A side is at most 16,384 pixels,
 * the largest texture most GPUs take (past it Chromium draws an image in tiles or not at all), and longer than
 * any camera's, so that a 100,000 × 500 strip within the pixel count is refused too.
 */
export const importedImageLimits = { pixels: 50_000_000, side: 16_384 } as const

const count = (value: number) => value.toLocaleString('en-US')
const megapixels = (pixels: number) => `${count(Math.round(pixels / 100_000) / 10)} megapixels`

/** Refuses an image past the limits, or one whose picture cannot be read, naming the file and its size. */
export async function checkImportedImage(fileName: string, bytes: Uint8Array): Promise<void> {
  // Without a limit here, sharp would refuse a header past its own limit without saying the size it claims.
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null)
  const refuse = (message: string) => new AppError({ code: 'validation_failed', message, path: ['file'] })
  if (!header?.width || !header.height)
    throw refuse(`${fileName} could not be read as an image. Export it again as PNG or JPEG and import that.`)
  const { width, height } = header
  const size = `${count(width)} × ${count(height)} pixels`
  if (width * height > importedImageLimits.pixels || Math.max(width, height) > importedImageLimits.side)
    throw refuse(
      `${fileName} is ${size} (${megapixels(width * height)}); the app takes images of at most ${megapixels(importedImageLimits.pixels)} and ${count(importedImageLimits.side)} pixels a side. Scale it down and import it again.`,
    )
  // Decoded through to a few pixels, so every row of the picture is read but never held whole.
  const decoded = await sharp(bytes, { limitInputPixels: importedImageLimits.pixels, failOn: 'error' })
    .resize(16, 16, { fit: 'inside' })
    .raw()
    .toBuffer()
    .then(
      () => true,
      () => false,
    )
  if (!decoded)
    throw refuse(
      `${fileName} says it is ${size}, but its picture cannot be read: the file may be cut short or damaged. Export it again and import that.`,
    )
}
