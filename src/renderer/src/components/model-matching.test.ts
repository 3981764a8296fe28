import { describe, expect, it } from 'vitest'
import { choiceMatcher, type ModelChoice } from './model-matching.ts'

describe('a model field’s matches', () => {
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
