import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { choiceMatcher, type ModelChoice, wordsNarrow } from './model-matching.ts'

// Ids, names and queries of a few letters, so that queries match some choices and not others.
const letters = fc.constantFrom('a', 'b', 'c', 'o', '4', '-', 'A', 'B')
const word = fc.string({ unit: letters, minLength: 1, maxLength: 3 })
const choices = fc
  .uniqueArray(
    fc.record({
      id: fc.string({ unit: letters, minLength: 1, maxLength: 5 }),
      label: fc.string({ unit: letters }),
    }),
    { selector: (choice) => choice.id, maxLength: 60 },
  )
  .map((list): ModelChoice[] => list)
/** What a person types in turn: letters added, words started, letters taken back, the field emptied. */
const queries = fc.array(
  fc.oneof(
    word,
    fc.array(word, { maxLength: 3 }).map((words) => words.join(' ')),
  ),
  {
    maxLength: 12,
  },
)

describe('a model field’s matches', () => {
  it('are, after any queries before, those a first query finds', () => {
    fc.assert(
      fc.property(choices, queries, fc.integer({ min: 1, max: 8 }), (list, typed, limit) => {
        const matcher = choiceMatcher(list, limit)
        for (const query of typed) expect(matcher(query)).toEqual(choiceMatcher(list, limit)(query))
      }),
      { numRuns: 500 },
    )
  })

  it('are every choice holding each word, in order, an exact id first, and how many in all', () => {
    const list: ModelChoice[] = [
      { id: 'aurora/flash', label: 'Aurora Flash' },
      { id: 'gpt-4', label: 'GPT 4' },
      { id: 'gpt-4o', label: 'GPT 4o' },
      { id: 'gpt-4o-mini', label: 'GPT 4o mini' },
    ]
    const matches = choiceMatcher(list, 2)
    expect(matches('gpt 4')).toEqual({ shown: [list[1], list[2]], total: 3 })
    expect(matches('gpt 4o')).toEqual({ shown: [list[2], list[3]], total: 2 })
    expect(matches('gpt-4o-mini')).toEqual({ shown: [list[3]], total: 1 })
    expect(matches('GPT-4')).toEqual({ shown: [list[1], list[2]], total: 3 })
    expect(matches('flash aurora')).toEqual({ shown: [list[0]], total: 1 })
    expect(matches('')).toEqual({ shown: [list[0], list[1]], total: 4 })
  })
})

describe('whether a query narrows the one before', () => {
  it('holds when each word before lies within a word after', () => {
    expect(wordsNarrow(['gpt', '4'], ['gpt', '4o'])).toBe(true)
    expect(wordsNarrow(['gpt'], ['4', 'gpt-4'])).toBe(true)
    expect(wordsNarrow([], ['anything'])).toBe(true)
  })

  it('does not when a word was taken back or changed', () => {
    expect(wordsNarrow(['gpt', '4o'], ['gpt', '4'])).toBe(false)
    expect(wordsNarrow(['gpt-4'], ['gpt', '4'])).toBe(false)
    expect(wordsNarrow(['a'], [])).toBe(false)
  })
})
