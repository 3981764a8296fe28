// The model catalog as every screen reads it (one merged record per model, from the three listing styles). Main
// decides its freshness: every read answers at once from what is kept, and when a refresh lands behind, main's
// `data.changed` (catalog) has every catalog query read again.
import { useQuery } from '@tanstack/react-query'
import { invoke, profileKeys } from './ipc.ts'
import { useProfileId } from './profiles.ts'

/** One model: as kept, or fresh from the single-model routes of each style. */
export function useCatalogModel(id: string | null, refresh = false) {
  const profileId = useProfileId()
  return useQuery({
    queryKey: profileKeys.catalogModel(profileId ?? '', id, refresh),
    queryFn: ({ signal }) => invoke('catalog.model', { id: id ?? '', refresh }, { signal }),
    enabled: id !== null && id !== '' && profileId !== undefined,
  })
}

/**
 * What changed since the catalog kept before the one fetched at `fetchedAt`: main works it out in the
 * background, so it is asked apart from the catalog and shows when ready.
 */
export function useCatalogChanges(fetchedAt: number | undefined) {
  const profileId = useProfileId()
  const read = useQuery({
    queryKey: profileKeys.catalogChanges(profileId ?? '', fetchedAt ?? 0),
    queryFn: ({ signal }) => invoke('catalog.changes', {}, { signal }),
    enabled: profileId !== undefined && fetchedAt !== undefined,
  })
  // An answer about another catalog is no answer for this one: main holds another catalog than the one shown,
  // and says so (`data.changed`), which has the catalog shown and this comparison read again.
  const answered = read.data !== undefined && read.data.fetchedAt === fetchedAt
  return {
    changes: answered ? (read.data?.changes ?? null) : null,
    comparing: fetchedAt !== undefined && !answered && !read.error,
    error: read.error,
    retry: () => void read.refetch(),
  }
}

/**
 * The browser's view of the catalog without its models (they are read a page at a time), as kept; `outdated`
 * while main refreshes it behind.
 */
export function useCatalogOverview() {
  const profileId = useProfileId()
  return useQuery({
    queryKey: profileKeys.catalogOverview(profileId ?? ''),
    queryFn: ({ signal }) => invoke('catalog.overview', { refresh: false }, { signal }),
    enabled: profileId !== undefined,
  })
}
