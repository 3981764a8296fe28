// What typing in a model field finds: the choices whose id or label holds every word typed, in their order,
// an exact id or name first (Enter takes the first: a model named in full must not lose to one listed before it).

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
  /** At most the matcher's limit of them, an exact id or name first. */
  shown: ModelChoice[]
  /** How many matched in all. */
  total: number
}

const wordsOf = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean)

/** Text as compared for an exact match: case and runs of spaces do not count. */
const exactForm = (text: string) => wordsOf(text).join(' ')

/** A choice's id, and its label and the name that label begins with (a video model's adds its price after ` · `). */
const formsOf = (choice: ModelChoice) => ({
  id: exactForm(choice.id),
  names: [exactForm(choice.label), exactForm(choice.label.split(' · ')[0] ?? '')],
})

/** Whether `query` names `choice` whole: its id or its name, in any case. */
export function namesExactly(choice: ModelChoice, query: string): boolean {
  const exact = exactForm(query)
  const forms = formsOf(choice)
  return exact !== '' && (forms.id === exact || forms.names.includes(exact))
}

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
  // Worked out once per choice, when first compared: a keystroke compares every match of a large list.
  const forms = new Map<ModelChoice, ReturnType<typeof formsOf>>()
  const formOf = (choice: ModelChoice) => {
    const known = forms.get(choice)
    if (known) return known
    const made = formsOf(choice)
    forms.set(choice, made)
    return made
  }
  return (query, searched) => {
    const words = wordsOf(query)
    const exact = exactForm(query)
    const found = choices.filter(
      (choice, index) =>
        (searched && choice.id !== searched.added) || words.every((word) => texts[index]?.includes(word)),
    )
    // An id is one model's, a name may be several's: a choice whose id was typed wins over one whose name was.
    const first = !exact
      ? undefined
      : (found.find((choice) => formOf(choice).id === exact) ??
        found.find((choice) => formOf(choice).names.includes(exact)))
    const shown = first ? [first, ...found.filter((choice) => choice !== first)] : found
    return { shown: shown.slice(0, limit), total: found.length }
  }
}
