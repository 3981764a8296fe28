// Every job held in the page: read a part at a time, kept up to date with only the jobs main says changed, and
// used to show a filter's first jobs only while it is the whole history in the board's order.
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import type { ChangeMark, VideoJobSummary } from '#shared/ipc/routes/videos'
import { queryKeys } from '../../query.ts'
import { renderInPage } from '../../test-page.tsx'
import { firstJobs, heldJobsLimit, type JobFilter, useHeldJobs } from './held-jobs.ts'
import { type BoardFilter, prefetchJobBoard } from './queries.ts'

const job = (n: number, fields: Partial<VideoJobSummary> = {}): VideoJobSummary => ({
  id: `job-${n}`,
  profileId: 'sandbox',
  model: n % 2 ? 'orbit/motion-2' : 'lumen/clip-1',
  prompt: `A ${n % 3 ? 'red kite' : 'paper boat'}, take ${n}`,
  mode: 'text2video',
  status: n % 4 ? 'completed' : 'failed',
  createdAt: 1_000 + n,
  updatedAt: 1_000 + n,
  videoSeconds: null,
  videoCost: null,
  mediaUrl: null,
  resultUrls: [],
  ...fields,
})

/**
 * Main as the page sees it: a history of jobs (each with its place in the order they came in), the journal of
 * what was written, and the two routes the page reads them with.
 */
function fakeMain(count: number) {
  const history = new Map<string, { job: VideoJobSummary; place: number }>()
  let places = 0
  const written: string[] = []
  /** `forgetful`: main never can tell what changed, as if it started again each time it is asked. */
  const state = {
    epoch: 'run 1',
    total: undefined as number | undefined,
    forgetful: false,
    /** Jobs whose rows no longer read: main leaves them out of what it answers, and counts them. */
    damaged: new Set<string>(),
    /** Runs after each part of every job is answered. */
    afterPart: () => {},
  }
  const asked: string[] = []
  const write = (value: VideoJobSummary) => {
    const place = history.get(value.id)?.place ?? ++places
    history.set(value.id, { job: value, place })
    written.push(value.id)
  }
  for (let n = 0; n < count; n++) write(job(n))
  const newestFirst = () => [...history.values()].sort((a, b) => b.place - a.place)
  const mark = (): ChangeMark => ({ epoch: state.epoch, version: written.length })
  const part = (found: { job: VideoJobSummary; place: number }[]) => ({
    jobs: found.map((entry) => entry.job),
    arrival: found.map((entry) => entry.place),
    total: state.total ?? history.size,
    mark: mark(),
  })
  const routes: Record<string, (input: Record<string, number & string>) => unknown> = {
    'videos.everyJob': ({ before, limit }) => {
      const rows = newestFirst()
        .filter((entry) => before === undefined || entry.place < before)
        .slice(0, limit)
      // A damaged row is left out of its part, and still counted where the next part starts.
      const next = rows.length < (limit ?? 0) ? null : (rows.at(-1)?.place ?? null)
      setTimeout(state.afterPart, 0)
      return { ...part(rows.filter((entry) => !state.damaged.has(entry.job.id))), next }
    },
    'videos.changedJobs': ({ epoch, version }) => {
      if (state.forgetful) return null
      if (epoch !== state.epoch) return null
      const ids = [...new Set(written.slice(version))]
      const found = ids.flatMap((id) => history.get(id) ?? [])
      return { ...part(found), gone: ids.filter((id) => !history.has(id)) }
    },
  }
  const bridge = {
    invoke: async (route: string, input: Record<string, number & string>) => {
      asked.push(route)
      const answer = routes[route]
      return answer ? { ok: true, data: answer(input) } : { ok: true, data: { jobs: [], total: 0 } }
    },
    on: () => () => {},
  } as unknown as Bridge
  return {
    bridge,
    asked,
    everyJobReads: () => asked.filter((route) => route === 'videos.everyJob').length,
    state,
    newestFirst: () => newestFirst().map((entry) => entry.job),
    write,
    remove: (id: string) => {
      history.delete(id)
      written.push(id)
    },
  }
}

/** What the board shows first for `filter`, worked out directly from the whole history. */
function expectedFirst(jobs: VideoJobSummary[], filter: JobFilter, enough: number) {
  const matching = jobs.filter(
    (value) =>
      (!filter.status || value.status === filter.status) &&
      (!filter.model || value.model === filter.model) &&
      (!filter.text || value.prompt.toLowerCase().includes(filter.text.toLowerCase())),
  )
  // Whole when fewer than asked for: with exactly as many, the page leaves the count to main.
  return { jobs: matching.slice(0, enough), whole: matching.length < enough }
}

beforeEach(() => {
  vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0))
})
afterEach(() => {
  vi.unstubAllGlobals()
})

/** The board, holding every job, in a page whose main is `main`. */
async function holding(main: { bridge: Bridge }) {
  let answers = false
  let client: QueryClient | undefined
  function Board() {
    client = useQueryClient()
    answers = useHeldJobs(client, true)
    return null
  }
  const page = await renderInPage(<Board />, main.bridge)
  return { client: client as QueryClient, answers: () => answers, unmount: page.unmount }
}

/** The board holding every job of a main with `count` jobs, once the page can answer for main. */
async function heldBoard(count: number) {
  const main = fakeMain(count)
  const board = await holding(main)
  await vi.waitFor(() => expect(board.answers()).toBe(true))
  return { main, ...board }
}

const settled = async (client: QueryClient) => {
  await vi.waitFor(() => expect(client.isFetching()).toBe(0))
  await act(async () => {})
}

describe('every job held in the page', () => {
  it('is read a part at a time, and finds what main would show first for any filter', async () => {
    const { main, client } = await heldBoard(2_500)
    // 2,500 jobs in parts of 250: ten full parts, and an empty one that says there are no more.
    expect(main.everyJobReads()).toBe(11)
    const jobs = main.newestFirst()
    for (const filter of [
      {},
      { text: 'kite, take 24' },
      { text: 'BOAT', status: 'failed' },
      { model: 'lumen/clip-1', text: 'take 9' },
      { text: 'take 2499' },
      { text: 'no such prompt' },
    ] satisfies JobFilter[]) {
      const found = firstJobs(client, filter, 16)
      const expected = expectedFirst(jobs, filter, 16)
      expect(found?.jobs.map((value) => value.id)).toEqual(expected.jobs.map((value) => value.id))
      expect(found?.whole).toBe(expected.whole)
    }
  })

  it('reads only the jobs written since, the new first and the deleted gone; and everything when main cannot tell', async () => {
    const { main, client, answers } = await heldBoard(1_200)
    const firstRead = main.everyJobReads()
    main.write(job(5_000, { prompt: 'A brand new kite', createdAt: 9_000 }))
    main.write(job(7, { status: 'cancelled' }))
    main.remove('job-1199')
    // Main says the jobs changed: until the page has read what changed, main answers for itself.
    const invalidated = client.invalidateQueries({ queryKey: queryKeys.videos() })
    expect(firstJobs(client, {}, 16)).toBeUndefined()
    await act(() => invalidated)
    await settled(client)
    expect(answers()).toBe(true)
    expect(main.everyJobReads()).toBe(firstRead)
    const all = firstJobs(client, {}, 2_000)
    expect(all?.jobs).toEqual(main.newestFirst())
    expect(firstJobs(client, { text: 'brand new' }, 16)?.jobs.map((value) => value.id)).toEqual(['job-5000'])
    expect(firstJobs(client, { status: 'cancelled' }, 16)?.jobs.map((value) => value.id)).toEqual(['job-7'])

    // Main started again: its journal says nothing of the jobs held, so every job is read again.
    main.state.epoch = 'run 2'
    await act(() => client.invalidateQueries({ queryKey: queryKeys.videos() }))
    await settled(client)
    expect(main.everyJobReads()).toBe(2 * firstRead)
    expect(firstJobs(client, {}, 2_000)?.jobs).toEqual(main.newestFirst())
  })

  it('gives up after reading every job three times when main can never tell what changed meanwhile', async () => {
    const main = fakeMain(10)
    main.state.forgetful = true
    const { client, answers } = await holding(main)
    await settled(client)
    expect(main.everyJobReads()).toBe(3)
    expect(answers()).toBe(false)
    expect(firstJobs(client, {}, 16)).toBeUndefined()
  })

  it('reads every job to the end while main keeps saying jobs changed, each word joining the read under way', async () => {
    const { main, client, answers } = await heldBoard(1_000)
    const oneRead = main.everyJobReads()
    // Main starts again, so the page reads every job again; meanwhile a job is created after each part.
    main.state.epoch = 'run 2'
    let created = 0
    main.state.afterPart = () => {
      if (created === 20) return
      main.write(job(2_000 + created, { createdAt: 5_000 + created }))
      created++
      void client.invalidateQueries({ queryKey: queryKeys.videos() })
    }
    void client.invalidateQueries({ queryKey: queryKeys.videos() })
    await vi.waitFor(() => expect(main.everyJobReads()).toBeGreaterThan(oneRead))
    main.state.afterPart = () => {}
    await settled(client)
    await vi.waitFor(() => expect(answers()).toBe(true))
    // One more read of every job (the jobs created meanwhile come with what changed), not one per word.
    expect(main.everyJobReads()).toBeLessThanOrEqual(2 * oneRead + 1)
    expect(firstJobs(client, {}, 2_000)?.jobs).toEqual(main.newestFirst())
  })

  it('stops reading once the board is closed', async () => {
    const main = fakeMain(2_000)
    const { client, unmount } = await holding(main)
    let parts = 0
    main.state.afterPart = () => {
      if (++parts === 2) void unmount()
    }
    await vi.waitFor(() => expect(client.isFetching()).toBe(0))
    // Of the nine parts of every job, the ones asked before the board closed, and one on its way at most.
    expect(main.everyJobReads()).toBeLessThanOrEqual(3)
    expect(client.getQueryData(queryKeys.videoHeld())).toBeUndefined()
  })

  it('reads past a damaged row to the oldest job, and does not answer for main without it', async () => {
    const main = fakeMain(1_000)
    main.state.damaged.add('job-900')
    const { client } = await holding(main)
    await settled(client)
    const held = client.getQueryData<{ jobs: VideoJobSummary[] }>(queryKeys.videoHeld())
    expect(held?.jobs).toHaveLength(999)
    expect(held?.jobs.at(-1)?.id).toBe('job-0')
    expect(firstJobs(client, {}, 16)).toBeUndefined()
  })

  it('does not answer for main when creation times do not follow the order jobs came in, or the history is too large', async () => {
    const main = fakeMain(30)
    main.write(job(30, { createdAt: 1 }))
    const { client } = await holding(main)
    await settled(client)
    expect(client.getQueryData(queryKeys.videoHeld())).toBeTruthy()
    expect(firstJobs(client, {}, 16)).toBeUndefined()

    const large = fakeMain(10)
    large.state.total = heldJobsLimit + 1
    const { client: other } = await holding(large)
    await settled(other)
    expect(other.getQueryData(queryKeys.videoHeld())).toBeNull()
    expect(firstJobs(other, {}, 16)).toBeUndefined()
  })

  it("shows a search's first jobs on the board at once while main counts, and the whole answer when they are all", async () => {
    const { main, client } = await heldBoard(300)
    const asked = main.asked.length
    const firstPage = (filter: BoardFilter) =>
      client.getQueryData<{ jobs: VideoJobSummary[]; total: number; counting?: true }>(
        queryKeys.videoList({ ...filter, page: 0 }),
      )
    void prefetchJobBoard(client, { text: 'take 1' }, { text: 'take' })
    expect(firstPage({ text: 'take 1' })).toMatchObject({ counting: true })
    expect(firstPage({ text: 'take 1' })?.jobs.map((value) => value.id)).toEqual(
      expectedFirst(main.newestFirst(), { text: 'take 1' }, 16).jobs.map((value) => value.id),
    )
    // Main is asked at once, to count.
    expect(main.asked.slice(asked)).toEqual(['videos.list'])
    void prefetchJobBoard(client, { text: 'take 299' }, { text: 'take 1' })
    expect(firstPage({ text: 'take 299' })).toEqual({
      jobs: [main.newestFirst()[0]],
      total: 1,
      searchLeftOut: null,
    })
    expect(main.asked.slice(asked)).toEqual(['videos.list'])
  })
})
