// What changed reaches the window once per turn of the loop, every topic of the turn together; other events go
// at once.
import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, it, vi } from 'vitest'
import { createEventBus } from './events.ts'

describe('the event bus', () => {
  it('tells a burst of changes once, with every topic in it, and other events at once', async () => {
    const bus = createEventBus()
    const told: unknown[] = []
    bus.subscribe((event, payload) => told.push([event, payload]))
    for (let write = 0; write < 50; write++) bus.emit('data.changed', { topics: ['videos'] })
    bus.emit('data.changed', { topics: ['deliveries', 'videos'] })
    bus.emit('app.navigate', { path: '/videos' })
    expect(told).toEqual([['app.navigate', { path: '/videos' }]])
    await nextTurn()
    expect(told.slice(1)).toEqual([['data.changed', { topics: ['videos', 'deliveries'] }]])
    bus.emit('data.changed', { topics: ['spend'] })
    await nextTurn()
    expect(told.slice(2)).toEqual([['data.changed', { topics: ['spend'] }]])
  })

  it('tells a paced topic at most once a pace, after its first change, and the others at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate'] })
    try {
      const bus = createEventBus(undefined, { batches: 200 })
      const told: unknown[] = []
      bus.subscribe((_, payload) => told.push(payload))
      for (let row = 0; row < 50; row++) bus.emit('data.changed', { topics: ['batches'] })
      bus.emit('data.changed', { topics: ['videos'] })
      await vi.advanceTimersByTimeAsync(0)
      expect(told).toEqual([{ topics: ['videos'] }])
      await vi.advanceTimersByTimeAsync(150)
      expect(told).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(100)
      expect(told).toEqual([{ topics: ['videos'] }, { topics: ['batches'] }])
      // The next change starts the next pace.
      bus.emit('data.changed', { topics: ['batches'] })
      await vi.advanceTimersByTimeAsync(250)
      expect(told).toHaveLength(3)
    } finally {
      vi.useRealTimers()
    }
  })
})
