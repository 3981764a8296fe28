// Playground data: the models it lists, the cache handles the app created, saved conversations, and a clock
// for countdowns.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { type PlaygroundUse, startingModel } from '#shared/domain/catalog'
import { useCatalogModel, useModelChoices } from '../../catalog.ts'
import type { ModelChoice } from '../../components/ModelChooser.tsx'
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

/**
 * The models a playground lists for `use`, and the prices of `chosen`: the list holds ids and names only (a
 * 50,000-model catalog stays in main); the chosen model, when its prices are shown, is read alone.
 */
export function usePlaygroundModels(use: PlaygroundUse, chosen = '') {
  const list = useModelChoices(use)
  const models = useMemo(() => list.data?.models ?? [], [list.data])
  const choices = useMemo(
    (): ModelChoice[] => models.map((model) => ({ id: model.id, label: model.name })),
    [models],
  )
  const detail = useCatalogModel(chosen || null)
  return {
    /** The list's query: loading, failed (with a retry), or answered. */
    list,
    choices,
    starting: startingModel(models),
    prices: detail.data?.model.id === chosen ? detail.data.model.prices : null,
  }
}
