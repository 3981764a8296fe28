import { describe, expect, it } from 'vitest'
import { answerNumber, answerParts, compareAnswers, type ShownAnswer } from './answers.ts'

const question = {} as ShownAnswer['question']

describe('an answer split into what a person reads and its number', () => {
  it('a yes/no answer: yes or no, and the probability of yes', () => {
    const answer = { question, title: 'spam', probability: 0.83 }
    expect(answerParts(answer)).toEqual({ value: 'yes', number: 0.83 })
    expect(answerNumber(answer)).toBe('83%')
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
