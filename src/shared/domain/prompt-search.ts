// How far a search of the video jobs' prompts reaches. Text of three characters or more goes through the prompt
// index and looks through the newest matches only, so a word found in every prompt answers as fast as a rare one;
// shorter text cannot use the index and is looked for in the newest jobs. The board says when either left
// something out.

/** Characters a search needs to go through the prompt index (it holds every run of three). */
export const indexedSearchLength = 3

/** The newest matching jobs (as they came into the history) a search through the index looks through. */
export const searchReach = 1_000

/** The newest jobs a search of one or two characters looks through. */
export const shortSearchReach = 10_000

/** What a search left out: older matches past its reach, or jobs older than a short search looks at. */
export const searchLeftOuts = ['older matches', 'older jobs'] as const
export type SearchLeftOut = (typeof searchLeftOuts)[number] | null

export const isIndexedSearch = (text: string) => [...text].length >= indexedSearchLength
