// The media store takes a body of any size as it arrives: written to a temporary file while it is hashed, renamed
// under its hash once whole, nothing left behind when it passes its limit or fails half-way.
import { createHash } from 'node:crypto'
import { readdirSync, statSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { openHistory } from '../history/history.ts'
import { createMediaStore } from './media-store.ts'

async function store() {
  const dir = await mkdtemp(join(tmpdir(), 'gd-media-'))
  const history = openHistory(dir)
  onTestFinished(async () => {
    history.close()
    await rm(dir, { recursive: true, force: true })
  })
  const folder = join(dir, 'media')
  return { media: createMediaStore(folder, history.database.db), folder }
}

const chunk = (index: number) => new Uint8Array(1024 * 1024).fill(index % 251)
const onDisk = (folder: string) =>
  readdirSync(folder).reduce((sum, name) => sum + statSync(join(folder, name)).size, 0)

describe('a body streamed into the media store', () => {
  it('is on disk as it arrives, and kept under the hash of all its bytes', async () => {
    const { media, folder } = await store()
    const chunks = 32
    const seenOnDisk: number[] = []
    const whole = createHash('sha256')
    for (let index = 0; index < chunks; index++) whole.update(chunk(index))
    const id = whole.digest('hex')
    async function* body() {
      for (let index = 0; index < chunks; index++) {
        seenOnDisk.push(onDisk(folder))
        yield chunk(index)
      }
    }
    const item = await media.putStream(body(), 'video/mp4', 64 * 1024 * 1024)
    // By the last chunk, all the earlier ones were already written: the body was never gathered in memory.
    expect(seenOnDisk.at(-1)).toBe((chunks - 1) * 1024 * 1024)
    expect(item).toMatchObject({
      id,
      bytes: chunks * 1024 * 1024,
      mimeType: 'video/mp4',
    })
    expect(readdirSync(folder)).toEqual([`${item?.id}.mp4`])
    const again = await media.putStream(body(), 'video/mp4', 64 * 1024 * 1024)
    expect(again?.id).toBe(item?.id)
    expect(readdirSync(folder)).toEqual([`${item?.id}.mp4`])
  })

  it('keeps nothing when it passes the limit, or fails half-way', async () => {
    const { media, folder } = await store()
    async function* large() {
      for (let index = 0; index < 8; index++) yield chunk(index)
    }
    expect(await media.putStream(large(), 'video/mp4', 5 * 1024 * 1024)).toBeNull()
    async function* broken() {
      yield chunk(0)
      throw new Error('connection reset')
    }
    await expect(media.putStream(broken(), 'video/mp4', 5 * 1024 * 1024)).rejects.toThrow('connection reset')
    expect(readdirSync(folder)).toEqual([])
  })

  it('gives a streamed body the same item as the same bytes put whole', async () => {
    const { media, folder } = await store()
    const bytes = chunk(7)
    const whole = await media.put(bytes, 'image/png')
    async function* body() {
      yield bytes.subarray(0, 1000)
      yield bytes.subarray(1000)
    }
    expect((await media.putStream(body(), 'image/png', bytes.length))?.id).toBe(whole.id)
    expect(await readFile(join(folder, whole.fileName))).toEqual(Buffer.from(bytes))
  })
})
