// The catalog service against a sandbox: three styles merged, what changed between refreshes, one model and
// one provider fresh from their routes, and the kept catalog when the service is unreachable.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { demoKey, postJson, startSandboxForFile } from '#sandbox/testing/client'
import { playgroundUses, servesUse } from '#shared/domain/catalog'
import { emptyFilter, filterModels, sortModels } from '#shared/domain/catalog-view'
import { createGateway } from '../gateway/gateway.ts'
import { createTransport } from '../gateway/transport.ts'
import { openHistory } from '../history/history.ts'
import { createCatalogService } from './service.ts'

const env = startSandboxForFile()

async function service(
  baseUrl: () => string,
  now: () => number,
  kept?: ReturnType<typeof openHistory>,
  onChanged?: () => void,
) {
  let history = kept
  if (!history) {
    const folder = await mkdtemp(join(tmpdir(), 'gd-catalog-'))
    const opened = openHistory(folder)
    onTestFinished(async () => {
      opened.close()
      await rm(folder, { recursive: true, force: true })
    })
    history = opened
  }
  const gateway = createGateway(
    createTransport({ connection: async () => ({ baseUrl: baseUrl(), apiKey: demoKey }) }),
  )
  return {
    history,
    catalog: createCatalogService({
      history,
      gateway,
      profileId: 'p',
      now,
      ...(onChanged ? { onChanged } : {}),
    }),
  }
}

const unreachable = () => 'http://127.0.0.1:9'
/** A catalog service reaching the sandbox, whose clock says `time`. */
const onlineAt = (time: number) =>
  service(
    () => env.sandbox.url,
    () => time,
  )

describe('the catalog service', () => {
  it('merges the styles, and after the catalog changes tells what changed since the last refresh', async () => {
    let clock = 1_000
    const { catalog, history } = await service(
      () => env.sandbox.url,
      () => clock,
    )
    const first = await catalog.browse(false)
    expect(first).toMatchObject({ fresh: true, problem: null })
    expect(await catalog.changes()).toEqual({ fetchedAt: 1_000, changes: null })
    expect(first.models.find((m) => m.id === 'aurora/flash-image')?.disagreements[0]?.field).toBe('name')

    await postJson(
      env.url('/__sandbox/catalog'),
      {
        add: [{ id: 'nimbus/chat-9', name: 'Nimbus Chat 9' }],
        prices: { 'nimbus/chat-4': { completion: '0.00002' } },
      },
      { 'content-type': 'application/json' },
    )
    clock = 2_000
    await catalog.browse(true)
    const { changes } = await catalog.changes()
    expect(changes).toMatchObject({ since: 1_000, added: ['nimbus/chat-9'], removed: [] })
    expect(changes?.priceChanges).toEqual([
      { id: 'nimbus/chat-4', price: 'completion', from: expect.any(String), to: '0.00002' },
    ])

    // After a restart (the app closed as soon as the refresh came), the same changes, from the two kept on disk.
    catalog.finishSaving()
    const restarted = await service(unreachable, () => 2_000 + 60_000, history)
    expect(await restarted.catalog.changes()).toEqual({ fetchedAt: 2_000, changes })
  })

  it('lists the playground its models by use, ids and names only, and the video screen its video models', async () => {
    const { catalog } = await service(() => env.sandbox.url, Date.now)
    const { models } = await catalog.browse(false)
    for (const use of playgroundUses) {
      const listed = await catalog.choices(use, false)
      expect(listed).toMatchObject({ fresh: true, outdated: false })
      expect(listed.models.length).toBeGreaterThan(0)
      expect(listed.models).toEqual(
        models.filter((m) => servesUse(m, use)).map((m) => ({ id: m.id, name: m.name, roles: m.roles })),
      )
    }

    const all = await catalog.models(false)
    const video = await catalog.models(false, 'video')
    expect(video.models.length).toBeGreaterThan(0)
    expect(video.models).toEqual(all.models.filter((m) => m.architecture.output_modalities.includes('video')))
  })

  it('serves the browser a page at a time: filtered and sorted here, the count of all matches, the facets', async () => {
    const { catalog } = await service(() => env.sandbox.url, Date.now)
    const { models } = await catalog.browse(false)
    const overview = await catalog.overview(false)
    expect(overview).toMatchObject({ size: models.length, fresh: true, outdated: false })
    expect(overview.facets.providers).toEqual([...new Set(models.map((m) => m.provider))].sort())
    expect(overview).not.toHaveProperty('models')

    const filter = { ...emptyFilter, role: 'chat' as const }
    const chat = models.filter((m) => m.roles.includes('chat'))
    const byPrice = sortModels(chat, 'prompt', true)
    const page = (offset: number, limit: number) =>
      catalog.rows({ filter, sort: 'prompt', descending: true, offset, limit })
    const first = await page(0, 2)
    expect(first.total).toBe(chat.length)
    expect(first.rows.map((m) => m.id)).toEqual(byPrice.slice(0, 2).map((m) => m.id))
    const rest = await page(2, 500)
    expect(rest.rows.map((m) => m.id)).toEqual(byPrice.slice(2).map((m) => m.id))
    // A search typed a letter at a time gives what the whole catalog filtered at once gives.
    const text = chat[0]?.id.slice(0, 3) ?? ''
    for (let end = 1; end <= text.length; end++) {
      const typed = { ...filter, text: text.slice(0, end) }
      const got = await catalog.rows({ filter: typed, sort: 'id', descending: false, offset: 0, limit: 500 })
      expect(got.rows.map((m) => m.id)).toEqual(
        filterModels(sortModels(models, 'id', false), typed).map((m) => m.id),
      )
    }
  })

  it('tells the screens when another catalog replaces the one in memory, however it came', async () => {
    let clock = 1_000
    let told = 0
    const { catalog } = await service(
      () => env.sandbox.url,
      () => clock,
      undefined,
      () => told++,
    )
    await catalog.overview(false)
    // The first catalog replaces none.
    expect(told).toBe(0)
    // Read again after the one in memory grew old: a screen that holds the catalog would show the old one.
    clock += 6 * 60_000
    const { fetchedAt } = await catalog.model('aurora/flash-2', false)
    expect(fetchedAt).toBe(clock)
    expect(told).toBe(1)
    // A refresh that a screen asked for.
    clock += 1
    await catalog.overview(true)
    expect(told).toBe(2)
  })

  it('gives each order of the whole catalog as places in its order of ids', async () => {
    const { catalog } = await service(() => env.sandbox.url, Date.now)
    const { models, fetchedAt } = await catalog.browse(false)
    const byId = sortModels(models, 'id', false)
    for (const [sort, descending] of [
      ['prompt', true],
      ['name', false],
      ['id', true],
    ] as const) {
      const order = await catalog.order(sort, descending)
      expect(order.fetchedAt).toBe(fetchedAt)
      expect(order.positions.map((place) => byId[place]?.id)).toEqual(
        sortModels(models, sort, descending).map((m) => m.id),
      )
    }
  })

  it('reads one model in each style, kept or fresh from the single-model routes, and a provider page', async () => {
    const { catalog } = await service(() => env.sandbox.url, Date.now)
    const kept = await catalog.model('aurora/flash-2', false)
    expect(kept.raw.generative).toMatchObject({ name: 'models/aurora/flash-2' })
    expect(kept.raw.messages).toMatchObject({ type: 'model', id: 'aurora/flash-2' })
    const fresh = await catalog.model('aurora/flash-2', true)
    expect(fresh.model.styles).toEqual(['unified', 'generative', 'messages'])
    const page = await catalog.provider('aurora')
    expect(page.models.every((m) => m.provider === 'aurora')).toBe(true)
    expect(page.models.length).toBeGreaterThan(1)
  })

  it('serves the kept catalog with its time and the reason when the service is unreachable', async () => {
    let url = env.sandbox.url
    const { catalog } = await service(
      () => url,
      () => 5_000,
    )
    const online = await catalog.browse(false)
    url = 'http://127.0.0.1:9'
    const offline = await catalog.browse(true)
    expect(offline).toMatchObject({ fresh: false, fetchedAt: 5_000 })
    expect(offline.problem).toMatch(/could not be reached/)
    expect(offline.models.map((m) => m.id)).toEqual(online.models.map((m) => m.id))
    expect((await catalog.models(false)).fresh).toBe(false)
  })

  it('after a start shows the catalog kept on disk at once, and says when it is old enough to refresh', async () => {
    const { history, catalog } = await onlineAt(10_000)
    const online = await catalog.browse(false)
    catalog.finishSaving()

    const soon = await service(unreachable, () => 10_000 + 60_000, history)
    const recent = await soon.catalog.browse(false)
    expect(recent).toMatchObject({ fresh: true, outdated: false, fetchedAt: 10_000, problem: null })
    expect(recent.models.map((m) => m.id)).toEqual(online.models.map((m) => m.id))
    // A start reads the records kept with the catalog; a model's detail finds its other styles on disk.
    expect(recent.models).toEqual(online.models)
    const detail = await soon.catalog.model('aurora/flash-2', false)
    expect(detail.raw.generative).toMatchObject({ name: 'models/aurora/flash-2' })
    expect(detail.raw.messages).toMatchObject({ type: 'model', id: 'aurora/flash-2' })

    const later = await service(unreachable, () => 10_000 + 3_600_000, history)
    const old = await later.catalog.browse(false)
    expect(old).toMatchObject({ fresh: true, outdated: true, fetchedAt: 10_000 })
    expect(await later.catalog.changes()).toEqual({ fetchedAt: 10_000, changes: null })
    expect(old.models.map((m) => m.id)).toEqual(online.models.map((m) => m.id))
    // The screens that pick a model ask the service; unreachable, they get the kept list marked as such.
    expect((await later.catalog.models(false)).fresh).toBe(false)
    // And a model's detail, as kept: its other styles still found on disk.
    const offline = await later.catalog.model('aurora/flash-2', false)
    expect(offline.raw.messages).toMatchObject({ type: 'model', id: 'aurora/flash-2' })

    const back = await service(
      () => env.sandbox.url,
      () => 10_000 + 3_600_000,
      history,
    )
    expect((await back.catalog.browse(false)).outdated).toBe(true)
    expect(await back.catalog.browse(true)).toMatchObject({
      fresh: true,
      outdated: false,
      fetchedAt: 3_610_000,
    })
  })

  it('reads the kept catalog ahead when asked to prepare, and leaves one that cannot be read to the screen', async () => {
    const { history, catalog } = await onlineAt(10_000)
    const online = await catalog.overview(false)
    // The app quits: the catalog still being written to disk is finished first.
    catalog.finishSaving()

    // After a start: prepared while idle, the browser's first look finds the catalog read and merged.
    const restarted = await service(unreachable, () => 20_000, history)
    await restarted.catalog.prepare()
    expect(await restarted.catalog.overview(false)).toEqual({ ...online, fresh: true, outdated: false })

    // A kept catalog damaged on disk: preparing it fails quietly, and the screen that asks is told.
    const snapshots = history.catalogSnapshots
    history.transaction(() => {
      const id = snapshots.begin('p', 30_000)
      snapshots.addPart(id, 'unified', 0, '[{"id": ')
      snapshots.complete(id)
    })
    const damaged = await service(unreachable, () => 40_000, history)
    await damaged.catalog.prepare()
    await expect(damaged.catalog.overview(false)).rejects.toThrow(/history is damaged/)
  })

  it('shows a fetched catalog that could not be kept on disk, and says it will not be there offline', async () => {
    const { history } = await onlineAt(1_000)
    const failing = {
      ...history,
      catalogSnapshots: {
        ...history.catalogSnapshots,
        addPart: () => {
          throw new Error('database or disk is full')
        },
      },
    }
    let told = 0
    const { catalog } = await service(
      () => env.sandbox.url,
      () => 1_000,
      failing,
      () => told++,
    )
    await catalog.browse(false)
    // The screens are told to read the catalog again, and find why.
    await vi.waitFor(() => expect(told).toBe(1))
    await vi.waitFor(async () =>
      expect((await catalog.browse(false)).problem).toBe(
        'This catalog could not be kept on disk (database or disk is full): it will not be there to show when the service cannot be reached.',
      ),
    )
    // Nothing half written is left behind.
    expect(history.catalogSnapshots.latest('p')).toEqual([])
    expect(history.database.db.prepare('SELECT count(*) AS n FROM catalog_snapshots').get()).toMatchObject({
      n: 0,
    })
  })

  it('keeps catalogs fetched one right after another in order, each compared with the one before', async () => {
    let clock = 100_000
    const { catalog, history } = await service(
      () => env.sandbox.url,
      () => clock,
    )
    await catalog.models(false)
    // A refresh while the first catalog waits to be written: it is kept after it, and compared with it.
    expect(history.catalogSnapshots.latest('p')).toEqual([])
    clock = 200_000
    await postJson(
      env.url('/__sandbox/catalog'),
      { add: [{ id: 'nimbus/chat-7', name: 'Nimbus Chat 7' }] },
      { 'content-type': 'application/json' },
    )
    await catalog.overview(true)
    const { changes } = await catalog.changes()
    expect(changes).toMatchObject({ since: 100_000, added: ['nimbus/chat-7'], removed: [] })
    // Both are written in the background, with no quit to finish them.
    await vi.waitFor(() =>
      expect(history.catalogSnapshots.latest('p').map((kept) => kept.fetchedAt)).toEqual([200_000, 100_000]),
    )
  })

  it('tells what changed of the catalog it holds without asking the service, and works it out again after a failure', async () => {
    let clock = 1_000
    const { catalog, history } = await service(
      () => env.sandbox.url,
      () => clock,
    )
    await catalog.overview(false)
    clock = 2_000
    await catalog.overview(true)
    catalog.finishSaving()
    // The first catalog's prices, damaged on disk: the comparison fails, and says why.
    const [, first] = history.catalogSnapshots.latest('p')
    const { db } = history.database
    const { was } = db
      .prepare("SELECT models_json AS was FROM catalog_parts WHERE snapshot_id = ? AND style = 'prices'")
      .get(first?.id ?? 0) as { was: string }
    const prices = db.prepare(
      "UPDATE catalog_parts SET models_json = ? WHERE snapshot_id = ? AND style = 'prices'",
    )
    prices.run('[{"id": 5}]', first?.id ?? 0)
    clock = 2_000 + 3_600_000
    await expect(catalog.changes()).rejects.toThrow(/history is damaged/)
    // Mended, it is worked out again; the catalog held is an hour old, and still the one answered about.
    prices.run(was, first?.id ?? 0)
    expect(await catalog.changes()).toMatchObject({ fetchedAt: 2_000, changes: { since: 1_000 } })
  })
})
