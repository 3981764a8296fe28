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

  it('lists an exact id or name first, whatever its case and wherever the service lists it', () => {
    const list: ModelChoice[] = [
      { id: 'lumen/image-1-edit', label: 'Lumen Image 1 Edit' },
      { id: 'orbit/motion-2-hd', label: 'Orbit Motion 2 HD · $0.10/s' },
      { id: 'lumen/image-1', label: 'Lumen Image 1' },
      { id: 'orbit/motion-2', label: 'Orbit Motion 2 · $0.05/s' },
    ]
    const first = (query: string) => choiceMatcher(list, 10)(query).shown[0]?.id
    expect(first('lumen/image-1')).toBe('lumen/image-1')
    expect(first('LUMEN/IMAGE-1')).toBe('lumen/image-1')
    expect(first('Lumen Image 1')).toBe('lumen/image-1')
    expect(first(' lumen  image 1 ')).toBe('lumen/image-1')
    // A label may carry the price after the name: the name alone is exact.
    expect(first('orbit motion 2')).toBe('orbit/motion-2')
    // What is not exact keeps the service's order.
    expect(first('lumen image')).toBe('lumen/image-1-edit')
    // The store's answer is ordered the same way.
    expect(choiceMatcher(list, 10)('Lumen Image 1', { added: undefined }).shown[0]?.id).toBe('lumen/image-1')
  })
})
