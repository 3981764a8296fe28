// Playground data: the models it lists, the cache handles the app created and saved conversations.
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { type PlaygroundUse, startingModel } from '#shared/domain/catalog'
import { useCatalogModel } from '../../catalog.ts'
import type { ModelChoice } from '../../components/ModelChooser.tsx'
import { invoke, profileKeys, queryKeys } from '../../ipc.ts'
import { useModelField } from '../../model-field.ts'
import { useProfileQuery } from '../../profiles.ts'

export const useCacheHandles = () => useProfileQuery(profileKeys.caches, () => invoke('caches.list', {}))

export const useConversations = () =>
  useQuery({ queryKey: queryKeys.conversations(), queryFn: () => invoke('conversations.list', {}) })

/**
 * The model field of a playground use, and the prices of the chosen model: main lists ids and names only (a
 * 50,000-model catalog stays in main); the chosen model, when its prices are shown, is read alone.
 */
export function usePlaygroundModels(use: PlaygroundUse, chosen = '') {
  const field = useModelField({
    key: (profileId, text, id) => profileKeys.catalogChoices(profileId, use, text, id),
    read: (query, signal) => invoke('catalog.choices', { use, ...query }, { signal }),
    chosen,
  })
  const choices = useMemo(
    (): ModelChoice[] => field.found.map((model) => ({ id: model.id, label: model.name })),
    [field.found],
  )
  const detail = useCatalogModel(chosen || null)
  return {
    /** The first page's query: loading, failed (with a retry), or answered. */
    list: field.first,
    choices,
    /** For the model field: what is typed is searched in the catalog, and how many models it finds. */
    search: field.search,
    starting: startingModel(field.first.data?.models ?? []),
    prices: detail.data?.model.id === chosen ? detail.data.model.prices : null,
  }
}
