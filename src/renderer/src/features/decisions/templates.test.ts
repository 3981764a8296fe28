import { describe, expect, it } from 'vitest'
import { DecisionRequest, NativeDecisionRequest } from '#shared/api/decisions'
import { checkQuestions, decisionLimits, fromNative, fromUnified } from '#shared/domain/decisions'
import { toNativeRequest, toUnifiedRequest } from '#shared/domain/questionnaire'
import { QuestionnaireBody } from '#shared/domain/questionnaire-body'
import { templates } from './templates.ts'

describe.each(templates)('template "$name"', (template) => {
  it('is a questionnaire that can be saved, named after the template', () => {
    const questionnaire = template.build()
    expect(QuestionnaireBody.safeParse(questionnaire).success).toBe(true)
    expect(questionnaire.name).toBe(template.name)
    expect(questionnaire.questions.length).toBeGreaterThan(0)
  })

  it('makes unified and native requests the decision rules accept', () => {
    const questionnaire = template.build()
    const unified = toUnifiedRequest(questionnaire, 'A customer writes in.', 'lab/decider')
    expect(DecisionRequest.safeParse(unified).success).toBe(true)
    expect(checkQuestions(fromUnified(unified.questions))).toEqual([])
    const native = toNativeRequest(questionnaire, { message: 'hello' }, 'decider')
    expect(NativeDecisionRequest.safeParse(native).success).toBe(true)
    expect(checkQuestions(fromNative(native.questions))).toEqual([])
    // Every question keeps its own native id, so none is lost in the keyed form.
    expect(Object.keys(native.questions)).toHaveLength(questionnaire.questions.length)
  })

  it('names every question and describes what each answer means', () => {
    for (const question of template.build().questions) {
      expect(question.name.trim()).not.toBe('')
      expect(question.instructions.trim()).not.toBe('')
      expect(question.instructionsAsJson).toBe(false)
      if (question.kind === 'choice') {
        const values = question.choices.map((choice) => choice.value)
        expect(new Set(values).size).toBe(values.length)
        expect(question.choices.every((choice) => choice.description.trim() !== '')).toBe(true)
        expect(question.levels).toEqual([])
      }
      if (question.kind === 'score') {
        expect(question.levels.length).toBeGreaterThanOrEqual(decisionLimits.minLevels)
        expect(question.levels.length).toBeLessThanOrEqual(decisionLimits.maxLevels)
        expect(question.levels.every((level) => level.description.trim() !== '')).toBe(true)
        expect(question.choices).toEqual([])
      }
      if (question.kind === 'predicate') {
        expect(question.choices).toEqual([])
        expect(question.levels).toEqual([])
      }
    }
  })

  it('builds a new questionnaire each time, with ids of its own', () => {
    const first = template.build()
    const second = template.build()
    const ids = (questionnaire: typeof first) => [
      questionnaire.id,
      ...questionnaire.questions.flatMap((question) => [
        question.id,
        ...question.choices.map((choice) => choice.id),
        ...question.levels.map((level) => level.id),
      ]),
    ]
    expect(new Set(ids(first)).size).toBe(ids(first).length)
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false)
    first.questions[0]!.name = 'changed'
    expect(second.questions[0]!.name).not.toBe('changed')
  })
})

describe('templates', () => {
  it('have names of their own, as the template menu tells them apart by name', () => {
    const names = templates.map((template) => template.name)
    expect(new Set(names).size).toBe(names.length)
  })

  it('give a ticket triage with a yes/no, a pick of team and a graded sentiment', () => {
    const triage = templates.find((template) => template.name === 'Support ticket triage')?.build()
    expect(triage?.questions.map((question) => [question.kind, question.name])).toEqual([
      ['predicate', 'urgent'],
      ['choice', 'team'],
      ['score', 'sentiment'],
    ])
    const unified = toUnifiedRequest(triage!, 'The site is down!', 'lab/decider')
    expect(unified.questions[0]?.criteria).toEqual({
      true: 'outage, payment failure, angry customer, deadline',
      false: 'question, feedback, no time pressure',
    })
    // Levels go from lowest to highest, as the score is a position on that scale.
    expect(unified.questions[2]?.levels?.map((level) => level.label)).toEqual([
      'angry',
      'unhappy',
      'neutral',
      'happy',
    ])
  })
})
