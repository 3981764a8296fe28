// Image files as a hostile sender crafts them, for the tests of what the gallery takes in and hands the window.
import { crc32, deflateSync } from 'node:zlib'

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const check = Buffer.alloc(4)
  check.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, check])
}

/**
 * A PNG whose well-formed header (checksums and all) claims `width` × `height` RGB pixels, with next to no
 * picture after it: 65 bytes, whatever size it claims.
 */
export function claimingPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bits a sample
  header[9] = 2 // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(0))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A whole, readable 1 × 1 PNG of one grey: a different `shade` makes a different file. */
export function pixelPng(shade = 0): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(1, 0)
  header.writeUInt32BE(1, 4)
  header[8] = 8 // bits a sample
  header[9] = 0 // grey
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    // One row: no filter, one grey byte.
    pngChunk('IDAT', deflateSync(Buffer.from([0, shade & 0xff]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}
