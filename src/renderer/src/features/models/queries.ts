// The catalog as the browser reads it, and where "Use in …" goes for each role.
import { useQuery } from '@tanstack/react-query'
import type { ModelRole } from '#shared/domain/catalog'
import { invoke } from '../../ipc.ts'

export { catalogKey, useCatalog } from '../../catalog.ts'

export const useModelDetail = (id: string | null, refresh: boolean) =>
  useQuery({
    queryKey: ['catalog', 'model', id, refresh],
    queryFn: () => invoke('catalog.model', { id: id ?? '', refresh }),
    enabled: id !== null,
  })

export const useProviderPage = (provider: string | null) =>
  useQuery({
    queryKey: ['catalog', 'provider', provider],
    queryFn: () => invoke('catalog.provider', { provider: provider ?? '' }),
    enabled: provider !== null,
  })

/** The screen that uses a model of this role, with the model chosen. */
export const useInPaths: Record<ModelRole, { label: string; path: (id: string) => string }> = {
  decision: { label: 'Decisions', path: (id) => `/decisions?model=${encodeURIComponent(id)}` },
  image: { label: 'Images', path: (id) => `/images?model=${encodeURIComponent(id)}` },
  video: { label: 'Videos', path: (id) => `/videos?panel=new&use=${encodeURIComponent(id)}` },
  chat: { label: 'Playground', path: (id) => `/playground?model=${encodeURIComponent(id)}` },
}

export const priceLabels = {
  prompt: 'Prompt',
  completion: 'Completion',
  cacheRead: 'Cache read',
  cacheWrite5m: 'Cache write 5m',
  cacheWrite1h: 'Cache write 1h',
} as const
