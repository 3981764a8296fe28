import { describe, expect, it } from 'vitest'
import {
  choicesFromLines,
  type QuestionDraft,
  type Questionnaire,
  questionOfError,
  toNativeRequest,
  toUnifiedRequest,
} from './questionnaire.ts'

let next = 0
const id = () => `id${next++}`
const questionnaire: Questionnaire = {
  id: 'q',
  name: 'Support triage',
  questions: [
    {
      id: id(),
      kind: 'predicate',
      name: 'urgent',
      instructions: 'Is it urgent?',
      instructionsAsJson: false,
      criteriaTrue: 'needs action today',
      criteriaFalse: '',
      choices: [],
      levels: [],
    },
    {
      id: id(),
      kind: 'choice',
      name: '',
      instructions: '{"question": "Which team?", "teams": ["billing", "shipping"]}',
      instructionsAsJson: true,
      criteriaTrue: '',
      criteriaFalse: '',
      choices: [
        { id: id(), value: 'billing', description: 'invoices and refunds' },
        { id: id(), value: 'shipping', description: ' ' },
      ],
      levels: [],
    },
    {
      id: id(),
      kind: 'score',
      name: 'tone',
      instructions: 'How polite?',
      instructionsAsJson: false,
      criteriaTrue: '',
      criteriaFalse: '',
      choices: [],
      levels: [
        { id: id(), label: 'rude', description: 'insults' },
        { id: id(), label: 'neutral', description: '' },
      ],
    },
  ],
}

describe('questionnaire requests', () => {
  it('builds the unified body: names only when given, JSON instructions parsed, empty descriptions left out', () => {
    expect(toUnifiedRequest(questionnaire, 'text', 'sysone/judge-1')).toEqual({
      model: 'sysone/judge-1',
      input: 'text',
      questions: [
        {
          type: 'predicate',
          name: 'urgent',
          instructions: 'Is it urgent?',
          criteria: { true: 'needs action today' },
        },
        {
          type: 'choice',
          instructions: { question: 'Which team?', teams: ['billing', 'shipping'] },
          choices: [{ value: 'billing', description: 'invoices and refunds' }, { value: 'shipping' }],
        },
        {
          type: 'score',
          name: 'tone',
          instructions: 'How polite?',
          levels: [{ label: 'rude', description: 'insults' }, { label: 'neutral' }],
        },
      ],
    })
  })

  it('builds the native body: ids, noul, criteria as an option map and a level list', () => {
    expect(toNativeRequest(questionnaire, { text: 'x' }, 'judge-1')).toEqual({
      model: 'judge-1',
      state: { text: 'x' },
      questions: {
        urgent: { type: 'noul', instructions: 'Is it urgent?', criteria: { true: 'needs action today' } },
        q2: {
          type: 'choice',
          instructions: { question: 'Which team?', teams: ['billing', 'shipping'] },
          criteria: { billing: 'invoices and refunds', shipping: '' },
        },
        tone: { type: 'score', instructions: 'How polite?', criteria: ['rude: insults', 'neutral'] },
      },
    })
  })

  it('reads pasted choices, one per line, with optional descriptions', () => {
    expect(choicesFromLines('billing: invoices\n\n shipping — parcels \naccount', () => 'x')).toEqual([
      { id: 'x', value: 'billing', description: 'invoices' },
      { id: 'x', value: 'shipping', description: 'parcels' },
      { id: 'x', value: 'account', description: '' },
    ])
  })
})

describe('the question a service error concerns', () => {
  const blank: QuestionDraft = {
    id: '',
    kind: 'predicate',
    name: '',
    instructions: '',
    instructionsAsJson: false,
    criteriaTrue: '',
    criteriaFalse: '',
    choices: [],
    levels: [],
  }
  const questionnaire = {
    id: 'q',
    name: 'Q',
    questions: [
      { ...blank, id: 'a', name: 'angry' },
      { ...blank, id: 'b', name: 'topic', kind: 'choice' as const },
    ],
  }
  it('is found by the error path, a native id, or a quoted name in the message', () => {
    expect(questionOfError(questionnaire, { message: 'x', path: ['questions', 1, 'choices'] })).toBe(1)
    expect(questionOfError(questionnaire, { message: 'x', path: ['questions', 'angry'] })).toBe(0)
    expect(
      questionOfError(questionnaire, {
        message: 'question "topic" has kind choice and requires criteria options',
      }),
    ).toBe(1)
    expect(questionOfError(questionnaire, { message: 'Model not found' })).toBe(-1)
  })
})
