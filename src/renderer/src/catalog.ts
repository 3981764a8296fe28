// The model catalog as every screen reads it (one merged record per model, from the three listing styles).
// After a start it comes first from disk, at once; when that copy is old, a refresh follows in the background.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { invoke } from './ipc.ts'
import { useProfileId } from './profiles.ts'
import { profileKeys } from './query.ts'

export function useCatalog() {
  const profileId = useProfileId()
  const client = useQueryClient()
  const catalog = useQuery({
    queryKey: profileKeys.catalog(profileId ?? ''),
    queryFn: () => invoke('catalog.browse', { refresh: false }),
    enabled: profileId !== undefined,
    staleTime: 60_000,
  })
  useQuery({
    queryKey: [...profileKeys.catalog(profileId ?? ''), 'background refresh'],
    enabled: profileId !== undefined && catalog.data?.outdated === true,
    queryFn: async () => {
      const fresh = await invoke('catalog.browse', { refresh: true })
      client.setQueryData(profileKeys.catalog(profileId ?? ''), fresh)
      return fresh.fetchedAt
    },
    staleTime: Number.POSITIVE_INFINITY,
  })
  return catalog
}
