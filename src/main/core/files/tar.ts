// A small ustar reader and writer, streamed through gzip: enough for the history archive (regular files with
// short relative paths), and nothing more.
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Readable, Transform, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'

const block = 512

export function tarHeader(path: string, size: number, mtime: number): Buffer {
  if (Buffer.byteLength(path) > 100) throw new Error(`The path ${path} is too long for the archive.`)
  const buffer = Buffer.alloc(block)
  const field = (offset: number, length: number, value: string) => buffer.write(value, offset, length, 'utf8')
  const octal = (offset: number, length: number, value: number) =>
    field(offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`)
  field(0, 100, path)
  octal(100, 8, 0o644)
  octal(108, 8, 0)
  octal(116, 8, 0)
  octal(124, 12, size)
  octal(136, 12, Math.floor(mtime / 1000))
  field(148, 8, '        ')
  field(156, 1, '0')
  field(257, 6, 'ustar\0')
  field(263, 2, '00')
  let sum = 0
  for (const byte of buffer) sum += byte
  field(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `)
  return buffer
}

/** Writes `files` (archive path → file on disk) as a .tar.gz to `target`. */
export async function writeTarGz(files: { path: string; source: string }[], target: Writable): Promise<void> {
  async function* entries() {
    for (const file of files) {
      const info = await stat(file.source)
      yield tarHeader(file.path, info.size, info.mtimeMs)
      for await (const chunk of createReadStream(file.source)) yield chunk as Buffer
      const padding = (block - (info.size % block)) % block
      if (padding) yield Buffer.alloc(padding)
    }
    yield Buffer.alloc(block * 2)
  }
  await pipeline(Readable.from(entries()), createGzip(), target)
}

/**
 * Extracts a .tar.gz into `folder`, calling `accept(path, size)` before each file: it refuses anything the
 * caller does not expect (by throwing). Only regular files are written.
 */
export async function extractTarGz(
  source: string,
  folder: string,
  accept: (path: string, size: number) => void,
): Promise<string[]> {
  const written: string[] = []
  let pending = Buffer.alloc(0)
  let current: { out: ReturnType<typeof createWriteStream>; left: number; padding: number } | null = null
  let skip = 0
  let ended = false
  const parse = new Transform({
    async transform(chunk: Buffer, _encoding, done) {
      try {
        pending = Buffer.concat([pending, chunk])
        for (;;) {
          if (ended) {
            pending = Buffer.alloc(0)
            break
          }
          if (current) {
            const take = Math.min(current.left, pending.length)
            const out = current.out
            if (take > 0 && !out.write(pending.subarray(0, take)))
              await new Promise<void>((resolve) => out.once('drain', () => resolve()))
            current.left -= take
            pending = pending.subarray(take)
            if (current.left > 0) break
            const finished = current.out
            await new Promise<void>((resolve, reject) =>
              finished.end((error?: Error | null) => (error ? reject(error) : resolve())),
            )
            skip = current.padding
            current = null
          }
          if (skip) {
            const take = Math.min(skip, pending.length)
            skip -= take
            pending = pending.subarray(take)
            if (skip) break
          }
          if (pending.length < block) break
          const head = pending.subarray(0, block)
          pending = pending.subarray(block)
          if (head.every((byte) => byte === 0)) {
            ended = true
            continue
          }
          const path = head.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '')
          const size = Number.parseInt(
            head.subarray(124, 136).toString('utf8').replace(/\0.*$/s, '').trim() || '0',
            8,
          )
          const type = String.fromCharCode(head[156] ?? 48)
          if (type !== '0' && type !== '\0')
            throw new Error(`The archive holds ${path}, which is not a plain file.`)
          accept(path, size)
          const target = join(folder, path)
          await mkdir(dirname(target), { recursive: true })
          current = {
            out: createWriteStream(target, { flags: 'wx' }),
            left: size,
            padding: (block - (size % block)) % block,
          }
          written.push(path)
          if (size === 0) continue
        }
        done()
      } catch (error) {
        done(error as Error)
      }
    },
  })
  await pipeline(createReadStream(source), createGunzip(), parse, async function* (source) {
    for await (const _ of source) yield _
  })
  if (current) throw new Error('The archive ends in the middle of a file.')
  if (!ended) throw new Error('The archive is cut short.')
  return written
}
