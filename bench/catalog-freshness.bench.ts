// A search typed after the kept catalog went stale, at 50,000 models served by the sandbox (all three listing
// styles): the catalog service answers from what is kept and refreshes behind, so the search's answer does not
// wait for the refresh. The refresh's own time is what such a read used to wait for. The service runs here with
// its fetch and keep in this thread (in the app they run in the background worker, beside the data worker).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSandbox } from '#sandbox/server'
import { openCatalogDatabase } from '../src/main/core/catalog/catalog-db.ts'
import { catalogFetching } from '../src/main/core/catalog/fetching.ts'
import { createCatalogService } from '../src/main/core/catalog/service.ts'
import { createCatalogStore } from '../src/main/core/catalog/store.ts'
import { inProcess } from '../src/main/testing/in-process.ts'
import { heading, report } from './figures.ts'
import { percentile } from './measure.ts'

const models = Number(process.argv[2] ?? 50_000)
const sandbox = await startSandbox({ syntheticModels: models })
const folder = mkdtempSync(join(tmpdir(), 'gd-bench-freshness-'))
try {
  const db = openCatalogDatabase(join(folder, 'catalog.db'), [])
  let clock = Date.now()
  let landed: () => void = () => {}
  const catalog = createCatalogService({
    store: createCatalogStore(db),
    background: inProcess(catalogFetching(() => db)),
    now: () => clock,
    onChanged: () => landed(),
  })
  const source = { profileId: 'bench', baseUrl: sandbox.url }
  const firstKeep = performance.now()
  await catalog.overview(source, false)
  const keptIn = performance.now() - firstKeep

  const searches: number[] = []
  const refreshes: number[] = []
  for (const text of ['syn', 'model 4', 'vision', 'chat 12', 'a']) {
    // The kept catalog turns old: the next search starts a refresh behind and answers from what is kept.
    clock += 6 * 60_000
    const refreshed = new Promise<void>((resolve) => {
      landed = resolve
    })
    const typed = performance.now()
    await catalog.picks(source, 'decision', { text, limit: 50, chosen: '' })
    searches.push(performance.now() - typed)
    await refreshed
    refreshes.push(performance.now() - typed)
  }
  db.close()
  const count = models.toLocaleString('en-US')
  heading(`the catalog's freshness (${count} models, ${searches.length} searches)`)
  report({ name: `first keep of ${count} models`, value: keptIn, unit: 'ms' })
  report({
    name: `a search after the kept catalog went stale, ${count} models, p50`,
    value: percentile(searches, 50),
    unit: 'ms',
    goal: { atMost: 250 },
    detail: 'answered from the kept catalog while the refresh runs behind',
  })
  report({
    name: `the refresh behind it, until the screens are told, ${count} models, p50`,
    value: percentile(refreshes, 50),
    unit: 'ms',
    detail: 'what such a search waited for when a stale catalog was fetched before answering',
  })
} finally {
  // The folder first: it goes even when closing the sandbox fails or the run is cut short after it.
  rmSync(folder, { recursive: true, force: true })
  await sandbox.close()
}
