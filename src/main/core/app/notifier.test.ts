// One notification for a burst, each kind off when the person says so, and each one opens what it is about.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppNotification } from '../platform.ts'
import { burstMs, createNotifier, type Notice } from './notifier.ts'

const video = (id: string, outcome: 'ready' | 'failed'): Notice => ({
  kind: 'videos',
  title: outcome === 'ready' ? 'Video is ready' : 'Video failed',
  body: `Prompt ${id}`,
  path: `/videos?job=${id}`,
  noun: { one: 'video', many: 'videos' },
  outcome,
  listPath: '/videos',
})

describe('notifications', () => {
  let shown: AppNotification[]
  const enabled = { videos: true, batches: true, budgets: true }
  beforeEach(() => {
    vi.useFakeTimers()
    shown = []
  })
  afterEach(() => vi.useRealTimers())
  const notifier = () =>
    createNotifier({ platform: { notify: (one) => void shown.push(one) }, enabled: (kind) => enabled[kind] })

  it('says one job on its own, opening that job', () => {
    const n = notifier()
    n.notify(video('a', 'ready'))
    expect(shown).toEqual([])
    vi.advanceTimersByTime(burstMs)
    expect(shown).toEqual([{ title: 'Video is ready', body: 'Prompt a', path: '/videos?job=a' }])
  })

  it('says ten jobs that end together in one notification, opening the board', () => {
    const n = notifier()
    for (let i = 0; i < 8; i++) n.notify(video(String(i), 'ready'))
    n.notify(video('x', 'failed'))
    n.notify(video('y', 'failed'))
    vi.advanceTimersByTime(burstMs)
    expect(shown).toEqual([
      {
        title: '8 videos ready, 2 videos failed',
        body: 'Prompt 0 · Prompt 1 · Prompt 2 and 7 more',
        path: '/videos',
      },
    ])
    // The next burst is its own.
    n.notify(video('z', 'ready'))
    vi.advanceTimersByTime(burstMs)
    expect(shown).toHaveLength(2)
  })

  it('keeps quiet about a kind the person turned off', () => {
    enabled.videos = false
    const n = notifier()
    n.notify(video('a', 'ready'))
    vi.advanceTimersByTime(burstMs)
    expect(shown).toEqual([])
    enabled.videos = true
  })
})
