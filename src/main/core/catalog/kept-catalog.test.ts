// The catalog kept on disk a part at a time: what is written is read back as it was, a snapshot counts only
// once complete, the newest two stay, and the work pauses after each part.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { GenerativeModel, UnifiedModel } from '#shared/api/models'
import type { CatalogModel } from '#shared/domain/catalog'
import { pausesOf } from '#shared/domain/paused-work-fixture'
import { finished } from '#shared/domain/sorting'
import { modelsPerPart } from '../history/catalog-snapshots.ts'
import { openHistory } from '../history/history.ts'
import { migrations } from '../history/migrations.ts'
import type { RawListings } from './browser-records.ts'
import { mergeRaw } from './browser-records.ts'
import {
  comparingWithKept,
  keptInEachStyle,
  readingAtStart,
  readingCatalog,
  savingCatalog,
} from './kept-catalog.ts'

/** A history in a new folder; `before` makes its file first, as an earlier version left it. */
async function history(before?: (file: string) => void) {
  const folder = await mkdtemp(join(tmpdir(), 'gd-kept-catalog-'))
  before?.(join(folder, 'history.db'))
  const opened = openHistory(folder)
  onTestFinished(async () => {
    opened.close()
    await rm(folder, { recursive: true, force: true })
  })
  return opened
}

/** Listings of `count` made-up models (the store keeps them as given, without reading their fields). */
const listings = (count: number, tag = ''): RawListings => ({
  unified: Array.from({ length: count }, (_, at) => ({ id: `p/m-${at}`, tag }) as unknown as UnifiedModel),
  generative: [],
})

/** Models kept without their merged records' prices (a comparison then reads the styles). */
const noRecords = () => undefined

/** A model as the generative-native listing gives it. */
const generativeModel = (id: string): GenerativeModel => ({
  name: `models/${id}`,
  version: '1',
  displayName: id,
  description: '',
  inputTokenLimit: 8192,
  outputTokenLimit: 1024,
  supportedGenerationMethods: ['generateContent'],
  ownedBy: 'p',
  canonicalSlug: id,
  contextLength: 8192,
  architecture: { modality: 'text->text', input_modalities: ['text'], output_modalities: ['text'] },
  pricing: { prompt: '0.000001', completion: '0.000002' },
  topProvider: { context_length: 8192, max_completion_tokens: 1024, is_moderated: false },
  supportedParameters: [],
  expirationDate: null,
})

/** A model as the unified listing gives it, at a prompt price. */
const unifiedModel = (id: string, prompt: string): UnifiedModel => ({
  id,
  object: 'model',
  created: 1,
  owned_by: 'p',
  canonical_slug: id,
  name: id,
  description: '',
  context_length: 8192,
  architecture: { modality: 'text->text', input_modalities: ['text'], output_modalities: ['text'] },
  pricing: { prompt, completion: '0.000002' },
  top_provider: { context_length: 8192, max_completion_tokens: 1024, is_moderated: false },
  per_request_limits: null,
  supported_parameters: [],
  default_parameters: null,
  expiration_date: null,
})

describe('the catalog kept on disk', () => {
  it('is written and read a part at a time, and read back as it was, an empty style included', async () => {
    const store = await history()
    const raw = listings(2 * modelsPerPart + 1)
    // Three parts of the unified style and one (empty) of the generative: a pause after each.
    expect(pausesOf(savingCatalog(store, 'p', 1_000, raw, noRecords)).pauses).toBe(4)
    const [kept] = store.catalogSnapshots.latest('p')
    expect(kept?.fetchedAt).toBe(1_000)
    const read = pausesOf(readingCatalog(store, kept?.id ?? 0))
    expect(read.pauses).toBe(4)
    // A style that did not answer stays absent; one that answered with nothing is an empty list.
    expect(read.value).toEqual(raw)
    expect(read.value).not.toHaveProperty('messages')
  })

  it('counts a snapshot only once complete: one the app left half written is never read, and goes', async () => {
    const store = await history()
    finished(savingCatalog(store, 'p', 1_000, listings(10, 'first'), noRecords))
    // The app closes after the first part of the next catalog: the work is never resumed.
    const interrupted = savingCatalog(store, 'p', 2_000, listings(3 * modelsPerPart, 'second'), noRecords)
    interrupted.next()
    interrupted.next()
    expect(store.catalogSnapshots.latest('p').map((kept) => kept.fetchedAt)).toEqual([1_000])
    const [first] = store.catalogSnapshots.latest('p')
    expect(finished(readingCatalog(store, first?.id ?? 0)).unified?.[0]).toMatchObject({ tag: 'first' })

    const snapshotsLeft = (db: typeof store.database.db) =>
      db
        .prepare('SELECT fetched_at AS fetchedAt, complete FROM catalog_snapshots ORDER BY fetched_at')
        .all()
        .map((row) => ({ ...row }))
    // The next catalog kept drops what was left half written.
    finished(savingCatalog(store, 'p', 3_000, listings(10, 'third'), noRecords))
    expect(snapshotsLeft(store.database.db)).toEqual([
      { fetchedAt: 1_000, complete: 1 },
      { fetchedAt: 3_000, complete: 1 },
    ])
  })

  it('drops what a crash left half written when the history opens', async () => {
    const store = await history((file) => {
      const crashed = openHistory(dirname(file))
      const interrupted = savingCatalog(crashed, 'q', 1_000, listings(2 * modelsPerPart), noRecords)
      interrupted.next()
      // The process ends here: no clean close, the parts written so far stay in the file.
      crashed.database.db.close()
    })
    const counts = store.database.db
      .prepare(
        'SELECT (SELECT count(*) FROM catalog_snapshots) AS snapshots, (SELECT count(*) FROM catalog_parts) AS parts',
      )
      .get()
    expect(counts).toMatchObject({ snapshots: 0, parts: 0 })
  })

  it('keeps the newest two of each profile, with their parts', async () => {
    const store = await history()
    for (const [profile, time] of [
      ['p', 1],
      ['p', 2],
      ['q', 3],
      ['p', 4],
    ] as const)
      finished(savingCatalog(store, profile, time, listings(modelsPerPart + 1), noRecords))
    expect(store.catalogSnapshots.latest('p', 5).map((kept) => kept.fetchedAt)).toEqual([4, 2])
    expect(store.catalogSnapshots.latest('q', 5).map((kept) => kept.fetchedAt)).toEqual([3])
    const parts = store.database.db.prepare('SELECT count(*) AS parts FROM catalog_parts').get()
    // Three snapshots of two unified parts and one generative part each.
    expect(parts).toMatchObject({ parts: 9 })
  })

  it('says so when the snapshot being read is replaced meanwhile', async () => {
    const store = await history()
    finished(savingCatalog(store, 'p', 1, listings(2 * modelsPerPart), noRecords))
    const [oldest] = store.catalogSnapshots.latest('p')
    const reading = readingCatalog(store, oldest?.id ?? 0)
    reading.next()
    // Two newer catalogs are kept while the first is read: it is no longer there.
    finished(savingCatalog(store, 'p', 2, listings(1), noRecords))
    finished(savingCatalog(store, 'p', 3, listings(1), noRecords))
    expect(() => finished(reading)).toThrow(/replaced while it was being read/)
  })

  it('gives up a snapshot it could not finish, and says why', async () => {
    const store = await history()
    finished(savingCatalog(store, 'p', 1, listings(1, 'kept'), noRecords))
    // A listing that cannot be written as JSON stands for any write that fails half way.
    const looped: Record<string, unknown> = { id: 'p/loop' }
    looped.self = looped
    const raw: RawListings = {
      unified: listings(modelsPerPart).unified,
      generative: [looped as unknown as GenerativeModel],
    }
    expect(() => finished(savingCatalog(store, 'p', 2, raw, noRecords))).toThrow(/circular/)
    expect(store.catalogSnapshots.latest('p').map((kept) => kept.fetchedAt)).toEqual([1])
    expect(
      store.database.db.prepare('SELECT count(*) AS snapshots FROM catalog_snapshots').get(),
    ).toMatchObject({
      snapshots: 1,
    })
  })

  it('splits the catalogs an earlier version kept whole, and drops one that was not readable', async () => {
    const sql = (value: unknown) => `'${JSON.stringify(value).replaceAll("'", "''")}'`
    // Whatever a list held goes as it was: objects, and a string, a number, true, false and null among them.
    const old = [{ id: 'p/only-unified', name: "it's old" }, 'p/a-string', 7, true, false, null]
    const whole = {
      unified: listings(modelsPerPart + 5).unified,
      generative: [],
      messages: [{ type: 'model', id: 'p/m-0' }],
    }
    const store = await history((file) => {
      const db = new DatabaseSync(file)
      for (const migration of migrations.slice(0, 8)) db.exec(migration)
      db.exec(`PRAGMA user_version = 8;
        INSERT INTO catalog_snapshots (profile_id, fetched_at, models_json) VALUES
          ('p', 100, ${sql(old)}), ('p', 200, ${sql(whole)}), ('p', 300, '{"unified": ['),
          ('p', 400, '{"unified": {}}'), ('p', 500, '5');`)
      db.close()
    })
    // Not readable, or no list of models in it: dropped.
    const kept = store.catalogSnapshots.latest('p', 9)
    expect(kept.map((snapshot) => snapshot.fetchedAt)).toEqual([200, 100])
    const [newest, oldest] = kept.map((snapshot) => finished(readingCatalog(store, snapshot.id)))
    expect(newest).toEqual(whole)
    expect(oldest).toEqual({ unified: old })
    expect(store.catalogSnapshots.parts(kept[0]?.id ?? 0)).toEqual([
      { style: 'unified', part: 0 },
      { style: 'unified', part: 1 },
      { style: 'messages', part: 0 },
      { style: 'generative', part: 0 },
    ])
  })

  it('compares a later catalog from the prices kept with a catalog, or from its styles when it has none', async () => {
    const store = await history()
    const before = { unified: [unifiedModel('p/a', '0.000001'), unifiedModel('p/b', '0.000001')] }
    const after = mergeRaw({ unified: [unifiedModel('p/a', '0.000003'), unifiedModel('p/c', '0.000001')] })
    const expected = {
      added: ['p/c'],
      removed: ['p/b'],
      priceChanges: [{ id: 'p/a', price: 'prompt', from: '0.000001', to: '0.000003' }],
    }
    finished(savingCatalog(store, 'p', 1, before, () => mergeRaw(before)))
    const [withPrices] = store.catalogSnapshots.latest('p')
    expect(store.catalogSnapshots.parts(withPrices?.id ?? 0).map((key) => key.style)).toEqual([
      'unified',
      'records-1',
      'prices',
    ])
    // The styles are not read: with them gone, the comparison is the same.
    store.database.db.prepare("DELETE FROM catalog_parts WHERE style = 'unified'").run()
    expect(finished(comparingWithKept(store, withPrices?.id ?? 0, after))).toEqual(expected)

    finished(savingCatalog(store, 'p', 2, before, noRecords))
    const [withoutPrices] = store.catalogSnapshots.latest('p')
    expect(finished(comparingWithKept(store, withoutPrices?.id ?? 0, after))).toEqual(expected)
  })

  it('reads at a start the unified listing and the records kept with it, the other styles only when asked', async () => {
    const store = await history()
    const raw: RawListings = {
      unified: Array.from({ length: modelsPerPart + 1 }, (_, at) => unifiedModel(`p/m-${at}`, '0.000001')),
      generative: Array.from({ length: modelsPerPart + 1 }, (_, at) => generativeModel(`p/m-${at}`)),
      messages: [],
    }
    const merged = mergeRaw(raw)
    finished(savingCatalog(store, 'p', 1, raw, () => merged))
    const [kept] = store.catalogSnapshots.latest('p')
    const id = kept?.id ?? 0
    // Two parts of the unified style and two of the records: a pause after each; the other styles not read.
    const read = pausesOf(readingAtStart(store, id))
    expect(read.pauses).toBe(4)
    expect(read.value).toEqual({ raw: { unified: raw.unified }, merged })
    // Lists and prices alike are one instance, which nothing may change.
    const [first, second] = read.value.merged ?? []
    expect(first?.supportedParameters).toBe(second?.supportedParameters)
    expect(first?.inputModalities).toBe(second?.inputModalities)
    expect(Object.isFrozen(first?.roles)).toBe(true)
    expect(first?.prices).toBe(second?.prices)
    expect(Object.isFrozen(first?.prices)).toBe(true)
    // And so are the unified listing's architecture, prices, provider facts and parameters.
    const [one, two] = read.value.raw.unified ?? []
    expect(one?.pricing).toBe(two?.pricing)
    expect(one?.architecture).toBe(two?.architecture)
    expect(one?.top_provider).toBe(two?.top_provider)
    expect(Object.isFrozen(one?.pricing)).toBe(true)
    // A model's detail finds the styles left on disk there, reading only the part that holds it, and only
    // where its record says the style lists it: with every other part unreadable, it is found all the same.
    const parts = store.database.db.prepare(
      'UPDATE catalog_parts SET models_json = ? WHERE style = ? AND part = ?',
    )
    parts.run('[{"name": ', 'generative', 0)
    parts.run(`[{"id":"p/m-${modelsPerPart}", `, 'messages', 0)
    const last = merged.find((model) => model.id === `p/m-${modelsPerPart}`) as CatalogModel
    expect(await keptInEachStyle(store, read.value.raw, id, last)).toEqual({
      unified: raw.unified?.at(-1),
      generative: raw.generative?.at(-1),
      messages: null,
    })
  })

  it('merges the styles again at a start when the records kept are of another version or do not read', async () => {
    const store = await history()
    const raw: RawListings = {
      unified: [unifiedModel('p/a', '0.000001'), unifiedModel('p/b', '0.000002')],
      messages: [],
    }
    const merged = mergeRaw(raw)
    const parts = store.database.db.prepare('UPDATE catalog_parts SET style = ? WHERE style = ?')
    const records = store.database.db.prepare('UPDATE catalog_parts SET models_json = ? WHERE style = ?')
    const readAtStart = () => {
      const [kept] = store.catalogSnapshots.latest('p')
      return finished(readingAtStart(store, kept?.id ?? 0))
    }
    // Kept without records (by an earlier version), or with records of another version.
    finished(savingCatalog(store, 'p', 1, raw, noRecords))
    expect(readAtStart()).toEqual({ raw })
    finished(savingCatalog(store, 'p', 2, raw, () => merged))
    expect(readAtStart()).toEqual({ raw: { unified: raw.unified }, merged })
    parts.run('records-0', 'records-1')
    expect(readAtStart()).toEqual({ raw })
    parts.run('records-1', 'records-0')
    // Records that are not (a price missing) or do not read at all: only worked out, they are worked out again.
    records.run(JSON.stringify([{ ...merged[0], prices: null }]), 'records-1')
    expect(readAtStart()).toEqual({ raw })
    records.run('[{"id": ', 'records-1')
    expect(readAtStart()).toEqual({ raw })
  })
})
