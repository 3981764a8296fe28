// `node scripts/icons.ts`: the app icon as the PNG electron-builder turns into .icns, .ico and Linux icons.
import { join } from 'node:path'
import sharp from 'sharp'

const resources = join(import.meta.dirname, '..', 'resources')
await sharp(join(resources, 'icon.svg'), { density: 384 })
  .resize(1024, 1024)
  .png()
  .toFile(join(resources, 'icon.png'))
console.log('resources/icon.png written (1024×1024)')
