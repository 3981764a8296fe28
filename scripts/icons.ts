// `node scripts/icons.ts`: the app icon as the PNG electron-builder turns into .icns, .ico and Linux icons.
import { join } from 'node:path'
import sharp from 'sharp'

const resources = join(import.meta.dirname, '..', 'resources')
await sharp(join(resources, 'icon.svg'), { density: 384 })
  .resize(1024, 1024)
  .png()
  .toFile(join(resources, 'icon.png'))
console.log('resources/icon.png written (1024×1024)')

// The tray's icons: the app's mark at 32 px (shown at 16 px on a 2× screen), and the same with a dot while jobs run.
const tray = await sharp(join(resources, 'icon.svg'), { density: 96 }).resize(32, 32).png().toBuffer()
await sharp(tray).toFile(join(resources, 'tray.png'))
const dot = Buffer.from(
  '<svg width="32" height="32"><circle cx="25" cy="7" r="6" fill="#e8a33d" stroke="#fff" stroke-width="2"/></svg>',
)
await sharp(tray)
  .composite([{ input: dot }])
  .png()
  .toFile(join(resources, 'tray-busy.png'))
console.log('resources/tray.png and tray-busy.png written (32×32)')
