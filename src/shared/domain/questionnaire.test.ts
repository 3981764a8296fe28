import { describe, expect, it } from 'vitest'
import {
  choicesFromLines,
  type QuestionDraft,
  type Questionnaire,
  questionnaireLimits,
  questionOfError,
  toNativeRequest,
  toUnifiedRequest,
} from './questionnaire.ts'
import { blockedReason, builderProblems } from './questionnaire-checks.ts'

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
        path: ['questions', 0, 'choices', 1, 'value'],
        message: 'Choice 2 repeats choice 1 (“billing”).',
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

describe('the builder’s checks, in the person’s words and at the field', () => {
  const [predicate, choice, score] = questionnaire.questions as [QuestionDraft, QuestionDraft, QuestionDraft]

  it('asks for a question when there is none, instead of pointing at red fields', () => {
    const empty = { ...questionnaire, questions: [] }
    expect(builderProblems(empty).map((problem) => problem.message)).toEqual(['Add a question to run.'])
    expect(blockedReason(builderProblems(empty), empty)).toBe('Add a question to run.')
    expect(blockedReason(builderProblems(questionnaire), questionnaire)).toBeNull()
  })

  it('flags a shared name on every question that has it, numbered from 1', () => {
    const shared = {
      ...questionnaire,
      questions: [
        { ...predicate, name: 'topic' },
        { ...choice, name: 'topic' },
      ],
    }
    expect(builderProblems(shared).map((problem) => [problem.path, problem.message])).toEqual([
      [['questions', 0, 'name'], '“topic” is also the name of question 2. Give each question its own name.'],
      [['questions', 1, 'name'], '“topic” is also the name of question 1. Give each question its own name.'],
    ])
    expect(blockedReason(builderProblems(shared), shared)).toBe('Fix the questions marked in red to run.')
  })

  it('asks for a new question’s name and instructions in words: it is not marked in red yet', () => {
    const added = { ...questionnaire, questions: [predicate, { ...choice, name: '', instructions: '' }] }
    expect(blockedReason(builderProblems(added), added)).toBe(
      'Give the new question a name and instructions to run.',
    )
    // With a question marked in red beside it, the red marks are named.
    const both = {
      ...added,
      questions: [{ ...predicate, name: 'topic' }, ...added.questions, { ...score, name: 'topic' }],
    }
    expect(blockedReason(builderProblems(both), both)).toBe('Fix the questions marked in red to run.')
  })

  it('flags an empty choice value and an empty level label at their rows', () => {
    const blanks = {
      ...questionnaire,
      questions: [
        { ...choice, choices: [{ id: 'a', value: ' ', description: 'nothing' }, ...choice.choices] },
        { ...score, levels: [...score.levels, { id: 'z', label: '', description: '' }] },
      ],
    }
    expect(builderProblems(blanks).map((problem) => [problem.path, problem.message])).toEqual([
      [['questions', 0, 'choices', 0, 'value'], 'Choice 1 has no value.'],
      [
        ['questions', 1, 'levels', score.levels.length, 'label'],
        `Level ${score.levels.length} has no label.`,
      ],
    ])
  })

  it('words the documents’ limits for people: no choices, and a score outside 2 to 10 levels', () => {
    const broken = {
      ...questionnaire,
      questions: [
        { ...choice, choices: [] },
        { ...score, levels: score.levels.slice(0, 1) },
      ],
    }
    expect(builderProblems(broken).map((problem) => problem.message)).toEqual([
      'A choice question needs at least one choice.',
      'A score takes 2 to 10 levels; this one has 1.',
    ])
  })
})

describe('the builder’s limits', () => {
  it('flags at its instructions a question with no name and no instructions, which would ask nothing', () => {
    const question = (name: string, instructions: string) => ({
      id: `q-${name}-${instructions}`,
      kind: 'predicate' as const,
      name,
      instructions,
      instructionsAsJson: false,
      criteriaTrue: '',
      criteriaFalse: '',
      choices: [],
      levels: [],
    })
    const asked = {
      id: 'q',
      name: 'Empty',
      questions: [question('', '  '), question('spam', ''), question('', 'Is it spam?')],
    }
    const problems = builderProblems(asked)
    expect(problems.map((problem) => [problem.path.join('.'), problem.message])).toEqual([
      [
        'questions.0.instructions',
        'Say what the model should decide: with no name and no instructions this question asks nothing, and each run of it is billed.',
      ],
    ])
    expect(blockedReason(problems, asked)).toBe('Give the new question a name and instructions to run.')
  })

  it('flags an instruction, a name or a whole questionnaire too long at its field', () => {
    const blank = (instructions: string, name = '') => ({
      id: `q-${instructions.length}-${name.length}`,
      kind: 'predicate' as const,
      name,
      instructions,
      instructionsAsJson: false,
      criteriaTrue: '',
      criteriaFalse: 'n'.repeat(questionnaireLimits.criteria + 1),
      choices: [],
      levels: [],
    })
    const problems = builderProblems({
      id: 'q',
      name: 'Long',
      questions: [blank('i'.repeat(questionnaireLimits.instructions + 1), 'a'.repeat(201))],
    })
    expect(problems.map((problem) => [problem.path.join('.'), problem.message])).toEqual(
      expect.arrayContaining([
        ['questions.0.name', 'The name is 201 characters long; at most 200 are kept.'],
        ['questions.0.instructions', 'The instructions are 50,001 characters long; at most 50,000 are kept.'],
        ['questions.0.criteria', 'The criteria are 10,001 characters long; at most 10,000 are kept.'],
      ]),
    )
    const whole = builderProblems({
      id: 'q',
      name: 'Many',
      questions: Array.from({ length: 25 }, (_, index) =>
        blank(`${index}${'w'.repeat(45_000)}`, `q${index}`),
      ),
    })
    expect(whole.find((problem) => problem.path.join('.') === 'questions')?.message).toMatch(
      /at most 1,000,000 characters in all; this one has 1,/,
    )
  })
})
