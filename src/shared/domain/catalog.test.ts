import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  disagreementsOf,
  type ListingStyle,
  listingStyles,
  playgroundUses,
  priceNames,
  rolesOf,
  type StyleView,
  servesUse,
  startingModel,
} from './catalog.ts'

const model = (id: string, outputModalities: string[], supportedParameters: string[] = []) => ({
  id,
  roles: rolesOf({ outputModalities, supportedParameters }),
})

describe('the model a screen starts on', () => {
  it('is a text model even when an image model that also writes text comes first', () => {
    const models = [
      model('aurora/flash-image', ['image', 'text']),
      model('sysone/judge-1', ['text'], ['safety_identifier']),
      model('aurora/flash-2', ['text']),
    ].filter((m) => m.roles.includes('chat'))
    expect(startingModel(models)?.id).toBe('aurora/flash-2')
  })

  it('is the first usable model when none is text only, and nothing when there is none', () => {
    expect(startingModel([model('aurora/flash-image', ['image', 'text'])])?.id).toBe('aurora/flash-image')
    expect(startingModel([])).toBeUndefined()
  })
})

describe('the models the playground lists for each use', () => {
  const listed = (outputs: string[], parameters: string[], cacheRead: string | null) => {
    const prices = { prompt: '0', completion: '0', cacheRead, cacheWrite5m: null, cacheWrite1h: null }
    const view = { ...model('m', outputs, parameters), outputModalities: outputs, prices }
    return playgroundUses.filter((use) => servesUse(view, use))
  }
  it('lists a chat model for messages and generateContent, and for a cache only when it prices cache reads', () => {
    expect(listed(['text'], [], null)).toEqual(['messages', 'generate'])
    expect(listed(['text'], [], '0.0000001')).toEqual(['messages', 'generate', 'cache'])
  })
  it('lists an image model that also writes text, and nothing that only draws or only decides', () => {
    expect(listed(['image', 'text'], [], null)).toEqual(['messages', 'generate'])
    expect(listed(['image'], [], '0.0000001')).toEqual([])
    expect(listed(['text'], ['safety_identifier'], '0.0000001')).toEqual([])
  })
})

describe('where the listing styles disagree about a model', () => {
  /** The rule as written: every field and price each style quotes (null left out) compared with the first. */
  const byTheRule = (views: Partial<Record<ListingStyle, StyleView>>) => {
    const present = listingStyles.filter((style) => views[style])
    const reads: [string, (view: StyleView) => unknown][] = [
      ...(
        ['name', 'description', 'created', 'canonicalSlug', 'inputModalities', 'outputModalities'] as const
      ).map((field) => [field, (view: StyleView) => view[field]] as [string, (view: StyleView) => unknown]),
      ...(
        [
          'contextLength',
          'maxCompletionTokens',
          'moderated',
          'supportedParameters',
          'expirationDate',
        ] as const
      ).map((field) => [field, (view: StyleView) => view[field]] as [string, (view: StyleView) => unknown]),
      ...priceNames.map(
        (price) =>
          [`prices.${price}`, (view: StyleView) => view.prices[price]] as [
            string,
            (view: StyleView) => unknown,
          ],
      ),
    ]
    return reads.flatMap(([field, read]) => {
      const values = Object.fromEntries(
        present.flatMap((style) => {
          const value = read(views[style] as StyleView)
          return value === null || value === undefined ? [] : [[style, value]]
        }),
      )
      const list = Object.values(values)
      return list.length > 1 && list.some((value) => JSON.stringify(value) !== JSON.stringify(list[0]))
        ? [{ field, values }]
        : []
    })
  }
  const maybe = <T>(values: T[]) => fc.constantFrom<T | null>(null, ...values)
  /** A list as each style would read it: equal lists are never the same array. */
  const list = (...lists: string[][]) => fc.constantFrom(...lists).map((items) => [...items])
  const view: fc.Arbitrary<StyleView> = fc.record({
    id: fc.constant('m'),
    name: fc.constantFrom('A', 'B'),
    description: fc.constantFrom('', 'x'),
    created: maybe([1, 2]),
    canonicalSlug: fc.constant('m'),
    inputModalities: list(['text'], ['text', 'image'], ['image', 'text']),
    outputModalities: list(['text'], ['image']),
    contextLength: maybe([8000, 128000]),
    maxCompletionTokens: maybe([0, 4096]),
    prices: fc.record({
      prompt: maybe(['0', '0.1']),
      completion: maybe(['0.2']),
      cacheRead: maybe(['0', '0.01']),
      cacheWrite5m: maybe(['0.3']),
      cacheWrite1h: maybe(['0.3', '0.4']),
    }),
    perSecond: maybe(['0.5']),
    moderated: fc.boolean(),
    supportedParameters: list([], ['tools'], ['tools', 'safety_identifier']),
    expirationDate: maybe(['2027-01-01']),
  })

  it('finds exactly the fields and prices two styles quote differently, with what each quotes', () => {
    fc.assert(
      fc.property(
        fc.record({ unified: view, generative: view, messages: view }, { requiredKeys: [] }),
        (views) => {
          expect(disagreementsOf(views)).toEqual(byTheRule(views))
        },
      ),
      { numRuns: 2000, seed: 7 },
    )
  })
})
