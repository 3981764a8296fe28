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
/** An idle period of `ms`. */
const idlePeriod = (ms: number) =>
  act(() => {
    const runs = [...waiting.values()]
    waiting.clear()
    for (const run of runs) run({ didTimeout: false, timeRemaining: () => ms })
  })

afterEach(() => {
  waiting.clear()
})

describe('useIdleWork', () => {
  it('takes one step in each idle period, in order, and drops the rest for a new list or on leaving', async () => {
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

    // However long the period, one step: a step may take longer on a loaded machine than the period says.
    await idlePeriod(50)
    expect(done).toEqual(['1a'])
    await idlePeriod(1)
    await idlePeriod(50)
    expect(done).toEqual(['1a', '1b', '1c'])

    // A new list: the old one's last steps are dropped, the new one starts from its first.
    const second = stepsOf('2')
    await act(async () => root.render(<Screen steps={second} />))
    await idlePeriod(50)
    await idlePeriod(50)
    expect(done).toEqual(['1a', '1b', '1c', '2a', '2b'])

    // None while there is nothing to do, and nothing after the screen closes.
    await act(async () => root.render(<Screen steps={null} />))
    await idlePeriod(50)
    await act(async () => root.render(<Screen steps={second} />))
    await act(async () => root.unmount())
    await idlePeriod(50)
    expect(done).toHaveLength(5)
    expect(waiting.size).toBe(0)
  })
})
