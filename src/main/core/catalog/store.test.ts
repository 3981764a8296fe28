// The kept catalogs as the browser reads them: pages filtered and sorted by the store's indexes give what a plain
// reading of the catalog gives — every filter, every column either way, models without a value last, ties by id —
// and what changed, a model's detail, the playground's choices, the plot's points and the newest catalog of each.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UnifiedModel } from '#shared/api/models'
import { billedPerSecond, type CatalogModel } from '#shared/domain/catalog'
import { emptyFilter, type ModelFilter, type SortColumn, sortColumns } from '#shared/domain/catalog-view'
import { compareAmounts, parseAmount } from '#shared/domain/money'
import { openCatalogDatabase } from './catalog-db.ts'
import { keepCatalog } from './keep-catalog.ts'
import { textOrder } from './orders.ts'
import { recordOf } from './records.ts'
import { type CatalogCursor, createCatalogStore } from './store.ts'

let folder = ''
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'gd-catalog-store-'))
})
afterAll(() => rm(folder, { recursive: true, force: true }))

let opened = 0
function store(options?: { markEvery: number }) {
  const db = openCatalogDatabase(join(folder, `catalog-${opened++}.db`), [])
  return { db, store: createCatalogStore(db, options) }
}

interface Spec {
  id: string
  name?: string
  description?: string
  context?: number | null
  prompt?: string
  completion?: string
  cacheRead?: string | undefined
  perSecond?: string | undefined
  params?: readonly string[]
  inputs?: readonly string[]
  outputs?: readonly string[]
  moderated?: boolean
  expires?: string | null
}

function unified(spec: Spec): UnifiedModel {
  const outputs = spec.outputs ?? ['text']
  return {
    id: spec.id,
    object: 'model',
    created: 1_700_000_000,
    owned_by: spec.id.split('/')[0] ?? '',
    canonical_slug: spec.id,
    name: spec.name ?? spec.id,
    description: spec.description ?? '',
    context_length: spec.context === undefined ? 8192 : spec.context,
    architecture: {
      modality: 'text->text',
      input_modalities: [...(spec.inputs ?? ['text'])],
      output_modalities: [...outputs],
    },
    pricing: {
      prompt: spec.prompt ?? '0.000001',
      completion: spec.completion ?? '0.000002',
      ...(spec.cacheRead ? { input_cache_read: spec.cacheRead } : {}),
      ...(spec.perSecond ? { video_per_second: spec.perSecond } : {}),
    },
    top_provider: {
      context_length: null,
      max_completion_tokens: null,
      is_moderated: spec.moderated ?? false,
    },
    per_request_limits: null,
    supported_parameters: [...(spec.params ?? [])],
    default_parameters: null,
    expiration_date: spec.expires ?? null,
  }
}

const keep = (db: ReturnType<typeof store>['db'], specs: Spec[], profileId = 'p', fetchedAt = 1) =>
  keepCatalog(db, { profileId, fetchedAt, listings: { unified: specs.map(unified) }, problem: null })

/** The catalog read plainly: what every page must agree with. */
function plainly(
  records: CatalogModel[],
  filter: ModelFilter,
  sort: SortColumn,
  descending: boolean,
): string[] {
  const tokens = (text: string) =>
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
  const words = filter.text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word))
  const max = filter.maxPrice ? parseAmount(filter.maxPrice) : null
  const kept = records.filter((model) => {
    const text = tokens(`${model.id} ${model.name} ${model.description}`)
    if (!words.every((word) => text.some((token) => token.startsWith(word.toLowerCase())))) return false
    if (filter.provider && model.provider !== filter.provider) return false
    if (filter.input && !model.inputModalities.includes(filter.input)) return false
    if (filter.output && !model.outputModalities.includes(filter.output)) return false
    if (filter.parameter && !model.supportedParameters.includes(filter.parameter)) return false
    if (filter.role && !model.roles.includes(filter.role)) return false
    if (filter.minContext !== null && (model.contextLength ?? 0) < filter.minContext) return false
    if (max !== null && (model.prices.prompt === null || billedPerSecond(model))) return false
    if (max !== null && parseAmount(model.prices.prompt ?? '0') * 1_000_000n > max) return false
    return true
  })
  const byId = kept.sort((a, b) => textOrder.compare(a.id, b.id))
  if (sort === 'id') return (descending ? byId.reverse() : byId).map((model) => model.id)
  const key = (model: CatalogModel): string | number | bigint | boolean | null => {
    if (sort === 'perSecond') return model.perSecond === null ? null : parseAmount(model.perSecond)
    if (['prompt', 'completion', 'cacheRead', 'cacheWrite5m', 'cacheWrite1h'].includes(sort)) {
      const price = model.prices[sort as 'prompt']
      return price === null || billedPerSecond(model) ? null : parseAmount(price)
    }
    return model[
      sort as 'name' | 'provider' | 'contextLength' | 'maxCompletionTokens' | 'moderated' | 'expirationDate'
    ]
  }
  const compare = (a: NonNullable<ReturnType<typeof key>>, b: NonNullable<ReturnType<typeof key>>) =>
    typeof a === 'bigint' && typeof b === 'bigint'
      ? compareAmounts(a, b)
      : typeof a === 'number' && typeof b === 'number'
        ? a - b
        : typeof a === 'boolean'
          ? Number(a) - Number(b)
          : textOrder.compare(String(a), String(b))
  const present = byId.filter((model) => key(model) !== null)
  const ascending = present
    .map((model, place) => ({ model, place }))
    .sort((x, y) => compare(key(x.model) as never, key(y.model) as never) || x.place - y.place)
    .map(({ model }) => model)
  const missing = byId.filter((model) => key(model) === null)
  return [...(descending ? ascending.reverse() : ascending), ...missing].map((model) => model.id)
}

const spec = fc.record({
  id: fc.tuple(fc.constantFrom('acme', 'Beta', 'zeta'), fc.nat(40)).map(([p, n]) => `${p}/m-${n}`),
  name: fc.constantFrom('Fast chat', 'Slow chat', 'Image maker', 'Vision', 'fast Draw'),
  description: fc.constantFrom('', 'reads images', 'writes code quickly'),
  context: fc.option(fc.constantFrom(4096, 8192, 128_000), { nil: null }),
  prompt: fc.constantFrom('0', '0.0000001', '0.000001', '0.00000125', '0.00001'),
  cacheRead: fc.option(fc.constantFrom('0.0000001', '0.0000002'), { nil: undefined }),
  perSecond: fc.option(fc.constantFrom('0.05', '0.4'), { nil: undefined }),
  params: fc.subarray(['tools', 'seed', 'safety_identifier']),
  inputs: fc.constantFrom(['text'], ['text', 'image']),
  outputs: fc.constantFrom(['text'], ['image'], ['video'], ['text', 'image']),
  moderated: fc.boolean(),
  expires: fc.option(fc.constantFrom('2026-12-01', '2027-03-15'), { nil: null }),
})
/** A filter value, none at all half of the time (a view filters by a few things at once, not all). */
const often = <T>(none: T, ...values: T[]) => fc.oneof(fc.constant(none), fc.constantFrom(...values))
const filter = fc.record({
  text: often('', 'fast', 'CHAT', 'm', 'acme', 'ima', 'code quick', 'nothing'),
  provider: often('', 'acme', 'Beta'),
  input: often('', 'image'),
  output: often('', 'text', 'video'),
  minContext: often(null, 8192),
  maxPrice: often('', '1', '0.1'),
  parameter: often('', 'tools'),
  role: often('', 'chat', 'image', 'video', 'decision'),
}) as fc.Arbitrary<ModelFilter>

describe('a page of the kept catalog', () => {
  it('is what reading the catalog plainly gives, for every filter, column and direction, page by page', () => {
    // Marks every 4 rows, so that jumps in these small catalogs start after one.
    const { db, store: kept } = store({ markEvery: 4 })
    let fetchedAt = 0
    fc.assert(
      fc.property(
        fc.uniqueArray(spec, { selector: (s) => s.id, minLength: 8, maxLength: 60, size: 'large' }),
        // No filter at all is a case of its own: a position is then a place in the order's index.
        fc.oneof(fc.constant(emptyFilter), filter),
        fc.constantFrom(...sortColumns),
        fc.boolean(),
        (specs, view, sort, descending) => {
          const { snapshotId } = keep(db, specs, 'p', ++fetchedAt)
          const records = specs.map((s) =>
            recordOf({ unified: unified(s), generative: null, messages: null }),
          )
          const expected = plainly(records, view, sort, descending)
          const pages: string[] = []
          let total: number | null = null
          for (let offset = 0; offset === 0 || offset < expected.length; offset += 7) {
            const page = kept.page(
              snapshotId,
              { filter: view, sort, descending, offset, limit: 7 },
              offset === 0,
            )
            if (offset === 0) total = page.total
            pages.push(...page.rows.map((row) => row.id))
          }
          expect(pages).toEqual(expected)
          expect(total).toBe(expected.length)
          // Each page after the one before it, as a person scrolls: the same rows, and no page past the last.
          const followed: string[] = []
          let after: CatalogCursor | undefined
          for (let read = 0; read <= expected.length; read++) {
            const page = kept.page(
              snapshotId,
              { filter: view, sort, descending, offset: 0, limit: 7, after },
              false,
            )
            followed.push(...page.rows.map((row) => row.id))
            if (!page.next) break
            after = page.next
          }
          expect(followed).toEqual(expected)
          // A jump to any position (and past the end), then on from there by its cursor.
          for (let at = 1; at <= expected.length + 4; at += 3) {
            const jump = kept.page(
              snapshotId,
              { filter: view, sort, descending, offset: at, limit: 5 },
              false,
            )
            const then = jump.next
              ? kept.page(
                  snapshotId,
                  { filter: view, sort, descending, offset: 0, limit: 5, after: jump.next },
                  false,
                )
              : { rows: [] }
            expect([...jump.rows, ...then.rows].map((row) => row.id)).toEqual(expected.slice(at, at + 10))
          }
        },
      ),
      { numRuns: 150 },
    )
  })

  it('sorts names and ids as a person reads them, numbers by their value', () => {
    const { db, store: kept } = store()
    const { snapshotId } = keep(db, [
      { id: 'v/model-100', name: 'Model 100' },
      { id: 'v/model-2', name: 'Model 2' },
      { id: 'v/model-10', name: 'Model 10' },
    ])
    const names = (sort: 'id' | 'name') =>
      kept
        .page(snapshotId, { filter: emptyFilter, sort, descending: false, offset: 0, limit: 10 }, false)
        .rows.map((row) => row.name)
    expect(names('name')).toEqual(['Model 2', 'Model 10', 'Model 100'])
    expect(names('id')).toEqual(['Model 2', 'Model 10', 'Model 100'])
  })

  it('finds words of a search in different fields of one model', () => {
    const { db, store: kept } = store()
    const { snapshotId } = keep(db, [
      { id: 'acme/swift', name: 'Swift', description: 'Reads images quickly' },
      { id: 'acme/slow', name: 'Slow', description: 'Reads text' },
    ])
    const ids = kept.page(
      snapshotId,
      {
        filter: { ...emptyFilter, text: 'swift images' },
        sort: 'id',
        descending: false,
        offset: 0,
        limit: 10,
      },
      true,
    )
    expect(ids.rows.map((row) => row.id)).toEqual(['acme/swift'])
    expect(ids.total).toBe(1)
  })

  it('finds a word anywhere in ids, names and descriptions by its start, in any case', () => {
    const { db, store: kept } = store()
    const { snapshotId } = keep(db, [
      { id: 'openai/gpt-4o-mini', name: 'GPT-4o mini' },
      { id: 'vendor/model-990', description: 'A synthetic model' },
      { id: 'vendor/other', name: 'Other' },
    ])
    const ids = (text: string) =>
      kept
        .page(
          snapshotId,
          { filter: { ...emptyFilter, text }, sort: 'id', descending: false, offset: 0, limit: 10 },
          true,
        )
        .rows.map((row) => row.id)
    expect(ids('4o-mi')).toEqual(['openai/gpt-4o-mini'])
    expect(ids('model-99')).toEqual(['vendor/model-990'])
    expect(ids('SYNTH vendor')).toEqual(['vendor/model-990'])
    expect(ids('"')).toEqual(['openai/gpt-4o-mini', 'vendor/model-990', 'vendor/other'])
    expect(ids('odel')).toEqual([])
  })
})

describe('the kept catalogs', () => {
  it('tell what changed between two catalogs: models added, removed and repriced', () => {
    const { db, store: kept } = store()
    const before = keep(db, [{ id: 'a/one' }, { id: 'a/two', prompt: '0.000001' }, { id: 'a/gone' }], 'p', 1)
    const after = keep(db, [{ id: 'a/one' }, { id: 'a/two', prompt: '0.000003' }, { id: 'a/new' }], 'p', 2)
    expect(kept.changes(before.snapshotId)).toBeNull()
    expect(kept.changes(after.snapshotId)).toEqual({
      since: 1,
      added: ['a/new'],
      removed: ['a/gone'],
      priceChanges: [{ id: 'a/two', price: 'prompt', from: '0.000001', to: '0.000003' }],
    })
  })

  it('keep the newest of each profile, and give a model as the service listed it', () => {
    const { db, store: kept } = store()
    keep(db, [{ id: 'a/one' }], 'p', 1)
    keep(db, [{ id: 'b/one' }], 'q', 1)
    keep(db, [{ id: 'a/two' }], 'p', 2)
    const newest = keep(db, [{ id: 'a/three', description: 'kept as sent' }], 'p', 3)
    expect(kept.latest('p')?.fetchedAt).toBe(3)
    expect(kept.latest('q')?.fetchedAt).toBe(1)
    expect(
      kept.page(
        newest.snapshotId - 1,
        { filter: emptyFilter, sort: 'id', descending: false, offset: 0, limit: 9 },
        false,
      ).rows,
    ).toEqual([])
    const found = kept.model(newest.snapshotId, 'a/three')
    expect(found?.raw.unified).toMatchObject({ id: 'a/three', description: 'kept as sent' })
    expect(found?.record).toMatchObject({ id: 'a/three', styles: ['unified'] })
    expect(kept.model(newest.snapshotId, 'a/one')).toBeUndefined()
  })

  it('list the playground its models by use, the screens their models by output, and the plot its points', () => {
    const { db, store: kept } = store()
    const { snapshotId } = keep(db, [
      { id: 'a/chat', cacheRead: '0.0000001', context: 1000, prompt: '0.000002' },
      { id: 'a/plain-chat', context: null },
      { id: 'a/draw', outputs: ['image'] },
      { id: 'a/film', outputs: ['video'], perSecond: '0.1', prompt: '0' },
    ])
    const ids = (use: 'messages' | 'cache' | 'generate') =>
      kept.choices(snapshotId, use, '', 10).models.map((model) => model.id)
    expect(ids('messages')).toEqual(['a/chat', 'a/plain-chat'])
    expect(ids('cache')).toEqual(['a/chat'])
    // The chosen model comes with the page wherever it is listed, and only where the use lists it.
    expect(kept.choices(snapshotId, 'messages', 'plain', 10, 'a/chat')).toEqual({
      models: [{ id: 'a/plain-chat', name: 'a/plain-chat', roles: ['chat'] }],
      total: 1,
      chosen: { id: 'a/chat', name: 'a/chat', roles: ['chat'] },
    })
    expect(kept.choices(snapshotId, 'messages', '', 10, 'a/draw').chosen).toBeNull()
    expect(kept.picks(snapshotId, 'video', { text: '', limit: 10 })).toMatchObject({
      models: [{ id: 'a/film' }],
      total: 1,
    })
    const points = kept.points(snapshotId, emptyFilter, 1000)
    expect(points.total).toBe(4)
    expect(points.models).toEqual([
      { id: 'a/chat', name: 'a/chat', prompt: '0.000002' },
      { id: 'a/draw', name: 'a/draw', prompt: '0.000001' },
    ])
    expect(points.contexts).toEqual([1000, 8192])
    expect(points.prices).toEqual([2, 1])
  })

  it("find the model of a screen's list a request names, by id or a decision model's name without provider", () => {
    const { db, store: kept } = store()
    const { snapshotId } = keep(db, [
      { id: 'a/judge', params: ['safety_identifier'] },
      { id: 'b/judge', params: ['safety_identifier'] },
      { id: 'c/judge/2', params: ['safety_identifier'] },
      { id: 'a/draw', outputs: ['image'] },
      { id: 'a/chat' },
    ])
    const named = (kind: 'decision' | 'image', name: string) =>
      kept.named(snapshotId, kind, name).map((model) => model.id)
    expect(named('decision', 'b/judge')).toEqual(['b/judge'])
    // Both answer to the short name, in the service's order: the caller takes the one it can use.
    expect(named('decision', 'judge')).toEqual(['a/judge', 'b/judge'])
    // Without its provider, a name may hold a slash of its own.
    expect(named('decision', 'judge/2')).toEqual(['c/judge/2'])
    expect(named('image', 'a/draw')).toEqual(['a/draw'])
    // Only the screen's own list: a chat model is no image model, and a short name is a decision model's only.
    expect(named('image', 'a/chat')).toEqual([])
    expect(named('image', 'draw')).toEqual([])
    expect(named('decision', 'a/draw')).toEqual([])
    expect(named('decision', 'nobody')).toEqual([])
    expect(kept.named(snapshotId, 'image', 'a/draw')[0]).toMatchObject({ id: 'a/draw', object: 'model' })
  })

  it("give a screen's list a field's worth at a time, and what the image screen tells of its whole list", () => {
    const { db, store: kept } = store()
    const { snapshotId } = keep(db, [
      { id: 'a/paint', name: 'Paint', outputs: ['image'] },
      { id: 'b/retouch', name: 'Retouch', outputs: ['image'], inputs: ['text', 'image'] },
      { id: 'c/collage', name: 'Collage', outputs: ['image'], params: ['input_images'] },
      { id: 'a/chat', name: 'Paint talk' },
    ])
    const ids = (query: { text: string; limit: number; input?: string }) => {
      const { models, total } = kept.picks(snapshotId, 'image', query)
      return { ids: models.map((model) => model.id), total }
    }
    expect(ids({ text: '', limit: 2 })).toEqual({ ids: ['a/paint', 'b/retouch'], total: 3 })
    // Words of ids and names; a chat model is not on the image screen's list, whatever it is called.
    expect(ids({ text: 'paint', limit: 10 })).toEqual({ ids: ['a/paint'], total: 1 })
    expect(ids({ text: '', limit: 10, input: 'image' })).toEqual({ ids: ['b/retouch'], total: 1 })
    expect(kept.imageList(snapshotId)).toEqual({ cannotEdit: 2, takesReferences: true })
    // A catalog kept before these were kept with it has them counted.
    db.prepare("UPDATE snapshots SET facets_json = json_remove(facets_json, '$.imageList')").run()
    expect(kept.imageList(snapshotId)).toEqual({ cannotEdit: 2, takesReferences: true })
  })
})
