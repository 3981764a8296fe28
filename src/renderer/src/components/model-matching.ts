// What typing in a model field finds: the choices whose id or label holds every word typed, in their order,
// an exact id first. A field asks again at each keystroke; a letter added only narrows what the last
// keystroke found, so that is all it looks through (38,000 chat models at ten times today's catalog).

export interface ModelChoice {
  id: string
  /** What a person reads: the name, with the price or what it reads. The id is shown beside it. */
  label: string
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
 * Whether whatever holds every word of `to` holds every word of `from`: each word of `from` lies within a
 * word of `to` (`gpt 4` → `gpt 4o`).
 */
export const wordsNarrow = (from: readonly string[], to: readonly string[]): boolean =>
  from.every((word) => to.some((other) => other.includes(word)))

/** Answers the matches of a query among `choices`, at most `limit` shown; the last query's are kept. */
export function choiceMatcher(choices: readonly ModelChoice[], limit: number): (query: string) => Matches {
  // What typing is matched against, worked out at the first query rather than with the screen.
  let texts: string[] | undefined
  // The positions of the last query's matches, first `count` of one list kept while the field lives: a
  // keystroke that narrows them keeps those that still match at the front, so typing allocates nothing the
  // size of the catalog.
  let found: Uint32Array | undefined
  let last: { query: string; words: string[]; count: number; matches: Matches } | undefined
  return (query) => {
    if (last?.query === query) return last.matches
    texts ??= choices.map((choice) => `${choice.id} ${choice.label}`.toLowerCase())
    found ??= new Uint32Array(choices.length)
    const [haystacks, positions] = [texts, found]
    const words = wordsOf(query)
    const exact = query.trim()
    let count = 0
    const shown: ModelChoice[] = []
    const visit = (index: number) => {
      const text = haystacks[index] as string
      if (!words.every((word) => text.includes(word))) return
      positions[count++] = index
      const choice = choices[index] as ModelChoice
      if (choice.id === exact) shown.unshift(choice)
      else if (shown.length < limit) shown.push(choice)
    }
    // Narrowing writes each match at or before the place it is read from.
    if (last && wordsNarrow(last.words, words))
      for (let at = 0, before = last.count; at < before; at++) visit(positions[at] as number)
    else for (let index = 0; index < choices.length; index++) visit(index)
    const matches = { shown: shown.slice(0, limit), total: count }
    last = { query, words, count, matches }
    return matches
  }
}
