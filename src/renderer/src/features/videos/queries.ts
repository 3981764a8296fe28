// Server state of the video board: jobs, one job's detail, video models, receiver, tunnel and polling.
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import type { RouteOutput } from '#shared/ipc/routes/index'
import type { VideoFilter } from '#shared/ipc/routes/videos'
import { invoke, profileKeys, queryKeys } from '../../ipc.ts'
import { useModelField } from '../../model-field.ts'
import { usePagedRows } from '../../paged-rows.ts'
import { useProfileId } from '../../profiles.ts'

/** Jobs read from the history at a time: the board asks for the pages in view, never the whole history. */
export const boardPageSize = 100

export type BoardFilter = VideoFilter
type BoardPage = RouteOutput<'videos.list'>

/**
 * One page of the board: it starts where the page before it ended when that page is at hand (a range of the
 * history's index, however deep the board is scrolled), or else at its position. The same query for the board
 * and a prefetch.
 */
const boardPage = (client: QueryClient, filter: BoardFilter, page: number) => ({
  queryKey: queryKeys.videoList({ ...filter, page }),
  queryFn: ({ signal }: { signal: AbortSignal }) => {
    const before =
      page > 0
        ? client.getQueryData<BoardPage>(queryKeys.videoList({ ...filter, page: page - 1 }))
        : undefined
    const where = before?.next ? { after: before.next } : { offset: page * boardPageSize }
    return invoke('videos.list', { ...filter, ...where, limit: boardPageSize }, { signal })
  },
})

/** Asks for the first page of a filter the moment the address names it, before the board renders it. */
export function prefetchJobBoard(client: QueryClient, filter: BoardFilter): Promise<void> {
  return client.prefetchQuery(boardPage(client, filter, 0))
}

/**
 * The board's jobs, newest first: how many match the filter, and the pages around the rows in view, read
 * as the person scrolls. `jobAt` answers undefined for a row whose page is still on its way.
 */
export function useJobBoard(filter: BoardFilter) {
  const client = useQueryClient()
  const { rowAt, ...board } = usePagedRows({
    pageSize: boardPageSize,
    pageOf: (page) => boardPage(client, filter, page),
    rowsOf: (page) => page.jobs,
  })
  return { ...board, jobAt: rowAt }
}

export function useVideoDetail(id: string | null) {
  return useQuery({
    queryKey: queryKeys.videoDetail(id ?? ''),
    queryFn: ({ signal }) => invoke('videos.detail', { id: id ?? '' }, { signal }),
    enabled: id !== null,
  })
}

/** The model field's video models and the chosen one, which main reads from the kept catalog; asked once `wanted`. */
export const useVideoField = (chosen: string, wanted: boolean) =>
  useModelField({
    key: (profileId, text, id) => [...profileKeys.videoModels(profileId), text, id],
    read: (query, signal) => invoke('videos.models', query, { signal }),
    chosen,
    wanted,
  })

/** The models the board's jobs were made with: what its model filter offers. */
export const useJobModels = (wanted: boolean) =>
  useQuery({
    queryKey: [...queryKeys.videos(), 'madeWith'],
    enabled: wanted,
    queryFn: () => invoke('videos.madeWith', {}),
  })

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

/** The active profile's forward address (null while forwarding is off). */
export function useForwarding() {
  const profileId = useProfileId()
  return useQuery({
    queryKey: profileKeys.forwarding(profileId ?? ''),
    enabled: profileId !== undefined,
    queryFn: () => invoke('forwarding.get', {}),
  })
}
