// A screen's draft is kept in its screen's shape and read back only while it still has it: a draft that does
// not read (written by another version, or damaged) is as good as none, and a screen starts empty.
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCore } from '../../testing/core.ts'

let env: Awaited<ReturnType<typeof startCore>>
beforeAll(async () => {
  env = await startCore()
})
afterAll(async () => {
  await env.core.close()
  rmSync(env.userData, { recursive: true, force: true })
  rmSync(`${env.userData}.keychain`, { force: true })
})

describe('a screen’s draft', () => {
  it('is kept and read back in its screen’s shape; one of another shape is refused, one that no longer reads is none', async () => {
    expect(await env.call('drafts.get', { kind: 'images' })).toEqual({ draft: null })
    const draft = { prompt: 'a lighthouse', modelId: 'lumen/image-1', options: { n: 2 }, provider: '' }
    await env.call('drafts.keep', { kind: 'images', draft })
    expect(await env.call('drafts.get', { kind: 'images' })).toEqual({ draft })
    await expect(
      env.call('drafts.keep', { kind: 'playground-messages', draft: { prompt: 'not a turn' } }),
    ).rejects.toMatchObject({ code: 'validation_failed' })
    // Written in another shape (by another version): read back as none.
    env.core.history.drafts.put('images', JSON.stringify({ text: 'old shape' }), Date.now())
    expect(await env.call('drafts.get', { kind: 'images' })).toEqual({ draft: null })
    env.core.history.drafts.put('images', '{not json', Date.now())
    expect(await env.call('drafts.get', { kind: 'images' })).toEqual({ draft: null })
  })

  it('keeps the questionnaire being built, the last one kept read back after a restart', async () => {
    const questionnaire = {
      id: 'draft-1',
      name: 'Triage',
      questions: [
        {
          id: 'q1',
          kind: 'predicate' as const,
          name: 'spam',
          instructions: 'Is it spam?',
          instructionsAsJson: false,
          criteriaTrue: '',
          criteriaFalse: '',
          choices: [],
          levels: [],
          threshold: 0.7,
        },
      ],
    }
    const first = await startCore()
    try {
      expect(await first.call('drafts.get', { kind: 'questionnaire' })).toEqual({ draft: null })
      await first.call('drafts.keep', { kind: 'questionnaire', draft: { ...questionnaire, name: 'Before' } })
      await first.call('drafts.keep', { kind: 'questionnaire', draft: questionnaire })
      await expect(
        first.call('drafts.keep', { kind: 'questionnaire', draft: { ...questionnaire, id: 5 } }),
      ).rejects.toMatchObject({ code: 'validation_failed' })
      await first.core.close()
      const second = await startCore({ userData: first.userData })
      expect(await second.call('drafts.get', { kind: 'questionnaire' })).toEqual({ draft: questionnaire })
      second.core.history.drafts.put('questionnaire', '{"id": "x"}', Date.now())
      expect(await second.call('drafts.get', { kind: 'questionnaire' })).toEqual({ draft: null })
      await second.core.close()
    } finally {
      rmSync(first.userData, { recursive: true, force: true })
      rmSync(`${first.userData}.keychain`, { force: true })
    }
  })
})
