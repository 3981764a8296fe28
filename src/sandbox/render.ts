// Real, decodable images for the simulated image models: a composition derived from the prompt, and edits
// that visibly change the input (hue turned, a frame and a mark drawn over it).
import sharp, { type Sharp } from 'sharp'
import { seeded, seededInt } from './seeded.ts'

export type ImageFormat = 'png' | 'jpeg' | 'webp'

export interface RenderedImage {
  bytes: Buffer
  width: number
  height: number
  mimeType: string
}

export const mimeTypes: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
}

const hsl = (seed: unknown[], offset: number, lightness: number) =>
  `hsl(${Math.round(seeded(...seed, offset) * 360)} 70% ${lightness}%)`

function compositionSvg(seed: unknown[], width: number, height: number, transparent: boolean): string {
  const shapes: string[] = []
  const count = 4 + seededInt(5, ...seed, 'count')
  for (let i = 0; i < count; i++) {
    const x = Math.round(seeded(...seed, 'x', i) * width)
    const y = Math.round(seeded(...seed, 'y', i) * height)
    const r = Math.round((0.08 + seeded(...seed, 'r', i) * 0.25) * Math.min(width, height))
    const fill = hsl(seed, i + 10, 45 + seededInt(30, ...seed, 'l', i))
    shapes.push(
      seeded(...seed, 'shape', i) < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" fill-opacity="0.8"/>`
        : `<rect x="${x - r}" y="${y - r}" width="${2 * r}" height="${Math.round(1.4 * r)}" rx="${Math.round(r / 5)}" fill="${fill}" fill-opacity="0.75" transform="rotate(${seededInt(90, ...seed, 'rot', i)} ${x} ${y})"/>`,
    )
  }
  const background = transparent
    ? ''
    : `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(seed, 1, 82)}"/><stop offset="1" stop-color="${hsl(seed, 2, 35)}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#bg)"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${background}${shapes.join('')}</svg>`
}

async function encode(image: Sharp, format: ImageFormat): Promise<RenderedImage> {
  const { data, info } = await image
    .toFormat(format, format === 'jpeg' ? { quality: 85 } : {})
    .toBuffer({ resolveWithObject: true })
  return { bytes: data, width: info.width, height: info.height, mimeType: mimeTypes[format] }
}

export function renderImage(options: {
  seed: unknown[]
  width: number
  height: number
  format: ImageFormat
  transparent?: boolean
  references?: Buffer[]
}): Promise<RenderedImage> {
  const { width, height } = options
  const transparent = options.transparent === true && options.format !== 'jpeg'
  return (async () => {
    let image = sharp(Buffer.from(compositionSvg(options.seed, width, height, transparent)))
    if (options.references?.length) {
      // Reference images shape the result: each one is laid into the picture, so their effect is visible.
      const tile = Math.round(Math.min(width, height) / 3)
      const layers = await Promise.all(
        options.references.map(async (reference, index) => ({
          input: await sharp(reference).resize(tile, tile, { fit: 'cover' }).png().toBuffer(),
          left: Math.min(width - tile, Math.round(width * 0.06) + index * (tile + Math.round(width * 0.02))),
          top: height - tile - Math.round(height * 0.06),
        })),
      )
      image = sharp(await image.png().toBuffer()).composite(layers)
    }
    return encode(image, options.format)
  })()
}

/** Reads width and height, or null when the bytes are not a decodable image. */
export async function imageSize(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(bytes).metadata()
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : null
  } catch {
    return null
  }
}

/** The input, changed as the prompt asks: hue turned by an amount the prompt decides, framed and marked. */
export async function editImage(
  input: Buffer,
  prompt: string,
  options: { width?: number; height?: number; format: ImageFormat },
): Promise<RenderedImage> {
  let image = sharp(input).rotate()
  if (options.width && options.height) image = image.resize(options.width, options.height, { fit: 'cover' })
  const base = await image.png().toBuffer({ resolveWithObject: true })
  const { width, height } = base.info
  const seed = ['edit', prompt]
  const stroke = Math.max(4, Math.round(Math.min(width, height) * 0.04))
  const r = Math.round(Math.min(width, height) * 0.12)
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect x="${stroke / 2}" y="${stroke / 2}" width="${width - stroke}" height="${height - stroke}" fill="none" stroke="${hsl(seed, 3, 55)}" stroke-width="${stroke}"/>
    <circle cx="${width - r - stroke * 2}" cy="${r + stroke * 2}" r="${r}" fill="${hsl(seed, 4, 60)}" fill-opacity="0.85"/>
  </svg>`
  const edited = sharp(base.data)
    .modulate({ hue: 60 + seededInt(240, ...seed), saturation: 1.25 })
    .composite([{ input: Buffer.from(overlay) }])
  return encode(edited, options.format)
}
