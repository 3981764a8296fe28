// History databases that are not the app's own: an archive whose database carries a trigger, a view or a table
// the app does not make, or lacks one it does; the same left by an older version as a pending import or already
// swapped in; and staging folders a crash left behind. None of their SQL ever runs, and the person's history is
// never left unable to start.
import { createHash } from 'node:crypto'
import { createWriteStream, existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, it, onTestFinished } from 'vitest'
import { startCore } from '../../testing/core.ts'
import { extractTarGz, writeTarGz } from '../files/tar.ts'
import { backUpHistory } from '../history/backup.ts'

const cores: Awaited<ReturnType<typeof startCore>>[] = []
afterAll(async () => {
  for (const env of cores) await env.core.close().catch(() => {})
})
async function core(userData?: string) {
  const env = await startCore(userData ? { userData } : {})
  cores.push(env)
  return env
}
async function folder() {
  const dir = await mkdtemp(join(tmpdir(), 'gd-foreign-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/** A history with one questionnaire, exported and unpacked. */
async function unpackedExport() {
  const env = await core()
  await env.call('questionnaires.save', { id: 'q1', name: 'Triage', questions: [] })
  const dir = await folder()
  env.platform.dialogAnswers.push(join(dir, 'history.tar.gz'))
  await env.call('history.export', {})
  const unpacked = join(dir, 'unpacked')
  await mkdir(unpacked)
  await extractTarGz(join(dir, 'history.tar.gz'), unpacked, () => {})
  return { dir, unpacked }
}

/** Changes the unpacked database (with `sql`, or by writing another file), then packs it again with a manifest that matches. */
async function crafted(
  change: string | ((file: string) => Promise<void>),
): Promise<{ archive: string; unpacked: string }> {
  const { dir, unpacked } = await unpackedExport()
  const file = join(unpacked, 'history.db')
  if (typeof change === 'string') {
    const db = new DatabaseSync(file)
    db.exec(change)
    db.close()
  } else await change(file)
  const manifest = JSON.parse(await readFile(join(unpacked, 'manifest.json'), 'utf8'))
  for (const file of manifest.files) {
    const bytes = await readFile(join(unpacked, file.path))
    file.bytes = bytes.length
    file.sha256 = createHash('sha256').update(bytes).digest('hex')
  }
  await writeFile(join(unpacked, 'manifest.json'), JSON.stringify(manifest))
  const archive = join(dir, 'crafted.tar.gz')
  await writeTarGz(
    ['manifest.json', ...manifest.files.map((file: { path: string }) => file.path)].map((path) => ({
      path,
      source: join(unpacked, path),
    })),
    createWriteStream(archive),
  )
  return { archive, unpacked }
}

async function importing(env: Awaited<ReturnType<typeof core>>, archive: string) {
  env.platform.dialogAnswers.push(archive)
  return env.call('history.import', {})
}

const emptyTheBoard =
  'CREATE TRIGGER wipe AFTER INSERT ON webhook_deliveries BEGIN DELETE FROM video_jobs; END;'

describe('an archive whose database is not the app’s own', () => {
  const cases: [string, string, string][] = [
    ['a trigger', emptyTheBoard, 'trigger "wipe" the app does not make'],
    ['a view', 'CREATE VIEW spy AS SELECT * FROM media;', 'view "spy" the app does not make'],
    [
      'a changed table',
      'DROP TABLE drafts; CREATE TABLE drafts (kind TEXT PRIMARY KEY, body_json TEXT, evil TEXT);',
      'table "drafts" that is not the app’s',
    ],
    [
      'only the media table',
      'DROP TABLE video_jobs_text; DROP TABLE video_polls; DROP TABLE video_jobs;',
      'no table "video_jobs"',
    ],
    ['planner statistics', 'ANALYZE;', 'table "sqlite_stat1" the app does not make'],
  ]
  for (const [what, sql, named] of cases)
    it(`is refused when it holds ${what}, naming what differs, with nothing staged`, async () => {
      const { archive } = await crafted(sql)
      const env = await core()
      await expect(importing(env, archive)).rejects.toMatchObject({
        code: 'archive_refused',
        message: expect.stringContaining(named.replace('’', "'")),
      })
      expect((await readdir(env.userData)).filter((name) => name.includes('import'))).toEqual([])
    })

  it('is refused as not a history when it is some other program’s database', async () => {
    const { archive } = await crafted(async (file) => {
      await rm(file)
      const db = new DatabaseSync(file)
      db.exec("CREATE TABLE contacts (name TEXT, phone TEXT); INSERT INTO contacts VALUES ('Ada', '1');")
      db.close()
    })
    await expect(importing(await core(), archive)).rejects.toMatchObject({
      code: 'archive_refused',
      message: expect.stringContaining('table "contacts" the app does not make'),
    })
  })
})

describe('at start', () => {
  it('refuses a pending import staged by an older version, leaving the history as it was', async () => {
    const { unpacked } = await crafted(emptyTheBoard)
    const env = await core()
    await env.call('questionnaires.save', { id: 'mine', name: 'Mine', questions: [] })
    await env.core.close()
    await cp(unpacked, join(env.userData, 'import-pending'), { recursive: true })

    const restarted = await core(env.userData)
    const notices = await restarted.call('app.notices', {})
    expect(notices.join(' ')).toMatch(/The history waiting to be imported was not: .*trigger "wipe"/)
    expect((await restarted.call('questionnaires.list', {})).map((q) => q.name)).toEqual(['Mine'])
    const triggers = restarted.core.history.database.db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'trigger' AND name = 'wipe'")
      .all()
    expect(triggers).toEqual([])
    expect((await readdir(env.userData)).some((name) => name.startsWith('import-refused-'))).toBe(true)
  })

  it('puts back the history from before an import whose database cannot be opened (no boot loop)', async () => {
    const { unpacked } = await crafted(
      'DROP TABLE video_jobs_text; DROP TABLE video_polls; DROP TABLE video_jobs;',
    )
    const env = await core()
    await env.call('questionnaires.save', { id: 'mine', name: 'Mine', questions: [] })
    await env.core.close()
    // As an older version left it: the history from before moved aside, the broken one swapped in, no backup.
    const aside = join(env.userData, 'before-import-2026-11-01T00-00-00-000Z')
    await mkdir(aside)
    for (const name of ['history.db', 'history.db.backup', 'preferences.json'])
      if (existsSync(join(env.userData, name))) await rename(join(env.userData, name), join(aside, name))
    await cp(join(unpacked, 'history.db'), join(env.userData, 'history.db'))

    const restarted = await core(env.userData)
    expect((await restarted.call('questionnaires.list', {})).map((q) => q.name)).toEqual(['Mine'])
    expect((await restarted.call('app.notices', {})).join(' ')).toMatch(
      /imported history could not be opened .*no table "video_jobs".*history you had before the import was put back/,
    )
    const refused = (await readdir(env.userData)).find((name) => name.startsWith('import-refused-'))
    expect(refused && existsSync(join(env.userData, refused, 'history.db'))).toBe(true)
    expect(existsSync(aside)).toBe(false)
  })

  it('keeps a history with a foreign trigger aside and restores the backup, so the trigger never runs', async () => {
    const env = await core()
    await env.call('questionnaires.save', { id: 'mine', name: 'Mine', questions: [] })
    await env.core.close()
    // The day's backup, made after the questionnaire was saved.
    await backUpHistory(join(env.userData, 'history.db'), Date.now(), true)
    const db = new DatabaseSync(join(env.userData, 'history.db'))
    db.exec('CREATE TRIGGER wipe AFTER INSERT ON questionnaires BEGIN DELETE FROM questionnaires; END;')
    db.close()

    const restarted = await core(env.userData)
    await restarted.call('questionnaires.save', { id: 'next', name: 'Next', questions: [] })
    expect((await restarted.call('questionnaires.list', {})).map((q) => q.name).sort()).toEqual([
      'Mine',
      'Next',
    ])
    expect((await restarted.call('app.notices', {})).join(' ')).toMatch(
      /does not have the app's own structure \(a trigger "wipe".*The last backup, made .*, was restored/,
    )
  })

  it('removes the staging folders of an export or import a crash cut short', async () => {
    const env = await core()
    await env.core.close()
    for (const name of ['.import-0123456789ab', '.export-ba9876543210']) {
      await mkdir(join(env.userData, name))
      await writeFile(join(env.userData, name, 'history.db'), 'half a copy')
    }
    await core(env.userData)
    expect((await readdir(env.userData)).filter((name) => /^\.(import|export)-/.test(name))).toEqual([])
  })
})

describe('an archive whose figures or expressions are not the app’s', () => {
  it('is compared by its schema before any of its expressions is evaluated', async () => {
    // A foreign table whose CHECK calls a function only the crafting program had: a page check would run it.
    const { archive } = await crafted(async (file) => {
      const db = new DatabaseSync(file)
      db.function('slow_check', (_value: unknown) => 1)
      db.exec('CREATE TABLE extra (a TEXT CHECK (slow_check(a))); INSERT INTO extra VALUES (1), (2), (3);')
      db.close()
    })
    await expect(importing(await core(), archive)).rejects.toMatchObject({
      code: 'archive_refused',
      message: expect.stringContaining('table "extra" the app does not make'),
    })
  })

  it('is refused when its ledger holds a negative or malformed amount', async () => {
    for (const [cost, named] of [
      ['-5.00', '"-5.00"'],
      ['1e3', '"1e3"'],
      ['free', '"free"'],
    ]) {
      const { archive } = await crafted(
        `INSERT INTO spend_entries (at, profile_id, feature, model, cost, item_id) VALUES (1, 'p', 'image', 'm', '${cost}', 'i-${cost}');`,
      )
      await expect(importing(await core(), archive)).rejects.toMatchObject({
        code: 'archive_refused',
        message: expect.stringContaining(
          `its spend_entries holds a cost that is not an amount of money (${named})`,
        ),
      })
    }
  })

  it('is refused when a sum it keeps beside its rows is not theirs: an entry’s places, a batch’s counts', async () => {
    const batch = `INSERT INTO decision_batches (id, name, questionnaire_json, model, endpoint, template_json,
        profile_id, concurrency, spend_cap, status, created_at, updated_at) VALUES
        ('b', 'n', '{}', 'm', 'unified', '{}', 'p', 1, NULL, 'done', 1, 1);
      INSERT INTO decision_batch_items (batch_id, idx, input_json, status) VALUES ('b', 0, '"a"', 'pending'), ('b', 1, '"b"', 'pending');
      UPDATE decision_batch_items SET status = 'done', cost = '0.5' WHERE batch_id = 'b';`
    for (const [edit, said] of [
      [
        `INSERT INTO spend_entries (at, profile_id, feature, model, cost, item_id) VALUES (1, 'p', 'image', 'm', '0.0000000000001', 'i');
        UPDATE spend_entries SET past_picodollars = 7;`,
        'its spend ledger has an entry whose sum is not one the app writes',
      ],
      [
        `${batch} UPDATE decision_batches SET rows_done = 1;`,
        'its batch "b" counts or sums its rows wrongly',
      ],
      [
        `${batch} UPDATE decision_batches SET spent_pico = 0;`,
        'its batch "b" counts or sums its rows wrongly',
      ],
    ]) {
      const { archive } = await crafted(edit as string)
      await expect(importing(await core(), archive)).rejects.toMatchObject({
        code: 'archive_refused',
        message: expect.stringContaining(said as string),
      })
    }
    // As the app writes them, they are taken.
    const { archive } = await crafted(batch)
    await expect(importing(await core(), archive)).resolves.toBeDefined()
  })

  it('is refused when its ledger holds requests in flight, which an export never carries', async () => {
    const { archive } = await crafted(
      "INSERT INTO spend_holds (at, profile_id, feature, model, estimate, picodollars) VALUES (1, 'p', 'image', 'm', '900', 900000000000000);",
    )
    await expect(importing(await core(), archive)).rejects.toMatchObject({
      code: 'archive_refused',
      message: expect.stringContaining('its spend ledger holds requests in flight'),
    })
  })
})
