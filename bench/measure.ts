// Small measuring helpers shared by the benchmarks.

import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from '@playwright/test'
import { findChromium } from '../scripts/testing/chromium.ts'

export { percentile } from './figures.ts'

export const ms = (value: number) => `${value.toFixed(2)} ms`

/** Runs `worker` on `connections` concurrent loops until `seconds` pass or `maxRequests` are sent. */
export async function load(options: {
  connections: number
  seconds: number
  maxRequests: number
  worker: () => Promise<void>
}): Promise<{ count: number; errors: number; elapsedMs: number; latencies: number[] }> {
  const latencies: number[] = []
  let sent = 0
  let errors = 0
  const deadline = performance.now() + options.seconds * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline && sent < options.maxRequests) {
        sent++
        const t0 = performance.now()
        try {
          await options.worker()
          latencies.push(performance.now() - t0)
        } catch {
          errors++
        }
      }
    }),
  )
  return { count: latencies.length, errors, elapsedMs: performance.now() - started, latencies }
}

/** Starts the sandbox as its own process, so its event loop is not the load generator's. */
export async function startSandboxProcess(args: string[]): Promise<{ url: string; stop(): void }> {
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, '..', 'src', 'sandbox', 'cli.ts'), ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /sandbox listening on (\S+)/.exec(chunk.toString())
      if (match?.[1]) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)))
  })
  return { url, stop: () => child.kill('SIGTERM') }
}

export interface OpenedHarness {
  page: Page
  browser: Browser
  version: string
  /** From starting the harness process to the first usable screen in the page. */
  launchedMs: number
  /** From starting the harness process to its core listening (what the main process does before a window). */
  coreStartMs: number
  /** From the page's navigation to the first screen's header painted (what the renderer does). */
  firstScreenMs: number
  /** The longest task in the page from its navigation to the first screen painted. */
  startLongestTaskMs: number
  /** Resident memory of the harness process, which runs the app's core (main process) in these runs. */
  coreRssMB(): number
  /** Each live thread's V8 heap and the memory its objects hold outside it, when opened with `threadHeaps`. */
  threadHeapsMB(): { thread: string; mb: number }[]
  /**
   * The longest the core's event loop was held (each hold of 10 ms or more is reported) in the window between
   * two `Date.now()` times; 0 when never.
   */
  longestCoreHold(from: number, to: number): Held
  /** The data worker's longest hold between two moments (epoch ms): what an answer to the page waited behind. */
  longestWorkerHold(from: number, to: number): Held
  /** The page's JavaScript heap after a full garbage collection. */
  heapMB(): Promise<number>
  /** Closes the page and the harness; the data folder goes too unless `keep`. */
  stop(options?: { keep?: boolean }): Promise<void>
}

/**
 * Waits until main holds `prefix` as the address to reopen. The page saves the address half a second after it
 * changes; a benchmark that restarts on a screen asks main until it has it.
 */
export async function addressSaved(page: Page, prefix: string): Promise<void> {
  await page.evaluate(async (wanted) => {
    const { bridge } = globalThis as unknown as {
      bridge: { invoke(route: string, input: object): Promise<{ data?: { views: Record<string, string> } }> }
    }
    while (!(await bridge.invoke('preferences.get', {})).data?.views.last?.startsWith(wanted))
      await new Promise((resolve) => setTimeout(resolve, 50))
  }, prefix)
}

/** Data folders of harnesses still open: removed when the benchmark ends, even when it fails. */
const removedAtExit = new Set<string>()
process.once('exit', () => {
  for (const folder of removedAtExit) {
    rmSync(folder, { recursive: true, force: true })
    rmSync(`${folder}.keychain`, { force: true })
  }
})

/** A stretch the loop was held: its length, the thread's own CPU time in it, and when it ended (epoch ms). */
interface Hold {
  ms: number
  cpuMs: number
  until: number
}

/** The holds in a window of time: the longest, and the most of the thread's own CPU time any of them took. */
export interface Held {
  /** The longest hold (ms), 0 when none. */
  ms: number
  /** The thread's own CPU time in that hold: the rest it waited for a core or the disk. */
  cpuMs: number
  /** The most CPU time any hold in the window took: the longest stretch of the thread's own work. */
  mostCpuMs: number
  /** The longest hold of a process that does nothing but time itself, over the same window: the machine's floor. */
  floorMs: number
}

/** A line a thread's hold reporter prints (`report-blocks.ts`), read; null for any other line. */
function holdOf(line: string): (Hold & { who: string }) | null {
  const held = /^(.+) held ([\d.]+) ms \(cpu ([\d.]+) ms\) until (\d+)$/.exec(line)
  if (!held) return null
  if (process.env.BENCH_SHOW_HOLDS) console.error(`${new Date(Number(held[4])).toISOString()} ${line}`)
  return { who: held[1] ?? '', ms: Number(held[2]), cpuMs: Number(held[3]), until: Number(held[4]) }
}

/** Each whole line `stream` prints, as it comes. */
function eachLine(stream: NodeJS.ReadableStream, take: (line: string) => void) {
  let pending = ''
  stream.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) take(line)
  })
}

/**
 * A Node process that does nothing but time its own loop as the app's threads are timed. When a core is free it is
 * never held; when every core is taken (by the page, the browser, the benchmark) it waits like any thread, so its
 * longest hold beside a thread's says how much of that thread's was the machine's.
 */
function startIdleProcess() {
  const holds: Hold[] = []
  const reporter = join(import.meta.dirname, '..', 'src', 'main', 'core', 'workers', 'report-blocks.ts')
  const idle = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import(${JSON.stringify(reporter)}).then((m) => { m.reportBlocksWhenAsked('idle process'); setInterval(() => {}, 2 ** 30) })`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, GATEWAY_DESK_REPORT_BLOCKS: '1' } },
  )
  eachLine(idle.stdout, (line) => {
    const hold = holdOf(line)
    if (hold) holds.push(hold)
  })
  const stop = () => idle.kill('SIGTERM')
  process.once('exit', stop)
  return {
    holds,
    stop() {
      stop()
      process.off('exit', stop)
    },
  }
}

/** The holds that overlap the moments `from`–`to` (epoch ms), beside the idle process's over the same. */
function heldIn(holds: Hold[], floor: Hold[], from: number, to: number): Held {
  const overlapping = (all: Hold[]) => all.filter((hold) => hold.until >= from && hold.until - hold.ms <= to)
  const within = overlapping(holds)
  const longest = within.reduce<Hold | null>((a, b) => (a && a.ms >= b.ms ? a : b), null)
  return {
    ms: longest?.ms ?? 0,
    cpuMs: longest?.cpuMs ?? 0,
    mostCpuMs: Math.max(0, ...within.map((hold) => hold.cpuMs)),
    floorMs: Math.max(0, ...overlapping(floor).map((hold) => hold.ms)),
  }
}

/**
 * How a hold figure says what held the thread: its own work, or waiting for one of the machine's cores; and how
 * long a process doing nothing waited meanwhile.
 */
export const heldDetail = (held: Held) =>
  `${
    held.ms === 0
      ? 'never held 10 ms'
      : `its own CPU time in the longest ${held.cpuMs.toFixed(1)} ms; the most in any hold ${held.mostCpuMs.toFixed(1)} ms`
  }; a process doing nothing was held ${held.floorMs.toFixed(1)} ms meanwhile (the machine's floor)`

/** The app in the e2e harness on a data folder, opened in Chromium and ready. */
export async function openHarness(
  userData: string,
  args: string[] = [],
  /** Keep each thread's V8 heap in files (bench/thread-heaps.cjs), for `threadHeapsMB`. */
  options: { threadHeaps?: boolean } = {},
): Promise<OpenedHarness> {
  const heaps = options.threadHeaps ? mkdtempSync(join(tmpdir(), 'gd-bench-heaps-')) : null
  if (heaps) removedAtExit.add(heaps)
  const launched = performance.now()
  removedAtExit.add(userData)
  const harness = spawn(
    process.execPath,
    [
      ...(heaps ? ['--require', join(import.meta.dirname, 'thread-heaps.cjs')] : []),
      join(import.meta.dirname, '..', 'e2e', 'harness', 'cli.ts'),
      '--user-data',
      userData,
      '--report-blocks',
      ...args,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...(heaps ? { GD_THREAD_HEAPS: heaps } : {}) },
    },
  )
  const holds: Hold[] = []
  const workerHolds: Hold[] = []
  const url = await new Promise<string>((resolve) => {
    eachLine(harness.stdout, (line) => {
      const hold = holdOf(line)
      if (hold?.who === 'event loop') holds.push(hold)
      if (hold?.who === 'data worker') workerHolds.push(hold)
      const listening = /harness listening on (\S+)/.exec(line)
      if (listening?.[1]) resolve(listening[1])
    })
  })
  const idle = startIdleProcess()
  const coreStartMs = performance.now() - launched
  // However the run ends, the harness goes with it.
  const kill = () => harness.kill('SIGTERM')
  process.once('exit', kill)
  const browser = await chromium.launch({
    executablePath: findChromium().path ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  // In the page from its first moment: when the first screen's header has been painted.
  await page.addInitScript(() => {
    const scope = globalThis as unknown as {
      document: { querySelector(selector: string): unknown }
      MutationObserver: new (
        callback: () => void,
      ) => { observe(target: unknown, options: object): void; disconnect(): void }
      requestAnimationFrame(callback: () => void): void
      setTimeout(callback: () => void, ms: number): void
      PerformanceObserver: new (
        callback: (list: { getEntries(): { startTime: number; duration: number }[] }) => void,
      ) => {
        observe(options: object): void
        takeRecords(): { startTime: number; duration: number }[]
      }
      firstScreenAt?: number
      startTasks: { startTime: number; duration: number }[]
      startObserver: { takeRecords(): { startTime: number; duration: number }[] }
    }
    scope.startTasks = []
    const longTasks = new scope.PerformanceObserver((list) => scope.startTasks.push(...list.getEntries()))
    longTasks.observe({ type: 'longtask', buffered: true })
    scope.startObserver = longTasks
    const observer = new scope.MutationObserver(() => {
      if (!scope.document.querySelector('main h1')) return
      observer.disconnect()
      scope.requestAnimationFrame(() => scope.setTimeout(() => (scope.firstScreenAt = performance.now()), 0))
    })
    observer.observe(scope.document, { subtree: true, childList: true })
  })
  await page.goto(url)
  await page.waitForFunction(
    () => (globalThis as { firstScreenAt?: number }).firstScreenAt !== undefined,
    null,
    {
      timeout: 120_000,
    },
  )
  const launchedMs = performance.now() - launched
  const firstScreenMs = await page.evaluate(
    () => (globalThis as unknown as { firstScreenAt: number }).firstScreenAt,
  )
  const startLongestTaskMs = await page.evaluate(() => {
    const scope = globalThis as unknown as {
      firstScreenAt: number
      startTasks: { startTime: number; duration: number }[]
      startObserver: { takeRecords(): { startTime: number; duration: number }[] }
    }
    scope.startTasks.push(...scope.startObserver.takeRecords())
    const tasks = scope.startTasks.filter((task) => task.startTime < scope.firstScreenAt)
    return Math.max(0, ...tasks.map((task) => task.duration))
  })
  await page.locator('[data-app-ready]').waitFor({ timeout: 120_000 })
  const cdp = await page.context().newCDPSession(page)
  return {
    page,
    browser,
    version: browser.version(),
    launchedMs,
    coreStartMs,
    firstScreenMs,
    startLongestTaskMs,
    longestCoreHold: (from, to) => heldIn(holds, idle.holds, from, to),
    longestWorkerHold: (from, to) => heldIn(workerHolds, idle.holds, from, to),
    threadHeapsMB() {
      if (!heaps) return []
      return readdirSync(heaps)
        .filter((name) => name.endsWith('.json'))
        .map((name) => {
          const id = name.slice(0, -'.json'.length)
          const heap = JSON.parse(readFileSync(join(heaps, name), 'utf8')) as {
            total: number
            external: number
          }
          const named = join(heaps, `${id}.name`)
          const thread =
            id === '0' ? 'main' : existsSync(named) ? readFileSync(named, 'utf8') : `thread ${id}`
          return { thread, mb: (heap.total + heap.external) / 2 ** 20 }
        })
    },
    coreRssMB() {
      const status = readFileSync(`/proc/${harness.pid}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024
    },
    async heapMB() {
      await cdp.send('HeapProfiler.collectGarbage')
      const { usedSize } = await cdp.send('Runtime.getHeapUsage')
      return usedSize / 2 ** 20
    },
    async stop(options = {}) {
      await browser.close()
      idle.stop()
      const exited = new Promise((resolve) => harness.once('exit', resolve))
      harness.kill('SIGTERM')
      await exited
      process.off('exit', kill)
      if (heaps) rmSync(heaps, { recursive: true, force: true })
      if (options.keep) return
      // A benchmark leaves nothing behind: its data folder and keychain go with it.
      await rm(userData, { recursive: true, force: true })
      await rm(`${userData}.keychain`, { force: true })
      removedAtExit.delete(userData)
    },
  }
}
