// Server state lives in TanStack Query. Keys come from one factory per topic, and main's `data.changed`
// event invalidates exactly the topics it names.
import { QueryClient } from '@tanstack/react-query'
import type { DataTopic } from '#shared/ipc/events'
import { on } from './ipc.ts'

export const queryKeys = {
  preferences: () => ['preferences'] as const,
  profiles: () => ['profiles'] as const,
  appInfo: () => ['app', 'info'] as const,
  notices: () => ['app', 'notices'] as const,
  secretStorage: () => ['profiles', 'storage'] as const,
  videos: () => ['videos'] as const,
  videoList: (filter: object) => ['videos', 'list', filter] as const,
  videoDetail: (id: string) => ['videos', 'detail', id] as const,
  videoModels: () => ['videos', 'models'] as const,
  deliveries: () => ['deliveries'] as const,
  tunnel: () => ['tunnel'] as const,
  polling: () => ['polling'] as const,
  batches: () => ['batches'] as const,
  batch: (id: string) => ['batches', id] as const,
  decisionRuns: () => ['decisions', 'runs'] as const,
  decisionModels: () => ['decisions', 'models'] as const,
  images: () => ['images'] as const,
  caches: () => ['caches'] as const,
  conversations: () => ['conversations'] as const,
  imageList: (filter: object) => ['images', 'list', filter] as const,
  imageModels: () => ['images', 'models'] as const,
} satisfies Record<string, (...args: never[]) => readonly unknown[]>

const topicKeys: Record<DataTopic, readonly unknown[]> = {
  preferences: queryKeys.preferences(),
  profiles: queryKeys.profiles(),
  videos: queryKeys.videos(),
  deliveries: queryKeys.deliveries(),
  tunnel: queryKeys.tunnel(),
  polling: queryKeys.polling(),
  batches: queryKeys.batches(),
  images: queryKeys.images(),
  caches: queryKeys.caches(),
  conversations: queryKeys.conversations(),
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } },
  })
  on('data.changed', ({ topics }) => {
    for (const topic of topics) void client.invalidateQueries({ queryKey: topicKeys[topic] })
  })
  return client
}
