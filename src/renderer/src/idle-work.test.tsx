import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { useIdleWork } from './idle-work.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

// The page's idle periods, given by the test with the time each has left (happy-dom has no requestIdleCallback).
const waiting = new Map<number, (deadline: IdleDeadline) => void>()
let handles = 0
Object.assign(window, {
  requestIdleCallback: (run: (deadline: IdleDeadline) => void) => {
    waiting.set(++handles, run)
    return handles
  },
  cancelIdleCallback: (handle: number) => waiting.delete(handle),
})
/** An idle period of `ms`; each step done in it takes `stepMs` of it. */
const idlePeriod = (ms: number, stepMs: number, done: string[]) =>
  act(() => {
    const runs = [...waiting.values()]
    waiting.clear()
    for (const run of runs) {
      const before = done.length
      run({ didTimeout: false, timeRemaining: () => Math.max(0, ms - (done.length - before) * stepMs) })
    }
  })

afterEach(() => {
  waiting.clear()
})

describe('useIdleWork', () => {
  it('takes steps in order while an idle period has room, and drops the rest for a new list or on leaving', async () => {
    const done: string[] = []
    const stepsOf = (name: string) =>
      ['a', 'b', 'c', 'd', 'e'].map((step) => () => done.push(`${name}${step}`))
    function Screen(props: { steps: (() => void)[] | null }) {
      useIdleWork(props.steps)
      return null
    }
    const root = createRoot(document.createElement('div'))
    const first = stepsOf('1')
    await act(async () => root.render(<Screen steps={first} />))
    expect(done).toEqual([])

    // A 20 ms period, 5 ms a step: after two steps 10 ms are left, after three 5 ms, too little for a fourth.
    await idlePeriod(20, 5, done)
    expect(done).toEqual(['1a', '1b', '1c'])
    // A short period still takes one step.
    await idlePeriod(1, 5, done)
    expect(done).toEqual(['1a', '1b', '1c', '1d'])

    // A new list: the old one's last step is dropped, the new one starts from its first.
    const second = stepsOf('2')
    await act(async () => root.render(<Screen steps={second} />))
    await idlePeriod(14, 5, done)
    expect(done).toEqual(['1a', '1b', '1c', '1d', '2a', '2b'])

    // None while there is nothing to do, and nothing after the screen closes.
    await act(async () => root.render(<Screen steps={null} />))
    await idlePeriod(50, 1, done)
    await act(async () => root.render(<Screen steps={second} />))
    await act(async () => root.unmount())
    await idlePeriod(50, 1, done)
    expect(done).toHaveLength(6)
    expect(waiting.size).toBe(0)
  })
})
