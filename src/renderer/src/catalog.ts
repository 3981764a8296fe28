// The model catalog as every screen reads it (one merged record per model, from the three listing styles).
import { useQuery } from '@tanstack/react-query'
import { invoke } from './ipc.ts'

export const catalogKey = ['catalog', 'browse'] as const

export const useCatalog = () =>
  useQuery({
    queryKey: catalogKey,
    queryFn: () => invoke('catalog.browse', { refresh: false }),
    staleTime: 60_000,
  })
