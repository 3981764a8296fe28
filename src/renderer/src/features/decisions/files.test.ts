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

  it('says which file is not JSON, and what in it is not a questionnaire', async () => {
    await expect(readQuestionnaireFile(exported('{"name":', 'cut.json'))).rejects.toThrow(
      /^cut\.json is not JSON: /,
    )
    await expect(
      readQuestionnaireFile(exported({ name: 'x', questions: 'none' }, 'other.json')),
    ).rejects.toThrow(
      /^other\.json is neither a questionnaire this app exported nor a decision request: it has neither the “id”/,
    )
    // A request whose question has no type is named at that question.
    await expect(
      readQuestionnaireFile(
        exported({ model: 'm', input: 'x', questions: [{ instructions: 'Is it spam?' }] }, 'request.json'),
      ),
    ).rejects.toThrow(/: questions › 1 › type/)
  })

  it('reads the request body that View request shows as a questionnaire to build on', async () => {
    const body = {
      model: 'sysone/judge-1',
      input: 'Where is my parcel?',
      questions: [
        { type: 'predicate', name: 'spam', instructions: 'Is it spam?', criteria: { true: 'an advert' } },
        {
          type: 'choice',
          instructions: { topic: 'which?' },
          choices: [{ value: 'billing' }, { value: 'delivery' }],
        },
        {
          type: 'score',
          name: 'urgency',
          instructions: 'How urgent?',
          levels: [{ label: 'low' }, { label: 'high' }],
        },
      ],
    }
    const questionnaire = await readQuestionnaireFile(exported(body, 'support-request.json'))
    expect(questionnaire.name).toBe('support-request')
    expect(
      questionnaire.questions.map((q) => [
        q.kind,
        q.name,
        q.instructions,
        q.instructionsAsJson,
        q.criteriaTrue,
      ]),
    ).toEqual([
      ['predicate', 'spam', 'Is it spam?', false, 'an advert'],
      ['choice', '', '{\n  "topic": "which?"\n}', true, ''],
      ['score', 'urgency', 'How urgent?', false, ''],
    ])
    expect(questionnaire.questions[1]?.choices.map((choice) => choice.value)).toEqual(['billing', 'delivery'])
    expect(questionnaire.questions[2]?.levels.map((level) => level.label)).toEqual(['low', 'high'])
  })
})
