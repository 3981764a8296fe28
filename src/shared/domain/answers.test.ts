import { describe, expect, it } from 'vitest'
import type { DecisionResponse, NativeDecisionResponse } from '../api/decisions.ts'
import {
  answerNumber,
  answerParts,
  compareAnswers,
  type ShownAnswer,
  shownAnswers,
  sortKeyAt,
} from './answers.ts'
import type { Questionnaire } from './questionnaire.ts'

const question = {} as ShownAnswer['question']

describe('an answer split into what a person reads and its number', () => {
  it('a yes/no answer: yes or no, and the probability of yes', () => {
    const answer = { question, title: 'spam', probability: 0.83 }
    expect(answerParts(answer)).toEqual({ value: 'yes', number: 0.83 })
    expect(answerNumber(answer)).toBe('83%')
  })

  it('a yes/no answer reads as yes from its question’s threshold on', () => {
    const strict = { ...question, threshold: 0.9 }
    expect(answerParts({ question: strict, title: 'spam', probability: 0.83 }).value).toBe('no')
    expect(answerParts({ question: strict, title: 'spam', probability: 0.9 }).value).toBe('yes')
  })

  it('a choice: the pick, and the probability of the pick (not the confidence)', () => {
    const answer = {
      question,
      title: 'topic',
      pick: 'billing',
      confidence: 0.2,
      options: [
        { label: 'shipping', probability: 0.4 },
        { label: 'billing', probability: 0.6 },
      ],
    }
    expect(answerParts(answer)).toEqual({ value: 'billing', number: 0.6 })
  })

  it('a score: the nearest level’s label, and the weighted score', () => {
    const options = ['low', 'medium', 'high'].map((label) => ({ label, probability: 1 / 3 }))
    const answer = { question, title: 'urgency', score: 1.62, options }
    expect(answerParts(answer)).toEqual({ value: 'high', number: 1.62 })
    expect(answerNumber(answer)).toBe('1.62')
  })
})

describe('two runs compared question by question', () => {
  it('lines up answers by question, marks those that differ, and a question one run lacks', () => {
    const levels = ['low', 'high'].map((label) => ({ label, probability: 0.5 }))
    const first = [
      { question, title: 'spam', probability: 0.83 },
      { question, title: 'urgency', score: 0.2, options: levels },
    ]
    const second = [
      { question, title: 'urgency', score: 0.9, options: levels },
      { question, title: 'spam', probability: 0.71 },
      { question, title: 'topic', pick: 'billing', options: [{ label: 'billing', probability: 0.6 }] },
    ]
    expect(compareAnswers([first, second])).toEqual([
      { title: 'spam', answers: ['yes 83%', 'yes 71%'], differs: false },
      { title: 'urgency', answers: ['low 0.20', 'high 0.90'], differs: true },
      { title: 'topic', answers: [null, 'billing 60%'], differs: true },
    ])
  })
})

describe('the value a question’s column sorts by', () => {
  const draft = {
    instructions: '',
    instructionsAsJson: false,
    criteriaTrue: '',
    criteriaFalse: '',
    choices: [],
  }
  const levels = ['low', 'high'].map((label, at) => ({ id: `l${at}`, label, description: '' }))
  const questionnaire: Questionnaire = {
    id: 'triage',
    name: 'Triage',
    questions: [
      { ...draft, id: 'a', kind: 'predicate', name: 'spam', levels: [] },
      { ...draft, id: 'b', kind: 'choice', name: 'topic', levels: [] },
      { ...draft, id: 'c', kind: 'score', name: 'urgency', levels },
      { ...draft, id: 'd', kind: 'predicate', name: 'missing', levels: [] },
    ],
  }
  const unified = {
    model: 'sysone/judge-1',
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    answers: [
      { type: 'predicate', name: 'spam', probability: 0.83 },
      {
        type: 'choice',
        name: 'topic',
        choice: 'billing',
        confidence: 0.6,
        probabilities: [{ value: 'billing', probability: 0.6 }],
      },
      {
        type: 'score',
        name: 'urgency',
        score: 0.7,
        confidence: 0.5,
        probabilities: [{ label: 'low', probability: 0.3 }],
      },
    ],
  } as unknown as DecisionResponse
  const native = {
    answers: {
      spam: { noul: 0.12 },
      topic: { choice: 'shipping', confidence: 0.7, probabilities: { shipping: 0.7 } },
      urgency: { score: 1.4, confidence: 0.6, probabilities: { 0: 0.2, 1: 0.8 } },
    },
  } as unknown as NativeDecisionResponse

  it('is the probability of yes, the pick or the score, as the shown answer has it, and null without one', () => {
    for (const response of [unified, native]) {
      const keys = questionnaire.questions.map((_, index) => sortKeyAt(questionnaire, response, index))
      const shown = shownAnswers(questionnaire, response).map(
        (answer) => answer.probability ?? answer.pick ?? answer.score ?? null,
      )
      expect(keys).toEqual(shown)
      expect(keys.at(-1)).toBeNull()
    }
    expect(sortKeyAt(questionnaire, unified, 0)).toBe(0.83)
    expect(sortKeyAt(questionnaire, native, 1)).toBe('shipping')
    expect(sortKeyAt(questionnaire, native, 9)).toBeNull()
  })
})
