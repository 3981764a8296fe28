// Playground data: the models it lists, the cache handles the app created, saved conversations, and a clock
// for countdowns.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { type PlaygroundUse, startingModel } from '#shared/domain/catalog'
import { useCatalogModel, useModelChoices } from '../../catalog.ts'
import type { CatalogSearch, ModelChoice } from '../../components/ModelChooser.tsx'
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
  const [typed, setTyped] = useState('')
  const list = useModelChoices(use, typed)
  const first = useModelChoices(use, '')
  // What was found for the last keystroke stays while the next one's answer is on its way.
  const shown = useRef(list.data)
  if (list.data) shown.current = list.data
  const found = list.data ?? shown.current
  const detail = useCatalogModel(chosen || null)
  const known = detail.data?.model.id === chosen ? detail.data.model : undefined
  // The chosen model shows by its name even when what is typed does not find it.
  const added = known && !(found?.models ?? []).some((model) => model.id === known.id) ? known : undefined
  const choices = useMemo((): ModelChoice[] => {
    const listed = (found?.models ?? []).map((model) => ({ id: model.id, label: model.name }))
    return added ? [{ id: added.id, label: added.name }, ...listed] : listed
  }, [found, added])
  return {
    /** The list's query: loading, failed (with a retry), or answered. */
    list,
    choices,
    /** For the model field: what is typed is searched in the catalog, and how many models it finds. */
    search: {
      onQuery: setTyped,
      total: found?.total ?? 0,
      answered: list.data ? typed : null,
      added: added?.id,
    } satisfies CatalogSearch,
    starting: startingModel(first.data?.models ?? []),
    prices: known?.prices ?? null,
  }
}
