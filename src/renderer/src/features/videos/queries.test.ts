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
    const hundred = Array.from({ length: 100 }, (_, i) =>
      job(`j${i}`, i % 4 ? `red kite ${i}` : `red owl ${i}`),
    )
    const from = { text: 'red', status: 'completed' } as const
    showFirstPage(client, from, hundred, 9000, 'older matches')
    const next = { text: 'red k', status: 'completed' } as const
    prefetchJobBoard(client, next, from)
    const shown = pageOf(client, next)
    expect(shown?.jobs).toEqual(hundred.filter((j) => j.prompt.startsWith('red k')))
    expect(stillCounting(shown)).toBe(true)
    // Whether the narrower search leaves older matches out is not known yet: the notice shown stays put.
    expect(shown?.searchLeftOut).toBe('older matches')
    expect(asked).toHaveLength(1)
    await vi.waitFor(() => expect(pageOf(client, next)).toEqual({ jobs: [], total: 0, searchLeftOut: null }))
    expect(stillCounting(pageOf(client, next))).toBe(false)
  })

  it('leaves a page main said is out of date to main, and makes a page as old as the one it came from', async () => {
    const asked = recordingCore()
    const client = new QueryClient()
    showFirstPage(client, { text: 'kit' }, [few[0]!, few[1]!, few[3]!])
    const shownAt = client.getQueryState(queryKeys.videoList({ text: 'kit', page: 0 }))?.dataUpdatedAt
    prefetchJobBoard(client, { text: 'kite' }, { text: 'kit' })
    expect(client.getQueryState(queryKeys.videoList({ text: 'kite', page: 0 }))?.dataUpdatedAt).toBe(shownAt)
    expect(asked).toEqual([])
    // A job changed: the page shown is out of date until main answers again, and is not narrowed meanwhile.
    await client.invalidateQueries({ queryKey: queryKeys.videos(), refetchType: 'none' })
    prefetchJobBoard(client, { text: 'kites' }, { text: 'kit' })
    expect(asked).toHaveLength(1)
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
    // A third letter searches every job through the index, past the jobs two letters looked through.
    showFirstPage(client, { text: 'ki' }, few, 5000, 'older jobs')
    prefetchJobBoard(client, { text: 'kit' }, { text: 'ki' })
    // Three of a hundred shown match: too few to fill the board.
    showFirstPage(client, { text: 'red' }, few, 5000)
    prefetchJobBoard(client, { text: 'red k' }, { text: 'red' })
    expect(asked).toHaveLength(6)
    expect(asked.every((call) => (call as { route: string }).route === 'videos.list')).toBe(true)
  })
})
