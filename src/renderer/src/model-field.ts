// A screen's model field over a list of any size: main reads a field's worth of the list that matches what is
// typed, and the chosen model by its id wherever it is in the list. The first page (nothing typed) also gives
// the model a screen starts on.
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import type { CatalogSearch } from './components/ModelChooser.tsx'
import { useProfileId } from './profiles.ts'

/** What main answers a model field: a field's worth that matches, how many match, and the chosen model. */
export interface FieldAnswer<T> {
  models: T[]
  total: number
  chosen: T | null
}

export function useModelField<A extends FieldAnswer<{ id: string }>>(options: {
  /** The query's key under the active profile, for what is typed and the chosen id. */
  key: (profileId: string, text: string, chosen: string) => QueryKey
  /** Reads a page; `signal` aborts when nobody waits for the answer any more (a keystroke after it). */
  read: (query: { text: string; chosen: string }, signal: AbortSignal) => Promise<A>
  /** The chosen model's id; '' while none is. */
  chosen: string
  /** False while the list should not be asked for yet. */
  wanted?: boolean
}) {
  const { key, read, chosen } = options
  const profileId = useProfileId()
  const enabled = profileId !== undefined && (options.wanted ?? true)
  const [typed, setTyped] = useState('')
  const client = useQueryClient()
  // The answer for the last keystroke (or the last choice) stays until the next one's arrives.
  const first = useQuery({
    queryKey: key(profileId ?? '', '', chosen),
    queryFn: ({ signal }) => read({ text: '', chosen }, signal),
    enabled,
    // The answer before stays on screen while the next is on its way, never another profile's.
    placeholderData: (previous, query) => (query?.queryKey[0] === (profileId ?? '') ? previous : undefined),
  })
  // With nothing typed the list is the first page; what is typed is searched apart from the choice, so choosing
  // a model does not read the matches again.
  const listChosen = typed === '' ? chosen : ''
  const list = useQuery({
    queryKey: key(profileId ?? '', typed, listChosen),
    queryFn: ({ signal }) => read({ text: typed, chosen: listChosen }, signal),
    enabled,
    // The answer before stays on screen while the next is on its way, never another profile's.
    placeholderData: (previous, query) => (query?.queryKey[0] === (profileId ?? '') ? previous : undefined),
  })
  // The chosen model: as answered, or (while the answer to a new choice is on its way) the record it was chosen
  // from; with none chosen, or one the catalog no longer lists, the first of the list.
  type Model = A['models'][number]
  const model = useMemo((): Model | undefined => {
    const known = [first.data?.chosen, ...(first.data?.models ?? []), ...(list.data?.models ?? [])]
    const named = chosen ? known.find((one) => one?.id === chosen) : undefined
    if (named) return named
    if (first.isPlaceholderData) return undefined
    return first.data?.chosen ?? first.data?.models[0]
  }, [first.data, first.isPlaceholderData, list.data, chosen])
  /** The field's choices: the matches, with the chosen model first when what is typed does not find it. */
  const added = model && !(list.data?.models ?? []).some((one) => one.id === model.id) ? model : undefined
  const found = useMemo(
    (): Model[] => (added ? [added, ...(list.data?.models ?? [])] : (list.data?.models ?? [])),
    [list.data, added],
  )
  /**
   * Call as a model is chosen from the field: the first page for the new choice starts from the record it was
   * chosen by, so every reader of the chosen model shows it at once.
   */
  const choosing = (id: string) => {
    const record = found.find((one) => one.id === id)
    const newKey = key(profileId ?? '', '', id)
    if (record && first.data && client.getQueryData(newKey) === undefined)
      client.setQueryData(newKey, { ...first.data, chosen: record })
  }
  return {
    choosing,
    /** The first page's query: loading, failed (with a retry), or answered (with what else main says). */
    first,
    model,
    found,
    /** For the field: what is typed goes to main, and how many models it matches comes back. */
    search: {
      onQuery: setTyped,
      total: list.data?.total ?? 0,
      answered: list.data && !list.isPlaceholderData ? typed : null,
      added: added?.id,
    } satisfies CatalogSearch,
  }
}
