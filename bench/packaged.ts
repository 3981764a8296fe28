// The shipped app under the Electron stand-in, for the start figure: `out/` packed by electron-builder into a
// folder of this run (removed at exit), then launched as the packaged e2e project launches it.
import { rmSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stagePackagedApp } from '../e2e/electron/stage.ts'
import { launchPackaged } from '../e2e/fixtures/packaged.ts'

/** Packs the built app once; the folder goes when the benchmark's process exits (a failure included). */
export async function stagedApp(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'gd-bench-packaged-'))
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }))
  return stagePackagedApp(folder)
}

/** A data folder for the packed app, with the stand-in's records beside it; all removed when the process exits. */
export async function standInDataFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'gd-bench-standin-'))
  process.once('exit', () => {
    for (const path of [folder, `${folder}.ipc.jsonl`, `${folder}.electron.jsonl`, `${folder}.keychain`])
      rmSync(path, { recursive: true, force: true })
  })
  return folder
}

export interface StandInStart {
  /** From starting the main process to the first screen's title painted (Element Timing, same wall clock). */
  total: number
  /** From starting the main process to the window's page starting to load. */
  window: number
  /** From the page starting to load to the title painted. */
  page: number
}

/** Launches the packed app on `userData` and times its start. */
export async function startUnderStandIn(appPath: string, userData: string): Promise<StandInStart> {
  const launched = Date.now()
  const app = await launchPackaged({
    appPath,
    userData,
    sandboxTimeScale: '1',
    colorScheme: 'light',
  })
  try {
    const titlePainted = app.page.evaluate(
      () =>
        new Promise<{ origin: number; title: number }>((resolve) => {
          const scope = globalThis as unknown as {
            PerformanceObserver: new (
              callback: (list: { getEntries(): { identifier?: string; renderTime: number }[] }) => void,
            ) => { observe(options: object): void }
          }
          new scope.PerformanceObserver((list) => {
            const title = list.getEntries().find((entry) => entry.identifier === 'screen-title')
            if (title) resolve({ origin: performance.timeOrigin, title: title.renderTime })
          }).observe({ type: 'element', buffered: true })
        }),
    )
    const painted = await Promise.race([
      titlePainted,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the first screen painted no title within 60 s')), 60_000).unref(),
      ),
    ])
    const window = painted.origin - launched
    return { total: window + painted.title, window, page: painted.title }
  } finally {
    await app.stop()
  }
}
