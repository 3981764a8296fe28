// Playground data: the cache handles the app created, saved conversations, and a clock for countdowns.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { invoke } from '../../ipc.ts'
import { useProfileQuery } from '../../profiles.ts'
import { profileKeys, queryKeys } from '../../query.ts'

export const useCacheHandles = () => useProfileQuery(profileKeys.caches, () => invoke('caches.list', {}))

export const useConversations = () =>
  useQuery({ queryKey: queryKeys.conversations(), queryFn: () => invoke('conversations.list', {}) })

/** The time now, ticking every second while `live`. */
export function useClock(live: boolean): number {
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    if (!live) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [live])
  return now
}
