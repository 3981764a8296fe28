// How far a search of the video jobs' prompts reaches. Text of three characters or more goes through the
// prompt index and looks through the newest matches only, so a word found in every other prompt answers as
// fast as a rare one; shorter text cannot use the index and is looked for in the newest jobs. The board tells
// the person when either leaves something out.

/** Characters a search needs to go through the prompt index (it holds every run of three). */
export const indexedSearchLength = 3

/** The newest matching jobs a search through the index looks through. */
export const searchReach = 1_000

/** The newest jobs a search of one or two characters looks through. */
export const shortSearchReach = 10_000

/** What a search left out: older matches past its reach, or jobs older than a short search looks at. */
export type SearchLeftOut = 'older matches' | 'older jobs' | null

export const isIndexedSearch = (text: string) => [...text].length >= indexedSearchLength

/** The longest text a search takes. */
export const searchTextLimit = 500

/** Text with its ASCII letters in lower case, as a short search (LIKE) compares plain ASCII text. */
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase())
/**
 * The same, as the prompt index compares it: it folds the case of every letter, and two letters outside
 * ASCII fold into it, the Kelvin sign into k and the long s into s.
 */
const foldIndexed = (text: string) =>
  foldAscii(text)
    .replace(/\u212a/g, 'k')
    .replace(/\u017f/g, 's')
const isPlainAscii = (text: string) => /^[\x20-\x7e]*$/.test(text)

/**
 * Whether the history's search for `text` finds `prompt`: the text anywhere in it, in any case. Exact for
 * plain ASCII text, the only text the page searches by itself (`searchNarrows`).
 */
export function promptContains(prompt: string, text: string): boolean {
  const fold = isIndexedSearch(text) ? foldIndexed : foldAscii
  return fold(prompt).includes(foldAscii(text))
}

/**
 * Whether the first jobs a search for `to` finds are the first jobs shown for `from` whose prompt contains
 * `to`, in the same order: `to` adds plain ASCII text to `from`, so it finds fewer prompts and looks through
 * no fewer jobs, newest first. From no search at all, that holds only with no other filter set: the newest
 * jobs of a status or a model may lie past what a search looks through. Nor from a short search to one
 * through the index: the index finds prompts the short search did not look at, and folds two letters it
 * does not.
 */
export function searchNarrows(from: string, to: string, otherFilters: boolean): boolean {
  if (!isPlainAscii(to) || !isPlainAscii(from) || to === from || to.length > searchTextLimit) return false
  if (!foldAscii(to).includes(foldAscii(from))) return false
  if (from === '') return !otherFilters
  return isIndexedSearch(from) || !isIndexedSearch(to)
}

/**
 * When the jobs shown for a search were all it found (`shown`: what it left out), what the narrowed search
 * `to` (`searchNarrows`) leaves out, its jobs being all at hand too; undefined when they may not be: a
 * search through the index looks past the newest jobs a short search looked through, and past the matches
 * of a search whose reach it was.
 */
export function leftOutOfNarrowed(to: string, shown: SearchLeftOut): SearchLeftOut | undefined {
  if (shown === null) return null
  return shown === 'older jobs' && !isIndexedSearch(to) ? 'older jobs' : undefined
}

/** Prompts made ready for many searches, newest first as jobs came in: each as both searches compare it. */
export interface SearchablePrompts {
  /** As a short search compares it (ASCII letters folded). */
  ascii: string[]
  /** As the index compares it: the same string, unless the prompt holds a letter the index folds too. */
  indexed: string[]
}

/** A prompt as both searches compare it (`SearchablePrompts`). */
export function searchable(prompt: string): [ascii: string, indexed: string] {
  // Text of ASCII alone folds as toLowerCase folds it, which is much faster than folding letter by letter.
  const ascii = /^\p{ASCII}*$/u.test(prompt) ? prompt.toLowerCase() : foldAscii(prompt)
  return [ascii, /[\u212a\u017f]/.test(prompt) ? foldIndexed(prompt) : ascii]
}

/** The result of `firstMatches`. */
export interface FirstMatches {
  positions: number[]
  whole: boolean
  searchLeftOut: SearchLeftOut | undefined
}

/**
 * The history's search over every job at hand, newest first as they came in (`prompts`), with the other filters
 * as `others` (by position): the positions of the first `enough` jobs it finds, in order. `whole` when those
 * are all it finds; what it left out, or undefined when that is not known yet (the first matches through the
 * index were found before the last). Undefined for text the page does not search by itself (not plain ASCII).
 * Exact only when `prompts` is the whole history.
 */
export function firstMatches(
  prompts: SearchablePrompts,
  text: string,
  others: (position: number) => boolean,
  enough: number,
): FirstMatches | undefined {
  if (!isPlainAscii(text) || text.length > searchTextLimit) return undefined
  const needle = foldAscii(text)
  const indexed = isIndexedSearch(text)
  const folded = indexed ? prompts.indexed : prompts.ascii
  const reach = text === '' || indexed ? folded.length : Math.min(folded.length, shortSearchReach)
  const olderJobs = text !== '' && !indexed && folded.length > shortSearchReach
  const positions: number[] = []
  let matches = 0
  for (let at = 0; at < reach; at++) {
    if (!(folded[at] as string).includes(needle)) continue
    if (indexed && ++matches > searchReach) return { positions, whole: true, searchLeftOut: 'older matches' }
    if (!others(at)) continue
    positions.push(at)
    if (positions.length === enough)
      return { positions, whole: false, searchLeftOut: indexed ? undefined : olderJobs ? 'older jobs' : null }
  }
  return { positions, whole: true, searchLeftOut: olderJobs ? 'older jobs' : null }
}
