// The model catalog as every screen reads it (one merged record per model, from the three listing styles).
import { useQuery } from '@tanstack/react-query'
import { invoke } from './ipc.ts'
import { useProfileId } from './profiles.ts'
import { profileKeys } from './query.ts'

export function useCatalog() {
  const profileId = useProfileId()
  return useQuery({
    queryKey: profileKeys.catalog(profileId ?? ''),
    queryFn: () => invoke('catalog.browse', { refresh: false }),
    enabled: profileId !== undefined,
    staleTime: 60_000,
  })
}
