// What typing in a model field finds: the choices whose id or label holds every word typed, in their order,
// an exact id first.

export interface ModelChoice {
  id: string
  /** What a person reads: the name, with the price or what it reads. The id is shown beside it. */
  label: string
  /** More about it (its prices): in its row of the list, and under the field once chosen. */
  detail?: string
  /** A heading the choice is listed under (choices of one group come together). */
  group?: string
  /** Listed but not chosen: the field's description says why. */
  disabled?: boolean
}

export interface Matches {
  /** At most the matcher's limit of them, an exact id first. */
  shown: ModelChoice[]
  /** How many matched in all. */
  total: number
}

const wordsOf = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean)

/**
 * Answers the matches of a query among `choices`, at most `limit` shown. A field's choices are a screen's worth
 * of models: a catalog too big for that is searched by the store instead (the field's `onQuery`). When `choices`
 * are what the store found for `query`, they are taken whole and only ordered here, but for the one `added` to
 * them (the chosen model, so that it shows), kept only if it matches.
 */
export function choiceMatcher(
  choices: readonly ModelChoice[],
  limit: number,
): (query: string, searched?: { added: string | undefined }) => Matches {
  const texts = choices.map((choice) => `${choice.id} ${choice.label}`.toLowerCase())
  return (query, searched) => {
    const words = wordsOf(query)
    const exact = query.trim()
    const found = choices.filter(
      (choice, index) =>
        (searched && choice.id !== searched.added) || words.every((word) => texts[index]?.includes(word)),
    )
    const first = found.find((choice) => choice.id === exact)
    const shown = first ? [first, ...found.filter((choice) => choice !== first)] : found
    return { shown: shown.slice(0, limit), total: found.length }
  }
}
