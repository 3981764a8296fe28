// Interaction timing in the page, as the Event Timing API and INP measure it: from the input event's own
// timestamp (when the key went down, or the button was released, before any handler ran) to the first moment
// after the frame that shows the result has been painted. A click is one interaction of several events, as in
// INP: its latency is the longer of the press (pointerdown to the next frame) and the release (pointerup to the
// frame that shows the result); the time the button is held down is not counted. Long tasks and frame gaps are
// watched the whole time.
import type { Browser, Page } from '@playwright/test'

interface LongTask {
  startTime: number
  duration: number
}

/** The few page APIs the watcher uses, typed by hand (this folder is checked for Node, not the DOM). */
interface PageScope {
  document: {
    addEventListener(type: string, listener: (event: { timeStamp: number }) => void, capture: boolean): void
    querySelector(selector: string): unknown
  }
  MutationObserver: new (
    callback: () => void,
  ) => { observe(target: unknown, options: object): void; disconnect(): void }
  MessageChannel: new () => {
    port1: { onmessage: (() => void) | null }
    port2: { postMessage(value: unknown): void }
  }
  PerformanceObserver: new (
    callback: (list: { getEntries(): LongTask[] }) => void,
  ) => { observe(options: { type: string; buffered?: boolean }): void; takeRecords(): LongTask[] }
  requestAnimationFrame(callback: (at: number) => void): void
  benchWatch: {
    /** Set by `timed`: the next input event starts the one interaction it measures. */
    armed: boolean
    pending: number | null
    /** The pending interaction's press, pointerdown to the frame after it (null until painted, or no press). */
    press: number | null
    /** When the press that `press` belongs to went down. */
    pressedAt: number | null
    samples: number[]
    /** For clicks: from the button going down to the result, the time it was held included. */
    fromPress: number[]
    longTasks: number[]
    /** Long tasks that started before this moment were taken already (or came before the watch). */
    countFrom: number
    /** Counts the long tasks it is given (from its callback, or taken at once before samples are read). */
    countLongTasks(entries: LongTask[]): void
    longTaskObserver: { takeRecords(): LongTask[] } | null
    frames: number[] | null
    observer: { disconnect(): void } | null
    /** Whether the frame after an input event ends the interaction (a field showing what was typed). */
    inField: boolean
    /** Records the interaction that started at `started` once the next frame has been painted. */
    finish(started: number): void
  }
}

/** Installs the watcher once per page: input events, long tasks. */
export async function watchInteractions(page: Page): Promise<void> {
  await page.evaluate(() => {
    const scope = globalThis as unknown as PageScope
    if (scope.benchWatch) return
    scope.benchWatch = {
      armed: false,
      pending: null,
      press: null,
      pressedAt: null,
      samples: [],
      fromPress: [],
      longTasks: [],
      // Long tasks from now on: the buffered ones of what came before (a first load, another screen) are not these.
      countFrom: performance.now(),
      countLongTasks(entries) {
        for (const entry of entries)
          if (entry.startTime >= this.countFrom) this.longTasks.push(entry.duration)
      },
      longTaskObserver: null,
      frames: null,
      observer: null,
      inField: false,
      finish(started) {
        // rAF runs before the frame is painted; a message posted from it arrives after.
        scope.requestAnimationFrame(() => {
          const channel = new scope.MessageChannel()
          channel.port1.onmessage = () => {
            const watch = scope.benchWatch
            watch.samples.push(Math.max(performance.now() - started, watch.press ?? 0))
            if (watch.pressedAt !== null) watch.fromPress.push(performance.now() - watch.pressedAt)
          }
          channel.port2.postMessage(null)
        })
      },
    }
    // Bubbling to the document, after the app's own handlers have run.
    scope.document.addEventListener(
      'input',
      () => {
        const watch = scope.benchWatch
        if (!watch.inField || watch.pending === null) return
        watch.finish(watch.pending)
        watch.pending = null
      },
      false,
    )
    const start = (event: { timeStamp: number; type?: string }) => {
      const watch = scope.benchWatch
      if (!watch.armed) return
      watch.armed = false
      watch.pending = event.timeStamp
      watch.press = null
      watch.pressedAt = event.type === 'pointerdown' ? event.timeStamp : null
      if (event.type !== 'pointerdown') return
      scope.requestAnimationFrame(() => {
        const channel = new scope.MessageChannel()
        channel.port1.onmessage = () => {
          if (watch.pressedAt === event.timeStamp) watch.press = performance.now() - event.timeStamp
        }
        channel.port2.postMessage(null)
      })
    }
    for (const type of ['keydown', 'pointerdown', 'wheel', 'input', 'change'])
      scope.document.addEventListener(type, start, true)
    // The release of a press that has shown nothing yet: what the click changes is timed from here.
    scope.document.addEventListener(
      'pointerup',
      (event: { timeStamp: number }) => {
        if (scope.benchWatch.pending !== null) scope.benchWatch.pending = event.timeStamp
      },
      true,
    )
    const longTasks = new scope.PerformanceObserver((list) =>
      scope.benchWatch.countLongTasks(list.getEntries()),
    )
    longTasks.observe({ type: 'longtask', buffered: true })
    scope.benchWatch.longTaskObserver = longTasks
  })
}

/**
 * From now on, a change under `selector` ends the pending interaction — once an element matching `until` is
 * there, when given (a screen that shows its frame first and its content after is done with its content).
 */
export async function resultShownIn(page: Page, selector: string, until?: string): Promise<void> {
  await page.evaluate(
    ([target, ready]) => {
      const scope = globalThis as unknown as PageScope
      const watch = scope.benchWatch
      watch.observer?.disconnect()
      watch.inField = false
      const observer = new scope.MutationObserver(() => {
        const started = watch.pending
        if (started === null) return
        if (ready && !scope.document.querySelector(ready)) return
        watch.pending = null
        watch.finish(started)
      })
      observer.observe(scope.document.querySelector(target), {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      })
      watch.observer = observer
    },
    [selector, until] as const,
  )
}

/** From now on, the frame after the input event ends the interaction: typing into a field shows in the field. */
export async function resultInField(page: Page): Promise<void> {
  await page.evaluate(() => {
    const watch = (globalThis as unknown as PageScope).benchWatch
    watch.observer?.disconnect()
    watch.observer = null
    watch.inField = true
  })
}

/**
 * Runs `act` (one input) and waits until the page has shown its result. The input must change what is under
 * the watched element; an input that shows nothing new would never end.
 */
export async function timed(page: Page, act: () => Promise<void>): Promise<void> {
  const before = await page.evaluate(() => {
    const watch = (globalThis as unknown as PageScope).benchWatch
    watch.pending = null
    watch.press = null
    watch.pressedAt = null
    watch.armed = true
    return watch.samples.length
  })
  await act()
  await page.waitForFunction(
    (count) => (globalThis as unknown as PageScope).benchWatch.samples.length > count,
    before,
    { polling: 'raf', timeout: 60_000 },
  )
}

/** The interaction latencies and long tasks since the last call, and clears them. */
export async function takeSamples(
  page: Page,
): Promise<{ samples: number[]; fromPress: number[]; longTasks: number[] }> {
  return page.evaluate(() => {
    const watch = (globalThis as unknown as PageScope).benchWatch
    // Entries not yet handed to the callback belong to the samples taken now, not to the next ones.
    watch.countLongTasks(watch.longTaskObserver?.takeRecords() ?? [])
    const taken = { samples: watch.samples, fromPress: watch.fromPress, longTasks: watch.longTasks }
    watch.samples = []
    watch.fromPress = []
    watch.longTasks = []
    watch.countFrom = performance.now()
    return taken
  })
}

/** Records the gap between frames while `act` runs (scrolling, say); answers the gaps in ms. */
export async function frameGaps(page: Page, act: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const scope = globalThis as unknown as PageScope
    const frames: number[] = []
    scope.benchWatch.frames = frames
    const tick = (at: number) => {
      if (scope.benchWatch.frames !== frames) return
      frames.push(at)
      scope.requestAnimationFrame(tick)
    }
    scope.requestAnimationFrame(tick)
  })
  await act()
  const frames = await page.evaluate(() => {
    const scope = globalThis as unknown as PageScope
    const taken = scope.benchWatch.frames ?? []
    scope.benchWatch.frames = null
    return taken
  })
  return frames.slice(1).map((at, index) => at - frames[index]!)
}

/**
 * The browser's own floor on this machine: keystrokes on a page with one field and one line of text that
 * follows it, and clicks on a button that changes that line. No screen of the app can answer faster than this.
 */
export async function browserFloor(browser: Browser): Promise<{ keys: number[]; clicks: number[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await page.setContent(
    `<input id="field"><button id="count" type="button">Count</button><output id="echo"></output><script>
      let clicks = 0
      field.oninput = () => { echo.textContent = field.value }
      count.onclick = () => { echo.textContent = \`\${++clicks} clicks\` }
    </script>`,
  )
  await watchInteractions(page)
  await resultShownIn(page, '#echo')
  await page.focus('#field')
  for (let key = 0; key < 60; key++)
    await timed(page, () => page.keyboard.press(String.fromCharCode(97 + (key % 26))))
  const keys = await takeSamples(page)
  for (let click = 0; click < 40; click++) await timed(page, () => page.click('#count'))
  const clicks = await takeSamples(page)
  await page.close()
  return { keys: keys.samples, clicks: clicks.samples }
}
