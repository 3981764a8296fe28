import { describe, expect, it } from 'vitest'
import {
  builderProblems,
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

describe('what the native form could not carry', () => {
  const [predicate, choice] = questionnaire.questions as [QuestionDraft, QuestionDraft, QuestionDraft]
  it('refuses, at the name field, an unnamed question whose generated id is another question’s name', () => {
    // The second question is unnamed, so it is sent as "q2"; the first one is named "q2".
    const colliding: Questionnaire = {
      ...questionnaire,
      questions: [{ ...predicate, name: 'q2' }, choice],
    }
    expect(builderProblems(colliding)).toEqual([
      expect.objectContaining({
        path: ['questions', 1, 'name'],
        message: 'Question 2 has no name, so it is sent as “q2”, the name of question 1. Give it a name.',
      }),
    ])
    expect(() => toNativeRequest(colliding, 'x', 'judge-1')).toThrow('Give it a name')
  })

  it('refuses, at the choices, two choices with one value, and never merges them', () => {
    const twice: Questionnaire = {
      ...questionnaire,
      questions: [
        {
          ...choice,
          choices: [
            { id: 'c1', value: 'billing', description: 'invoices' },
            { id: 'c2', value: 'billing ', description: 'refunds' },
          ],
        },
      ],
    }
    expect(builderProblems(twice)).toEqual([
      expect.objectContaining({
        path: ['questions', 0, 'choices'],
        message: 'Two choices have the value “billing”. Give each choice its own value.',
      }),
    ])
    expect(() => toNativeRequest(twice, 'x', 'judge-1')).toThrow('its own value')
  })

  it('finds nothing wrong with a questionnaire the native form carries whole', () => {
    expect(builderProblems(questionnaire)).toEqual([])
    expect(Object.keys(toNativeRequest(questionnaire, 'x', 'judge-1').questions)).toEqual([
      'urgent',
      'q2',
      'tone',
    ])
  })
})
