import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { usePrefetchWhenIdle } from './paged-rows.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

// The page's idle time, run when the test says the page is idle (happy-dom has no requestIdleCallback).
const waiting = new Map<number, () => void>()
let handles = 0
Object.assign(window, {
  requestIdleCallback: (run: () => void) => {
    waiting.set(++handles, run)
    return handles
  },
  cancelIdleCallback: (handle: number) => waiting.delete(handle),
})
/** Time passes (`ms`), then the page is idle. */
const idle = (ms = 500) =>
  act(() => {
    vi.advanceTimersByTime(ms)
    const runs = [...waiting.values()]
    waiting.clear()
    for (const run of runs) run()
  })

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  waiting.clear()
  document.body.innerHTML = ''
})

describe('usePrefetchWhenIdle', () => {
  it('asks once the page is idle, again when what to ask for changes, and not after the screen closes', async () => {
    const asked: string[] = []
    function Board(props: { filter: string; shown: number }) {
      usePrefetchWhenIdle(props.filter, () => [
        async () => asked.push(`${props.filter} (${props.shown} shown)`),
      ])
      return null
    }
    const root = createRoot(document.createElement('div'))
    await act(async () => root.render(<Board filter="q=cat" shown={1} />))
    expect(asked).toEqual([])
    // The first time, as soon as the page is idle.
    await idle(0)
    expect(asked).toEqual(['q=cat (1 shown)'])

    // A render with the same key asks nothing more.
    await act(async () => root.render(<Board filter="q=cat" shown={2} />))
    await idle()
    expect(asked).toHaveLength(1)

    // A new key asks again, with what the screen shows by then; keys typed one after another ask only for the
    // last, once it has settled.
    await act(async () => root.render(<Board filter="q=d" shown={3} />))
    await idle(0)
    expect(asked).toHaveLength(1)
    await idle(300)
    await act(async () => root.render(<Board filter="q=do" shown={3} />))
    await idle(300)
    await act(async () => root.render(<Board filter="q=dogs" shown={4} />))
    await idle(300)
    expect(asked).toHaveLength(1)
    await idle(200)
    expect(asked).toEqual(['q=cat (1 shown)', 'q=dogs (4 shown)'])

    await act(async () => root.render(<Board filter="q=bird" shown={5} />))
    await act(async () => root.unmount())
    await idle()
    expect(asked).toHaveLength(2)
  })

  it('asks nothing while the screen does not know what to ask for, and then as soon as the page is idle', async () => {
    const asked: string[] = []
    function Catalog(props: { providers: string[] | null }) {
      usePrefetchWhenIdle(props.providers && JSON.stringify(props.providers), () => [
        async () => asked.push(props.providers?.join(',') ?? 'nothing to ask'),
      ])
      return null
    }
    const root = createRoot(document.createElement('div'))
    await act(async () => root.render(<Catalog providers={null} />))
    await idle()
    expect(asked).toEqual([])
    // The providers arrive: the first ask, without waiting for a key to settle.
    await act(async () => root.render(<Catalog providers={['aurora', 'vendor01']} />))
    await idle(0)
    expect(asked).toEqual(['aurora,vendor01'])
    // Later changes wait to settle, as before.
    await act(async () => root.render(<Catalog providers={['aurora']} />))
    await idle(0)
    expect(asked).toHaveLength(1)
    await idle(500)
    expect(asked).toEqual(['aurora,vendor01', 'aurora'])
    await act(async () => root.unmount())
  })

  it('asks one page after another, each once the one before is answered, pausing while the key changes, until the screen closes', async () => {
    const asked: string[] = []
    const answers = new Map<string, () => void>()
    const ask = (page: string) => () => {
      asked.push(page)
      return new Promise<void>((resolve) => answers.set(page, resolve))
    }
    function Board(props: { filter: string }) {
      usePrefetchWhenIdle(props.filter, () =>
        ['a', 'b', 'c'].map((status) => ask(`${props.filter} ${status}`)),
      )
      return null
    }
    const root = createRoot(document.createElement('div'))
    await act(async () => root.render(<Board filter="q=cat" />))
    await idle(0)
    expect(asked).toEqual(['q=cat a'])
    await act(async () => answers.get('q=cat a')?.())
    expect(asked).toEqual(['q=cat a', 'q=cat b'])
    // Another filter (a keystroke): nothing more is asked until it has settled and the page is idle; then the
    // new filter's pages come first, and the last one's that were left follow, one at a time.
    await act(async () => root.render(<Board filter="q=dog" />))
    await act(async () => answers.get('q=cat b')?.())
    expect(asked).toEqual(['q=cat a', 'q=cat b'])
    await idle(300)
    await act(async () => root.render(<Board filter="q=dogs" />))
    await idle(300)
    expect(asked).toEqual(['q=cat a', 'q=cat b'])
    await idle(200)
    expect(asked).toEqual(['q=cat a', 'q=cat b', 'q=dogs a'])
    await act(async () => answers.get('q=dogs a')?.())
    await act(async () => answers.get('q=dogs b')?.())
    expect(asked).toEqual(['q=cat a', 'q=cat b', 'q=dogs a', 'q=dogs b', 'q=dogs c'])
    // The screen closes: nothing more is asked.
    await act(async () => root.unmount())
    await act(async () => answers.get('q=dogs c')?.())
    await idle()
    expect(asked).toHaveLength(5)
  })
})
