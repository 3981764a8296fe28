// The profiles as every part of the window reads them, and the id of the active one: the first part of the key
// of everything that belongs to a profile.
import { useQuery } from '@tanstack/react-query'
import type { Profile } from '#shared/ipc/routes/profiles'
import { invoke, queryKeys } from './ipc.ts'

const profilesQuery = { queryKey: queryKeys.profiles(), queryFn: () => invoke('profiles.list', {}) }

export const useProfiles = () => useQuery(profilesQuery)

/** The active profile's id; undefined until the profiles are read. */
export const useProfileId = (): string | undefined =>
  useQuery({ ...profilesQuery, select: (profiles: Profile[]) => profiles.find((p) => p.active)?.id }).data

/**
 * A query of something that belongs to the active profile: keyed by its id, asked once the id is known (and
 * `wanted`).
 */
export function useProfileQuery<T>(
  keyOf: (profileId: string) => readonly unknown[],
  read: () => Promise<T>,
  wanted = true,
) {
  const profileId = useProfileId()
  return useQuery({
    queryKey: keyOf(profileId ?? ''),
    queryFn: read,
    enabled: profileId !== undefined && wanted,
  })
}
