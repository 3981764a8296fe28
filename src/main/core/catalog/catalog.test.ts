// The catalog service against a sandbox: three styles merged, what changed between refreshes, one model and one
// provider fresh from their routes, the kept catalog when the service is unreachable or after a start, and a
// damaged file of kept catalogs kept aside.
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { postJson, startSandboxForFile } from '#sandbox/testing/client'
import { emptyFilter } from '#shared/domain/catalog-view'
import { inProcess } from '../../testing/in-process.ts'
import { openCatalogDatabase } from './catalog-db.ts'
import { catalogFetching } from './fetching.ts'
import { type CatalogSource, createCatalogService } from './service.ts'
import { createCatalogStore } from './store.ts'

const env = startSandboxForFile()

async function folder() {
  const dir = await mkdtemp(join(tmpdir(), 'gd-catalog-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/** A catalog service over the kept catalogs in `dir`, whose clock says `now()`. */
function service(dir: string, now: () => number, onChanged?: (profileId: string) => void) {
  const notices: string[] = []
  const db = openCatalogDatabase(join(dir, 'catalog.db'), notices)
  onTestFinished(() => {
    if (db.isOpen) db.close()
  })
  return {
    notices,
    close: () => db.close(),
    catalog: createCatalogService({
      store: createCatalogStore(db),
      background: inProcess(catalogFetching(() => db)),
      now,
      ...(onChanged ? { onChanged } : {}),
    }),
  }
}

const online = (): CatalogSource => ({ profileId: 'p', baseUrl: env.sandbox.url })
const unreachable: CatalogSource = { profileId: 'p', baseUrl: 'http://127.0.0.1:9' }
const page = { filter: emptyFilter, sort: 'id' as const, descending: false, offset: 0, limit: 1000 }
/** The new-job form's model field with nothing typed. */
const videoField = { text: '', limit: 100, chosen: '' }

describe('the catalog service', () => {
  it('merges the styles, and after the catalog changes tells what changed since the last refresh', async () => {
    const dir = await folder()
    let clock = 1_000
    const { catalog } = service(dir, () => clock)
    expect(await catalog.overview(online(), false)).toMatchObject({
      fresh: true,
      problem: null,
      fetchedAt: 1_000,
    })
    expect(await catalog.changes(online())).toEqual({ fetchedAt: 1_000, changes: null })
    const image = await catalog.model(online(), 'aurora/flash-image', false)
    expect(image.model.disagreements[0]?.field).toBe('name')

    await postJson(
      env.url('/__sandbox/catalog'),
      {
        add: [{ id: 'nimbus/chat-9', name: 'Nimbus Chat 9' }],
        prices: { 'nimbus/chat-4': { completion: '0.00002' } },
      },
      { 'content-type': 'application/json' },
    )
    clock = 2_000
    await catalog.overview(online(), true)
    const { changes } = await catalog.changes(online())
    expect(changes).toMatchObject({ since: 1_000, added: ['nimbus/chat-9'], removed: [] })
    expect(changes?.priceChanges).toEqual([
      { id: 'nimbus/chat-4', price: 'completion', from: expect.any(String), to: '0.00002' },
    ])

    // After a restart, the same changes, from the two kept on disk, with the service out of reach.
    const restarted = service(dir, () => 2_000 + 60_000)
    expect(await restarted.catalog.changes(unreachable)).toEqual({ fetchedAt: 2_000, changes })
  })

  it('serves the browser a page at a time, counting the matches on the first page only, with the facets', async () => {
    const { catalog } = service(await folder(), Date.now)
    const overview = await catalog.overview(online(), false)
    expect(overview.facets.providers).toContain('aurora')
    const first = await catalog.rows(online(), { ...page, limit: 3 })
    expect(first.rows).toHaveLength(3)
    expect(first.total).toBe(overview.size)
    const second = await catalog.rows(online(), { ...page, offset: 3, limit: 3 })
    expect(second.total).toBeNull()
    expect(second.rows[0]?.id).not.toBe(first.rows[2]?.id)
    const video = await catalog.picks(online(), 'video', videoField)
    expect(video.models.map((model) => model.architecture.output_modalities)).toEqual(
      video.models.map(() => expect.arrayContaining(['video'])),
    )
    expect(video.models.length).toBeGreaterThan(0)
  })

  it('answers from the kept catalog at once when it is old, refreshes behind, and tells when that lands', async () => {
    let clock = 1_000
    const told: string[] = []
    let rereadWhenTold = () => {}
    const { catalog } = service(
      await folder(),
      () => clock,
      (profileId) => {
        told.push(profileId)
        rereadWhenTold()
      },
    )
    // The first keep, which every read waited for, is told too: a screen may have read before it began.
    await catalog.overview(online(), false)
    expect(told).toEqual(['p'])
    // Read again after the one shown grew old: the answer is the kept catalog, without waiting for the service.
    clock += 6 * 60_000
    const fetchedAt = clock
    expect((await catalog.picks(online(), 'video', videoField)).fetchedAt).toBe(1_000)
    expect(await catalog.overview(online(), false)).toMatchObject({ fetchedAt: 1_000, outdated: true })
    // The refresh lands behind; the screens are told, and read the new catalog.
    await expect.poll(() => told).toEqual(['p', 'p'])
    expect((await catalog.picks(online(), 'video', videoField)).fetchedAt).toBe(fetchedAt)
    // A screen that reads the moment it is told, the catalog old again by then, starts the next refresh: the
    // one before is over when it tells.
    rereadWhenTold = () => {
      rereadWhenTold = () => {}
      clock += 6 * 60_000
      void catalog.picks(online(), 'video', videoField)
    }
    clock += 6 * 60_000
    await catalog.picks(online(), 'video', videoField)
    await expect.poll(() => told).toEqual(['p', 'p', 'p', 'p'])
    clock += 1
    await catalog.overview(online(), true)
    expect(told).toEqual(['p', 'p', 'p', 'p', 'p'])
  })

  it('tells of every fetch that lands: a Refresh after a first keep that failed, a retry that failed again', async () => {
    let clock = 1_000
    const told: string[] = []
    const { catalog } = service(
      await folder(),
      () => clock,
      (profileId) => told.push(profileId),
    )
    // Nothing kept, and the service out of reach: the read fails, and nothing is told.
    await expect(catalog.overview(unreachable, false)).rejects.toThrow()
    expect(told).toEqual([])
    // A Refresh that reaches the service is told: the screens' reads that failed are read again.
    await catalog.overview(online(), true)
    expect(told).toEqual(['p'])
    // Old, and the service gone: a read says it is refreshing; the refresh behind fails and is told as well, so
    // the screens stop saying "refreshing".
    clock += 6 * 60_000
    expect(await catalog.overview(unreachable, false)).toMatchObject({ outdated: true })
    await expect.poll(() => told).toEqual(['p', 'p'])
    expect(await catalog.overview(unreachable, false)).toMatchObject({ outdated: false, fresh: false })
    clock += 31_000
    expect(await catalog.overview(unreachable, false)).toMatchObject({ outdated: true })
    await expect.poll(() => told).toEqual(['p', 'p', 'p'])
    expect(await catalog.overview(unreachable, false)).toMatchObject({ outdated: false })
  })

  it('lists a model typed whole first, by id or name in any case, wherever the service lists it', async () => {
    const { catalog } = service(await folder(), Date.now)
    const first = async (text: string) =>
      (await catalog.picks(online(), 'image', { text, limit: 1, chosen: '' })).models.map((model) => model.id)
    // Lumen Image 1's own words hold "edit" too, and the service lists it before Lumen Image 1 Edit.
    expect(await first('Lumen Image 1 Edit')).toEqual(['lumen/image-1-edit'])
    expect(await first('LUMEN/IMAGE-1-EDIT')).toEqual(['lumen/image-1-edit'])
    expect(await first('lumen/image-1')).toEqual(['lumen/image-1'])
  })

  it('reads one model in each style, kept or fresh from the single-model routes, and a provider page', async () => {
    const { catalog } = service(await folder(), Date.now)
    const kept = await catalog.model(online(), 'aurora/flash-2', false)
    expect(kept.raw.generative).toMatchObject({ name: 'models/aurora/flash-2' })
    expect(kept.raw.messages).toMatchObject({ type: 'model', id: 'aurora/flash-2' })
    const fresh = await catalog.model(online(), 'aurora/flash-2', true)
    expect(fresh.model.styles).toEqual(['unified', 'generative', 'messages'])
    const provider = await catalog.provider(online(), 'aurora')
    expect(provider.models.length).toBeGreaterThan(1)
    expect(provider.models.every((model) => model.provider === 'aurora')).toBe(true)
  })

  it('serves the kept catalog with its time and the reason when the service is unreachable', async () => {
    const { catalog } = service(await folder(), () => 5_000)
    const before = await catalog.rows(online(), page)
    const offline = await catalog.overview(unreachable, true)
    expect(offline).toMatchObject({ fresh: false, fetchedAt: 5_000 })
    expect(offline.problem).toMatch(
      /^Could not reach 127\.0\.0\.1:9\. .*This is the catalog kept from that time\.$/,
    )
    expect((await catalog.rows(unreachable, page)).rows).toEqual(before.rows)
    expect((await catalog.picks(unreachable, 'video', videoField)).fresh).toBe(false)
  })

  it('after a start shows the catalog kept on disk at once, and refreshes it behind when it is old', async () => {
    const dir = await folder()
    const first = service(dir, () => 10_000)
    const shown = await first.catalog.rows(online(), page)

    const soon = service(dir, () => 10_000 + 60_000)
    expect(await soon.catalog.overview(unreachable, false)).toMatchObject({
      fresh: true,
      outdated: false,
      fetchedAt: 10_000,
    })
    expect((await soon.catalog.rows(unreachable, page)).rows).toEqual(shown.rows)

    const later = service(dir, () => 10_000 + 3_600_000)
    expect(await later.catalog.overview(unreachable, false)).toMatchObject({
      outdated: true,
      fetchedAt: 10_000,
    })
    expect(await later.catalog.changes(unreachable)).toEqual({ fetchedAt: 10_000, changes: null })
    // A screen that picks a model gets what was kept at once; once the refresh behind finds the service out of
    // reach, the catalog is marked as kept from that time.
    const detail = await later.catalog.model(unreachable, 'aurora/flash-2', false)
    expect(detail.raw.messages).toMatchObject({ type: 'model', id: 'aurora/flash-2' })
    await expect
      .poll(async () => (await later.catalog.picks(unreachable, 'video', videoField)).fresh)
      .toBe(false)
    expect(await later.catalog.overview(online(), true)).toMatchObject({ fresh: true, outdated: false })
  })
})

describe('a file of kept catalogs that cannot be used', () => {
  it('is kept aside with a notice, and the catalog is fetched again', async () => {
    const dir = await folder()
    const first = service(dir, Date.now)
    await first.catalog.overview(online(), false)
    first.close()
    writeFileSync(join(dir, 'catalog.db'), Buffer.alloc(8192, 0x41))
    const again = service(dir, Date.now)
    expect(again.notices[0]).toMatch(
      /The kept model catalogs could not be used \(it (is damaged|could not be read)/,
    )
    expect(readdirSync(dir).some((name) => name.startsWith('catalog.db.aside-'))).toBe(true)
    expect((await again.catalog.overview(online(), false)).size).toBeGreaterThan(5)
    expect(existsSync(join(dir, 'catalog.db'))).toBe(true)
  })
})
