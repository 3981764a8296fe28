// A page of the model browser's table read in the data worker, at 50,000 models served by the sandbox: the page
// after the one before it (scrolling), a page at a position with no filter (both a range of the sort order's
// index), and a jump to a position in a filtered view (End, the scrollbar): the first marks the view's order in
// one pass, later ones read a range after a mark. Each read holds the data worker, so each is held to one frame.
// Every view × sort × direction is read halfway down; the slowest is reported.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSandbox } from '#sandbox/server'
import { emptyFilter, type ModelFilter, type SortColumn } from '#shared/domain/catalog-view'
import { openCatalogDatabase } from '../src/main/core/catalog/catalog-db.ts'
import { catalogFetching } from '../src/main/core/catalog/fetching.ts'
import { createCatalogService } from '../src/main/core/catalog/service.ts'
import { type CatalogCursor, createCatalogStore } from '../src/main/core/catalog/store.ts'
import { inProcess } from '../src/main/testing/in-process.ts'
import { heading, oneFrame, report } from './figures.ts'
import { percentile } from './measure.ts'

const models = Number(process.argv[2] ?? 50_000)
const sandbox = await startSandbox({ syntheticModels: models })
const folder = mkdtempSync(join(tmpdir(), 'gd-bench-pages-'))
try {
  const db = openCatalogDatabase(join(folder, 'catalog.db'), [])
  const store = createCatalogStore(db)
  const catalog = createCatalogService({
    store,
    background: inProcess(catalogFetching(() => db)),
    now: () => Date.now(),
    onChanged: () => {},
  })
  const source = { profileId: 'bench', baseUrl: sandbox.url }
  const { size } = await catalog.overview(source, false)
  const snapshotId = store.latest('bench')?.id ?? 0
  heading(`catalog pages, ${size.toLocaleString('en-US')} models kept`)

  const views: [string, ModelFilter][] = [
    ['no filter', emptyFilter],
    ['reads images', { ...emptyFilter, input: 'image' }],
    ['words “chat”', { ...emptyFilter, text: 'chat' }],
    ['one provider', { ...emptyFilter, provider: 'vendor07' }],
  ]
  const sorts: SortColumn[] = ['id', 'prompt', 'contextLength', 'expirationDate']
  const limit = 50
  const timed = (read: () => unknown) => {
    const samples: number[] = []
    for (let run = 0; run < 5; run++) {
      const started = performance.now()
      read()
      samples.push(performance.now() - started)
    }
    return percentile(samples, 50)
  }
  const slowest = { after: [0, ''], position: [0, ''], first: [0, ''], jump: [0, ''] } as Record<
    string,
    [number, string]
  >
  const note = (kind: string, ms: number, what: string) => {
    if (ms > (slowest[kind]?.[0] ?? 0)) slowest[kind] = [ms, what]
  }
  for (const [label, filter] of views)
    for (const sort of sorts)
      for (const descending of [false, true]) {
        const query = { filter, sort, descending, limit }
        const total = store.page(snapshotId, { ...query, offset: 0 }, true).total ?? 0
        const half = Math.floor(total / 2 / limit) * limit
        const what = `${label}, by ${sort}${descending ? ' down' : ''}`
        const at = (offset: number, after?: CatalogCursor) =>
          store.page(snapshotId, { ...query, offset, after }, false)
        const before = at(Math.max(0, half - limit))
        if (before.next)
          note(
            'after',
            timed(() => at(half, before.next ?? undefined)),
            what,
          )
        if (filter !== emptyFilter) {
          const started = performance.now()
          at(half)
          note('first', performance.now() - started, what)
        }
        note(
          filter === emptyFilter ? 'position' : 'jump',
          timed(() => at(half)),
          what,
        )
      }
  const figure = (kind: string, name: string) => {
    const [value, what] = slowest[kind] ?? [0, '']
    report({ name, value, unit: 'ms', goal: { atMost: oneFrame }, detail: `slowest: ${what}, halfway down` })
  }
  figure('after', 'page after the one before it (scrolling), slowest view')
  figure('position', 'page at a position with no filter, slowest order')
  figure('first', 'first jump into a filtered view (marks its order), slowest')
  figure('jump', 'later jump into a filtered view (after a mark), slowest')
} finally {
  await sandbox.close()
  rmSync(folder, { recursive: true, force: true })
}
