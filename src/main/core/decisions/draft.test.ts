// The questionnaire being built is kept as it changes and read back after a restart.
import { describe, expect, it } from 'vitest'
import { startCore } from '../../testing/core.ts'

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
    },
  ],
}

describe('the questionnaire draft', () => {
  it('is kept, replaced by the next one, and read back after a restart', async () => {
    const first = await startCore()
    expect(await first.call('questionnaires.draft', {})).toBeNull()
    await first.call('questionnaires.keepDraft', { ...questionnaire, name: 'Before' })
    await first.call('questionnaires.keepDraft', questionnaire)
    await first.core.close()
    const second = await startCore({ userData: first.userData })
    expect(await second.call('questionnaires.draft', {})).toEqual(questionnaire)
    await second.core.close()
  })

  it('reads as none when what was kept is no longer a questionnaire', async () => {
    const env = await startCore()
    env.core.history.drafts.put('questionnaire', '{"id": 5', Date.now())
    expect(await env.call('questionnaires.draft', {})).toBeNull()
    env.core.history.drafts.put('questionnaire', '{"id": "x"}', Date.now())
    expect(await env.call('questionnaires.draft', {})).toBeNull()
    await env.core.close()
  })
})
