import { describe, expect, it } from 'vitest'
import { yesOrNo } from '../testing/questionnaires.ts'
import type { QuestionDraft, Questionnaire } from './questionnaire.ts'
import { questionnaireChanges } from './questionnaire-changes.ts'

const question = (id: string, name: string, change: Partial<QuestionDraft> = {}): QuestionDraft =>
  yesOrNo(name, { id, instructions: 'Is it urgent?', ...change })
const team = question('q2', 'team', {
  kind: 'choice',
  instructions: 'Which team?',
  choices: [
    { id: 'c1', value: 'billing', description: '' },
    { id: 'c2', value: 'shipping', description: '' },
  ],
})
const here: Questionnaire = { id: 'triage', name: 'Triage', questions: [question('q1', 'urgent'), team] }

describe('what another run asked otherwise', () => {
  it('says nothing of the same questions, whatever their ids, the name of the whole or a threshold', () => {
    const same = structuredClone(here)
    same.name = 'Triage, built again from its template'
    for (const [at, one] of same.questions.entries()) {
      one.id = `again-${at}`
      for (const choice of one.choices) choice.id = `${choice.id}-again`
    }
    // Not sent: the app's reading of a yes or no.
    if (same.questions[0]) same.questions[0].threshold = 0.7
    expect(questionnaireChanges(here, same)).toEqual([])
  })

  it('names each question that differs, by its title here, with what differs in it', () => {
    const there: Questionnaire = {
      ...here,
      questions: [
        question('q1', 'urgent', { instructions: 'Must it be answered today?' }),
        { ...team, choices: [...team.choices, { id: 'c3', value: 'account', description: '' }] },
      ],
    }
    expect(questionnaireChanges(here, there)).toEqual(['urgent: instructions', 'team: choices'])
  })

  it('says which questions one run asked and the other did not, renamed or moved', () => {
    const there: Questionnaire = {
      ...here,
      questions: [team, question('q1', 'is it urgent'), question('q3', 'tone', { kind: 'score' })],
    }
    expect(questionnaireChanges(here, there)).toEqual([
      'urgent: named “is it urgent”, asked in another place',
      'team: asked in another place',
      'tone: added',
    ])
    expect(questionnaireChanges(there, here)).toEqual([
      'team: asked in another place',
      'is it urgent: named “urgent”, asked in another place',
      'tone: not asked',
    ])
  })
})
