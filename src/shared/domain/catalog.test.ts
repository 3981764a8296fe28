import { describe, expect, it } from 'vitest'
import { playgroundUses, rolesOf, servesUse, startingModel } from './catalog.ts'

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
