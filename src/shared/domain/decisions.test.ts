import { describe, expect, it } from 'vitest'
import {
  checkQuestions,
  checkUnifiedDecision,
  decisionMessages,
  fromUnified,
  isNativeDecisionBody,
} from './decisions.ts'
import { jsonDepth } from './json-depth.ts'
import { estimateTokens } from './tokens.ts'

const dedicated = { id: 'sysone/judge-1', dedicated: true, readsImages: false }

describe('decision rules', () => {
  it('finds every problem of the questions, each at its path', () => {
    const problems = checkQuestions(
      fromUnified([
        { type: 'choice', name: 'a', instructions: 'x' },
        { type: 'score', name: 'a', instructions: 'x', levels: [{ label: 'only' }] },
        {
          type: 'score',
          instructions: 'x',
          levels: Array.from({ length: 11 }, (_, i) => ({ label: String(i) })),
        },
        {
          type: 'choice',
          instructions: 'x',
          choices: Array.from({ length: 256 }, (_, i) => ({ value: String(i) })),
        },
      ]),
    )
    expect(problems.map((p) => [p.message, p.path.join('.')])).toEqual([
      [decisionMessages.choiceWithoutChoices('a'), 'questions.0.choices'],
      [decisionMessages.duplicateName('a'), 'questions.1.name'],
      [decisionMessages.tooFewLevels, 'questions.1.levels'],
      [decisionMessages.tooManyLevels, 'questions.2.levels'],
      [decisionMessages.tooManyChoices, 'questions.3.choices'],
    ])
  })

  it('names an unnamed choice question by its position', () => {
    expect(checkQuestions(fromUnified([{ type: 'choice', instructions: 'x' }]))[0]?.message).toBe(
      'question "questions[0]" has kind choice and requires criteria options',
    )
  })

  it('knows images, nesting and the dedicated context', () => {
    const image = [
      { role: 'user', content: [{ type: 'input_image' as const, image_url: 'https://x/y.png' }] },
    ]
    const q = [{ type: 'predicate' as const, instructions: 'p' }]
    expect(checkUnifiedDecision({ model: 'm', input: image, questions: q }, dedicated)[0]?.message).toBe(
      decisionMessages.imageForDedicated('sysone/judge-1'),
    )
    expect(
      checkUnifiedDecision(
        { model: 'm', input: image, questions: q },
        { ...dedicated, dedicated: false, readsImages: true },
      ),
    ).toEqual([])
    expect(
      checkUnifiedDecision({ model: 'm', input: 'w'.repeat(4 * 65_536 + 40), questions: q }, dedicated)[0]
        ?.path,
    ).toEqual(['input'])
  })

  it('recognises a native body', () => {
    expect(isNativeDecisionBody({ state: 'x', questions: {} })).toBe(true)
    expect(isNativeDecisionBody({ input: 'x', questions: [] })).toBe(false)
    expect(isNativeDecisionBody(null)).toBe(false)
  })
})

describe('jsonDepth and estimateTokens', () => {
  it('counts containers, iteratively', () => {
    expect(jsonDepth('x')).toBe(0)
    expect(jsonDepth({})).toBe(1)
    expect(jsonDepth({ a: [1, { b: null }] })).toBe(3)
    let deep: unknown = 1
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(jsonDepth(deep)).toBe(100_000)
  })

  it('estimates four characters per token, rounded up', () => {
    expect(estimateTokens('abcd')).toBe(1)
    expect(estimateTokens('abcde')).toBe(2)
    expect(estimateTokens({ a: 1 })).toBe(2)
  })
})
