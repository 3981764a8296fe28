// Export and import of the whole history: a round trip through a restart, and archives refused with nothing
// replaced — a changed file, an unexpected path, not an archive at all.
import { createReadStream, createWriteStream, existsSync, renameSync, writeFileSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { afterAll, describe, expect, it, onTestFinished } from 'vitest'
import { startCore } from '../../testing/core.ts'
import { pixelPng } from '../../testing/crafted-images.ts'

const cores: Awaited<ReturnType<typeof startCore>>[] = []
afterAll(async () => {
  for (const env of cores) await env.core.close().catch(() => {})
})

async function coreWithHistory() {
  const env = await startCore()
  cores.push(env)
  await env.call('questionnaires.save', { id: 'q1', name: 'Triage', questions: [] })
  await env.call('images.import', {
    fileName: 'dot.png',
    dataBase64: pixelPng().toString('base64'),
  })
  return env
}

async function exported(env: Awaited<ReturnType<typeof startCore>>) {
  const target = join(await mkdtemp(join(tmpdir(), 'gd-archive-')), 'history.tar.gz')
  env.platform.dialogAnswers.push(target)
  const result = await env.call('history.export', {})
  expect(result.savedTo).toBe(target)
  return { target, counts: result.counts }
}

describe('history archive', () => {
  it('exports everything but keys, and an import replaces the history at the next start', async () => {
    const source = await coreWithHistory()
    const { target, counts } = await exported(source)
    expect(counts).toMatchObject({ questionnaires: 1, image_results: 1 })

    const other = await startCore()
    cores.push(other)
    await other.call('questionnaires.save', { id: 'mine', name: 'Kept aside', questions: [] })
    other.platform.dialogAnswers.push(target)
    const staged = await other.call('history.import', {})
    expect(staged).toMatchObject({ staged: true, counts: { questionnaires: 1 }, restarting: false })
    // Nothing is replaced until the next start.
    expect((await other.call('questionnaires.list', {})).map((q) => q.name)).toEqual(['Kept aside'])
    await other.core.close()

    const restarted = await startCore({ userData: other.userData })
    cores.push(restarted)
    expect((await restarted.call('questionnaires.list', {})).map((q) => q.name)).toEqual(['Triage'])
    const [image] = await restarted.call('images.list', {})
    expect(image?.prompt).toBe('dot.png')
    expect(await restarted.core.media.locate(image?.url.split('/').at(-1) ?? '')).not.toBeNull()
    const notices = await restarted.call('app.notices', {})
    expect(notices[0]).toMatch(/The imported history is in place/)
    const aside = (await readdir(restarted.userData)).find((name) => name.startsWith('before-import-'))
    expect(aside && existsSync(join(restarted.userData, aside, 'history.db'))).toBe(true)
    const archive = await readFile(target)
    const secret = (await restarted.core.profiles.connection()).apiKey ?? ''
    expect(archive.includes(Buffer.from(secret))).toBe(false)
  })

  it('packs the preferences as they were when it summed them, while the app keeps changing them', async () => {
    const source = await coreWithHistory()
    // The app saves preferences as the person uses it (written whole, then renamed into place); here, on every
    // turn of the event loop during the export, each time with other bytes.
    const preferences = join(source.userData, 'preferences.json')
    const original = JSON.parse(await readFile(preferences, 'utf8').catch(() => '{}')) as object
    let writing = true
    let turn = 0
    const keepWriting = async () => {
      while (writing) {
        turn++
        writeFileSync(`${preferences}.next`, JSON.stringify({ ...original, note: 'x'.repeat(turn % 97) }))
        renameSync(`${preferences}.next`, preferences)
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
    const writer = keepWriting()
    const { target } = await exported(source).finally(() => {
      writing = false
    })
    await writer
    expect(turn).toBeGreaterThan(1)
    const other = await startCore()
    cores.push(other)
    other.platform.dialogAnswers.push(target)
    expect(await other.call('history.import', {})).toMatchObject({ staged: true })
  })

  it('refuses an archive whose file was changed, and one that is not an archive, replacing nothing', async () => {
    const source = await coreWithHistory()
    const { target } = await exported(source)
    // Flip one byte inside the archive's database copy: unpack, change, pack again.
    const raw: Buffer[] = []
    await pipeline(createReadStream(target), createGunzip(), async (stream) => {
      for await (const chunk of stream) raw.push(chunk as Buffer)
    })
    const tar = Buffer.concat(raw)
    const at = tar.indexOf(Buffer.from('SQLite format 3')) + 2048
    tar[at] = (tar[at] ?? 0) ^ 0xff
    const tampered = join(await mkdtemp(join(tmpdir(), 'gd-archive-')), 'tampered.tar.gz')
    await pipeline(
      (async function* () {
        yield tar
      })(),
      createGzip(),
      createWriteStream(tampered),
    )
    const other = await startCore()
    cores.push(other)
    other.platform.dialogAnswers.push(tampered)
    await expect(other.call('history.import', {})).rejects.toMatchObject({
      message: expect.stringContaining('does not match its checksum'),
    })
    const junk = join(await mkdtemp(join(tmpdir(), 'gd-archive-')), 'junk.tar.gz')
    await writeFile(junk, 'not an archive')
    other.platform.dialogAnswers.push(junk)
    await expect(other.call('history.import', {})).rejects.toMatchObject({
      message: expect.stringContaining('not a readable archive'),
    })
    expect((await readdir(other.userData)).filter((name) => name.includes('import'))).toEqual([])
  })
})

describe('what an archive may set', () => {
  it('never takes forwarding addresses, budgets or the receiver from an archive, nor writes them to one', async () => {
    const source = await coreWithHistory()
    await source.call('preferences.update', {
      theme: 'dark',
      forwardTo: { sandbox: 'http://127.0.0.1:9/steal' },
      budgets: {},
      receiverPort: 4000,
    })
    const { target } = await exported(source)
    const packed: Buffer[] = []
    await pipeline(createReadStream(target), createGunzip(), async (stream) => {
      for await (const chunk of stream) packed.push(chunk as Buffer)
    })
    expect(Buffer.concat(packed).includes('/steal')).toBe(false)

    // An archive made by hand (or by an older version) that does carry them: the same export with its
    // preferences and manifest rewritten.
    const crafted = await withPreferences(target, {
      theme: 'dark',
      forwardTo: { sandbox: 'http://127.0.0.1:9/steal' },
      budgets: {},
      receiverPort: 4000,
      pollBudget: { requests: 10_000, windowSeconds: 1 },
    })
    const other = await startCore()
    cores.push(other)
    await other.call('preferences.update', {
      budgets: { sandbox: { daily: '5.00', monthly: null } },
      forwardTo: { sandbox: 'http://127.0.0.1:8/mine' },
    })
    other.platform.dialogAnswers.push(crafted)
    expect(await other.call('history.import', {})).toMatchObject({ staged: true })
    await other.core.close()

    const restarted = await startCore({ userData: other.userData })
    cores.push(restarted)
    const preferences = await restarted.call('preferences.get', {})
    expect(preferences.theme).toBe('dark')
    expect(preferences.forwardTo).toEqual({ sandbox: 'http://127.0.0.1:8/mine' })
    expect(preferences.budgets).toEqual({ sandbox: { daily: '5.00', monthly: null } })
    expect(preferences.receiverPort).toBe(0)
    expect(preferences.pollBudget).toEqual({ requests: 60, windowSeconds: 60 })
    const [notice] = await restarted.call('app.notices', {})
    expect(notice).toMatch(/Forwarding addresses, budgets and the receiver's settings stay as they were/)
  })
})

/** `archive` again with its preferences replaced by `preferences`, its manifest summing the new bytes. */
async function withPreferences(archive: string, preferences: object): Promise<string> {
  const { createHash } = await import('node:crypto')
  const { extractTarGz, writeTarGz } = await import('../files/tar.ts')
  const folder = await mkdtemp(join(tmpdir(), 'gd-archive-'))
  onTestFinished(() => rm(folder, { recursive: true, force: true }))
  const unpacked = join(folder, 'unpacked')
  await extractTarGz(archive, unpacked, () => {})
  const text = JSON.stringify(preferences)
  await writeFile(join(unpacked, 'preferences.json'), text)
  const manifest = JSON.parse(await readFile(join(unpacked, 'manifest.json'), 'utf8')) as {
    files: { path: string; bytes: number; sha256: string }[]
  }
  const entry = manifest.files.find((file) => file.path === 'preferences.json')
  if (!entry) throw new Error('the export has no preferences')
  entry.bytes = Buffer.byteLength(text)
  entry.sha256 = createHash('sha256').update(text).digest('hex')
  await writeFile(join(unpacked, 'manifest.json'), JSON.stringify(manifest))
  const target = join(folder, 'crafted.tar.gz')
  await writeTarGz(
    ['manifest.json', ...manifest.files.map((file) => file.path)].map((path) => ({
      path,
      source: join(unpacked, path),
    })),
    createWriteStream(target),
  )
  return target
}
