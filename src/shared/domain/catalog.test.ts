import { describe, expect, it } from 'vitest'
import { rolesOf, startingModel } from './catalog.ts'

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
