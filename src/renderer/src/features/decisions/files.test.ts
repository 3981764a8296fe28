// A questionnaire file as the Export link writes it is read back whole; anything else is refused by name.
import { describe, expect, it } from 'vitest'
import { readQuestionnaireFile } from './files.ts'
import { templates } from './templates.ts'

const exported = (value: unknown, name: string) =>
  new File([typeof value === 'string' ? value : JSON.stringify(value, null, 2)], name, {
    type: 'application/json',
  })

describe('readQuestionnaireFile', () => {
  it('reads back what the Export link writes', async () => {
    const questionnaire = templates[0]?.build()
    expect(questionnaire).toBeDefined()
    await expect(readQuestionnaireFile(exported(questionnaire, 'triage.json'))).resolves.toEqual(
      questionnaire,
    )
  })

  it('says which file is not JSON, and which is not a questionnaire', async () => {
    await expect(readQuestionnaireFile(exported('{"name":', 'cut.json'))).rejects.toThrow(
      'cut.json is not JSON.',
    )
    await expect(
      readQuestionnaireFile(exported({ name: 'x', questions: 'none' }, 'other.json')),
    ).rejects.toThrow('other.json is not a questionnaire exported by this app.')
  })
})
