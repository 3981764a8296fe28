// Server state of the video board: jobs, one job's detail, video models, receiver, tunnel and polling.
import { type QueryClient, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { UnifiedModel } from '#shared/api/models'
import { leftOutOfNarrowed, promptContains, searchNarrows } from '#shared/domain/job-search'
import type { VideoFilter, VideoJobSummary } from '#shared/ipc/routes/videos'
import { invoke } from '../../ipc.ts'
import { showNarrowed, showWorkedOut, stillCounting, usePagedRows } from '../../paged-rows.ts'
import { useProfileId } from '../../profiles.ts'
import { profileKeys, queryKeys } from '../../query.ts'
import { firstJobs } from './held-jobs.ts'

/** Jobs read from the history at a time: the board asks for the pages in view, never the whole history. */
export const boardPageSize = 100

export type BoardFilter = Omit<VideoFilter, 'limit' | 'offset'>

/** One page of the board: the same query for the board and a prefetch. */
const boardPage = (filter: BoardFilter, page: number) => ({
  queryKey: queryKeys.videoList({ ...filter, page }),
  queryFn: () => invoke('videos.list', { ...filter, offset: page * boardPageSize, limit: boardPageSize }),
})

/** More cards than the tallest board shows at once: enough jobs worked out in the page to fill it. */
const screenful = 16

/**
 * Asks main for the first page of a filter the moment the address names it, before the board renders it.
 * When the filter only narrows the search of the one shown (`from`: a letter typed into the search), the
 * page keeps the jobs shown whose prompt still matches, in the keystroke's frame (`showNarrowed`): the
 * whole answer when the jobs shown were all the search found, or else the first jobs while main counts.
 */
export function prefetchJobBoard(
  client: QueryClient,
  filter: BoardFilter,
  from?: BoardFilter,
): Promise<void> {
  const first = boardPage(filter, 0)
  type Page = Awaited<ReturnType<typeof first.queryFn>>
  const { text: to = '', ...others } = filter
  const { text: was = '', ...before } = from ?? {}
  const narrowed =
    from &&
    sameFilters(others, before) &&
    searchNarrows(
      was,
      to,
      Object.values(others).some((value) => value !== undefined),
    ) &&
    showNarrowed<Page, VideoJobSummary>(client, {
      shown: boardPage(from, 0).queryKey,
      next: first,
      rowsOf: (page) => page.jobs,
      narrow: (jobs) => jobs.filter((job) => promptContains(job.prompt, to)),
      whole: (shown, jobs) => {
        const searchLeftOut = leftOutOfNarrowed(to, shown.searchLeftOut)
        return shown.jobs.length === shown.total && searchLeftOut !== undefined
          ? { jobs, total: jobs.length, searchLeftOut }
          : undefined
      },
      // What the search leaves out is told when known; until main answers, the notice shown stays put.
      counting: (shown, jobs) => ({
        jobs,
        total: jobs.length,
        searchLeftOut: leftOutOfNarrowed(to, shown.searchLeftOut) ?? shown.searchLeftOut,
      }),
      enough: screenful,
    })
  if (narrowed || showHeld(client, filter, from)) return Promise.resolve()
  return client.prefetchQuery(first)
}

/**
 * Shows the first jobs of `filter` found among the jobs the page holds, when it holds every job and main's
 * answer is not at hand: the whole answer when they are all the filter finds, or else the first jobs while
 * main counts. What the search leaves out, when not yet known, stays as the board shows it (`from`).
 */
function showHeld(client: QueryClient, filter: BoardFilter, from: BoardFilter | undefined): boolean {
  const first = boardPage(filter, 0)
  if (client.getQueryData(first.queryKey) !== undefined) return false
  const found = firstJobs(client, filter, screenful)
  if (!found) return false
  type Page = Awaited<ReturnType<typeof first.queryFn>>
  const shown = from && client.getQueryData<Page>(boardPage(from, 0).queryKey)
  const page: Page = {
    jobs: found.jobs,
    total: found.jobs.length,
    searchLeftOut: found.searchLeftOut === undefined ? (shown?.searchLeftOut ?? null) : found.searchLeftOut,
  }
  showWorkedOut(client, first, page, { counting: !found.whole, updatedAt: found.heldAt })
  return true
}

/** Whether two filters, the search aside, are the same (every filter, whatever filters the board gains). */
function sameFilters(a: Omit<BoardFilter, 'text'>, b: Omit<BoardFilter, 'text'>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof typeof a>
  return [...keys].every((key) => a[key] === b[key])
}

/**
 * The board's jobs, newest first: how many match the filter, and the pages around the rows in view, read
 * as the person scrolls. `jobAt` answers undefined for a row whose page is still on its way.
 */
export function useJobBoard(filter: BoardFilter) {
  const { head, rowAt, ...board } = usePagedRows({
    pageSize: boardPageSize,
    pageOf: (page) => boardPage(filter, page),
    rowsOf: (page) => page.jobs,
  })
  return {
    ...board,
    searchLeftOut: head?.searchLeftOut ?? null,
    /** The first jobs show, worked out in the page, while main counts how many match. */
    counting: stillCounting(head),
    jobAt: rowAt,
  }
}

export function useVideoDetail(id: string | null) {
  return useQuery({
    queryKey: queryKeys.videoDetail(id ?? ''),
    queryFn: () => invoke('videos.detail', { id: id ?? '' }),
    enabled: id !== null,
  })
}

export interface VideoModel {
  id: string
  name: string
  pricePerSecond: string | null
  audio: boolean
  model: UnifiedModel
}

/** The video models, which main picks out of the whole catalog; asked once `wanted`. */
export function useVideoModels(wanted = true) {
  const profileId = useProfileId()
  return useQuery({
    queryKey: profileKeys.videoModels(profileId ?? ''),
    enabled: profileId !== undefined && wanted,
    queryFn: async () => {
      const catalog = await invoke('catalog.models', { refresh: false, output: 'video' })
      return catalog.models.map(
        (model): VideoModel => ({
          id: model.id,
          name: model.name,
          pricePerSecond:
            typeof model.pricing.video_per_second === 'string' ? model.pricing.video_per_second : null,
          audio: model.architecture.output_modalities.includes('audio'),
          model,
        }),
      )
    },
    staleTime: 5 * 60_000,
  })
}

export const useReceiver = () =>
  useQuery({ queryKey: [...queryKeys.tunnel(), 'receiver'], queryFn: () => invoke('receiver.state', {}) })
export const useTunnel = () =>
  useQuery({ queryKey: queryKeys.tunnel(), queryFn: () => invoke('tunnel.state', {}) })
export const usePolling = () =>
  useQuery({
    queryKey: queryKeys.polling(),
    queryFn: () => invoke('videos.polling', {}),
    refetchInterval: 5000,
  })

/** The current time, ticking every second while `active`, for live elapsed times and countdowns. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [active])
  return now
}
