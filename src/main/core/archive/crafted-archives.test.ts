// Archives made to hurt: media rows that point outside the data folder, entries larger than their manifest
// says, a manifest that is not first, and a start cut short half-way through applying an import. Each is
// refused (or finished) with nothing lost and nothing written outside the data folder.
import { createHash } from 'node:crypto'
import { createWriteStream, existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { startCore } from '../../testing/core.ts'
import { pixelPng } from '../../testing/crafted-images.ts'
import { extractTarGz, tarHeader, writeTarGz } from '../files/tar.ts'
import { mediaResponse } from '../media/serve-media.ts'
import { applyPendingImport } from './import-at-start.ts'

const cores: Awaited<ReturnType<typeof startCore>>[] = []
afterAll(async () => {
  for (const env of cores) await env.core.close().catch(() => {})
})
const dot = pixelPng().toString('base64')

async function core() {
  const env = await startCore()
  cores.push(env)
  return env
}

/** A history with one questionnaire and one image, exported and unpacked into a folder. */
async function unpackedExport() {
  const env = await core()
  await env.call('questionnaires.save', { id: 'q1', name: 'Triage', questions: [] })
  const image = await env.call('images.import', { fileName: 'dot.png', dataBase64: dot })
  const folder = await mkdtemp(join(tmpdir(), 'gd-crafted-'))
  env.platform.dialogAnswers.push(join(folder, 'history.tar.gz'))
  await env.call('history.export', {})
  const unpacked = join(folder, 'unpacked')
  await mkdir(unpacked)
  await extractTarGz(join(folder, 'history.tar.gz'), unpacked, () => {})
  return { folder, unpacked, mediaId: image.url.split('/').at(-1) ?? '' }
}

/** Packs the unpacked files again with a manifest that matches them (so only the content is crafted). */
async function repack(folder: string, unpacked: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(unpacked, 'manifest.json'), 'utf8'))
  for (const file of manifest.files) {
    const bytes = await readFile(join(unpacked, file.path))
    file.bytes = bytes.length
    file.sha256 = createHash('sha256').update(bytes).digest('hex')
  }
  await writeFile(join(unpacked, 'manifest.json'), JSON.stringify(manifest))
  const target = join(folder, 'crafted.tar.gz')
  await writeTarGz(
    ['manifest.json', ...manifest.files.map((file: { path: string }) => file.path)].map((path) => ({
      path,
      source: join(unpacked, path),
    })),
    createWriteStream(target),
  )
  return target
}

async function importing(env: Awaited<ReturnType<typeof core>>, archive: string) {
  env.platform.dialogAnswers.push(archive)
  return env.call('history.import', {})
}

describe('crafted history archives', () => {
  it('refuses media rows that name files outside the media folder', async () => {
    const { folder, unpacked, mediaId } = await unpackedExport()
    const db = new DatabaseSync(join(unpacked, 'history.db'))
    db.prepare('UPDATE media SET file_name = ? WHERE id = ?').run('../../victim.txt', mediaId)
    db.close()
    const env = await core()
    await expect(importing(env, await repack(folder, unpacked))).rejects.toMatchObject({
      code: 'archive_refused',
      message: expect.stringContaining('names the file "../../victim.txt", which is not in the media folder'),
    })
    expect((await readdir(env.userData)).filter((name) => name.includes('import'))).toEqual([])
  })

  it('refuses an entry larger than its manifest says before writing it', async () => {
    const { folder, unpacked } = await unpackedExport()
    const manifest = await readFile(join(unpacked, 'manifest.json'))
    const claimed = 64 * 1024 * 1024
    const tar = [
      tarHeader('manifest.json', manifest.length, Date.now()),
      manifest,
      Buffer.alloc((512 - (manifest.length % 512)) % 512),
      tarHeader('history.db', claimed, Date.now()),
    ]
    const bomb = join(folder, 'bomb.tar.gz')
    await pipeline(
      (async function* () {
        yield* tar
        // The claimed bytes follow, as a bomb's would: they compress to almost nothing.
        for (let sent = 0; sent < claimed; sent += 1024 * 1024) yield Buffer.alloc(1024 * 1024)
      })(),
      createGzip(),
      createWriteStream(bomb),
    )
    const env = await core()
    await expect(importing(env, bomb)).rejects.toMatchObject({
      message: expect.stringContaining('history.db is not the size its manifest gives'),
    })
    expect((await readdir(env.userData)).filter((name) => name.includes('import'))).toEqual([])
  })

  it('refuses an archive whose first entry is not its manifest', async () => {
    const { folder, unpacked } = await unpackedExport()
    const target = join(folder, 'reordered.tar.gz')
    await writeTarGz(
      [
        { path: 'history.db', source: join(unpacked, 'history.db') },
        { path: 'manifest.json', source: join(unpacked, 'manifest.json') },
      ],
      createWriteStream(target),
    )
    await expect(importing(await core(), target)).rejects.toMatchObject({
      message: expect.stringContaining('does not begin with its manifest'),
    })
  })

  it('finishes the same swap after a start cut short half-way, keeping the replaced history in one place', async () => {
    const { folder, unpacked } = await unpackedExport()
    const env = await core()
    await env.call('questionnaires.save', { id: 'mine', name: 'Kept aside', questions: [] })
    await env.call('preferences.update', { theme: 'dark' })
    await importing(env, await repack(folder, unpacked))
    await env.core.close()
    // The first start wrote down its plan and moved the old database aside, then the power went.
    const aside = 'before-import-cut-short'
    await writeFile(
      join(env.userData, 'import-pending', 'applying.json'),
      JSON.stringify({ aside, phase: 'aside' }),
    )
    await mkdir(join(env.userData, aside))
    await rename(join(env.userData, 'history.db'), join(env.userData, aside, 'history.db'))

    expect(await applyPendingImport(env.userData)).toMatch(/The imported history is in place/)
    expect((await readdir(env.userData)).filter((name) => name.startsWith('before-import'))).toEqual([aside])
    expect(existsSync(join(env.userData, aside, 'preferences.json'))).toBe(true)
    expect(existsSync(join(env.userData, 'import-pending'))).toBe(false)
    const kept = new DatabaseSync(join(env.userData, aside, 'history.db'), { readOnly: true })
    expect(kept.prepare('SELECT name FROM questionnaires').all()).toEqual([{ name: 'Kept aside' }])
    kept.close()
    const restarted = await startCore({ userData: env.userData })
    cores.push(restarted)
    expect((await restarted.call('questionnaires.list', {})).map((q) => q.name)).toEqual(['Triage'])
  })
})

describe('the media store', () => {
  it('neither serves nor deletes a file a row points to outside the media folder', async () => {
    const env = await core()
    const image = await env.call('images.import', { fileName: 'dot.png', dataBase64: dot })
    const id = image.url.split('/').at(-1) ?? ''
    const victim = join(env.userData, 'victim.txt')
    await writeFile(victim, 'not the app’s to touch')
    env.core.history.database.db
      .prepare('UPDATE media SET file_name = ? WHERE id = ?')
      .run('../victim.txt', id)

    const refused = { code: 'media_refused', message: expect.stringContaining('not in the media folder') }
    await expect(env.core.media.locate(id)).rejects.toMatchObject(refused)
    await expect(env.core.media.delete(id)).rejects.toMatchObject(refused)
    const served = await mediaResponse(env.core.media, id, null)
    expect(served.status).toBe(403)
    expect(await served.text()).toContain('neither opened nor deleted')
    expect(await readFile(victim, 'utf8')).toBe('not the app’s to touch')
    expect(env.core.media.get(id)).toBeDefined()
  })
})
