import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import type { VideoJobSummary } from '#shared/ipc/routes/videos'
import { stillCounting } from '../../paged-rows.ts'
import { queryKeys } from '../../query.ts'
import { type BoardFilter, prefetchJobBoard } from './queries.ts'

const job = (id: string, prompt: string): VideoJobSummary => ({
  id,
  profileId: 'sandbox',
  model: 'orbit/motion-2',
  prompt,
  mode: 'text2video',
  status: 'completed',
  createdAt: 1,
  updatedAt: 1,
  videoSeconds: null,
  videoCost: null,
  mediaUrl: null,
  resultUrls: [],
})

interface BoardPage {
  jobs: VideoJobSummary[]
  total: number
  searchLeftOut: 'older matches' | 'older jobs' | null
}

/** A core that answers every page with no jobs, recording what the page asked. */
function recordingCore() {
  const asked: unknown[] = []
  const bridge = {
    invoke: async (route: string, input: unknown) => {
      asked.push({ route, input })
      return { ok: true, data: { jobs: [], total: 0, searchLeftOut: null } }
    },
    on: () => () => {},
  } as unknown as Bridge
  Object.defineProperty(window, 'bridge', { value: bridge, configurable: true })
  return asked
}

const keyOf = (filter: BoardFilter) => queryKeys.videoList({ ...filter, page: 0 })
const pageOf = (client: QueryClient, filter: BoardFilter) =>
  client.getQueryData<BoardPage & { counting?: true }>(keyOf(filter))
/** The board shows `filter`: its first page is `jobs` of `total`. */
const showFirstPage = (
  client: QueryClient,
  filter: BoardFilter,
  jobs: VideoJobSummary[],
  total = jobs.length,
  searchLeftOut: BoardPage['searchLeftOut'] = null,
) => client.setQueryData<BoardPage>(keyOf(filter), { jobs, total, searchLeftOut })

afterEach(() => {
  Reflect.deleteProperty(window, 'bridge')
})

describe("the board's first page under a narrower search", () => {
  const few = ['A red kite', 'A Kite at dusk', 'An owl', 'kites over ice'].map((prompt, i) =>
    job(`j${i}`, prompt),
  )

  it('is worked out in the page when the jobs shown were all the search found', () => {
    const asked = recordingCore()
    const client = new QueryClient()
    showFirstPage(client, { text: 'kit' }, [few[0]!, few[1]!, few[3]!])
    prefetchJobBoard(client, { text: 'kite ' }, { text: 'kit' })
    prefetchJobBoard(client, { text: 'KITE' }, { text: 'kit' })
    expect(asked).toEqual([])
    expect(pageOf(client, { text: 'kite ' })).toEqual({ jobs: [few[1]], total: 1, searchLeftOut: null })
    expect(pageOf(client, { text: 'KITE' })?.jobs).toEqual([few[0], few[1], few[3]])
  })

  it('keeps what a short search left out while it stays short, and asks main once it reaches the index', () => {
    const asked = recordingCore()
    const client = new QueryClient()
    showFirstPage(client, { text: 'k' }, [few[0]!, few[1]!, few[3]!], 3, 'older jobs')
    prefetchJobBoard(client, { text: 'ki' }, { text: 'k' })
    expect(pageOf(client, { text: 'ki' })).toEqual({
      jobs: [few[0], few[1], few[3]],
      total: 3,
      searchLeftOut: 'older jobs',
    })
    // Three letters search every job, past the newest ones the short search looked through.
    prefetchJobBoard(client, { text: 'kit' }, { text: 'k' })
    expect(asked).toHaveLength(1)
  })

  it('shows the first jobs at once while main counts the rest, then main’s answer', async () => {
    const asked = recordingCore()
    const client = new QueryClient()
    const hundred = Array.from({ length: 100 }, (_, i) => job(`j${i}`, i % 4 ? `red kite ${i}` : `owl ${i}`))
    showFirstPage(client, { text: 'e', status: 'completed' }, hundred, 9000, 'older jobs')
    const next = { text: 'red', status: 'completed' } as const
    prefetchJobBoard(client, next, { text: 'e', status: 'completed' })
    const shown = pageOf(client, next)
    expect(shown?.jobs).toEqual(hundred.filter((j) => j.prompt.startsWith('red')))
    expect(stillCounting(shown)).toBe(true)
    expect(asked).toHaveLength(1)
    await vi.waitFor(() => expect(pageOf(client, next)).toEqual({ jobs: [], total: 0, searchLeftOut: null }))
    expect(stillCounting(pageOf(client, next))).toBe(false)
  })

  it('is asked of main when the search widens, another filter changes, or too few jobs are at hand', () => {
    const asked = recordingCore()
    const client = new QueryClient()
    showFirstPage(client, { text: 'kit' }, [few[0]!, few[1]!, few[3]!])
    prefetchJobBoard(client, { text: 'ki' }, { text: 'kit' })
    prefetchJobBoard(client, { text: 'kite', status: 'failed' }, { text: 'kit' })
    prefetchJobBoard(client, { text: 'kité' }, { text: 'kit' })
    // The newest jobs of a status may lie past what a search looks through: from no search, main is asked.
    showFirstPage(client, { status: 'completed' }, few)
    prefetchJobBoard(client, { status: 'completed', text: 'k' }, { status: 'completed' })
    // Three of a hundred shown match: too few to fill the board.
    showFirstPage(client, { text: 'e' }, few, 5000)
    prefetchJobBoard(client, { text: 'red' }, { text: 'e' })
    expect(asked).toHaveLength(5)
    expect(asked.every((call) => (call as { route: string }).route === 'videos.list')).toBe(true)
  })
})
