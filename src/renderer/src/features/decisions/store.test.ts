import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { checkQuestions, fromUnified } from '#shared/domain/decisions'
import { type Questionnaire, toUnifiedRequest } from '#shared/domain/questionnaire'
import { blankQuestion, edits, useQuestionnaire } from './store.ts'

const initial = useQuestionnaire.getState()
beforeEach(() => useQuestionnaire.setState(initial, true))

const state = () => useQuestionnaire.getState()
const current = () => state().questionnaire
const names = () => current().questions.map((question) => question.name)
const ids = () => current().questions.map((question) => question.id)
/** A questionnaire with named predicates, loaded as the starting point. */
function start(...questionNames: string[]): Questionnaire {
  const questionnaire: Questionnaire = {
    id: 'q-1',
    name: 'Triage',
    questions: questionNames.map((name) => ({
      ...blankQuestion('predicate'),
      name,
      instructions: `${name}?`,
    })),
  }
  state().load(questionnaire)
  return questionnaire
}

describe('questionnaire editing history', () => {
  it('starts with an untitled questionnaire and nothing to undo or redo', () => {
    expect(current()).toMatchObject({ name: 'Untitled questionnaire', questions: [] })
    expect(state().past).toEqual([])
    expect(state().future).toEqual([])
  })

  it('undoes and redoes each change as one step', () => {
    const before = current()
    state().change(edits.rename('Triage'))
    state().change(edits.add('choice'))
    expect(current().name).toBe('Triage')
    expect(current().questions).toHaveLength(1)
    state().undo()
    expect(current().questions).toEqual([])
    expect(current().name).toBe('Triage')
    state().undo()
    expect(current()).toBe(before)
    state().redo()
    state().redo()
    expect(current().name).toBe('Triage')
    expect(current().questions).toHaveLength(1)
  })

  it('forgets what could be redone once a new change is made', () => {
    state().change(edits.rename('one'))
    state().change(edits.rename('two'))
    state().undo()
    state().change(edits.rename('three'))
    expect(state().future).toEqual([])
    state().redo()
    expect(current().name).toBe('three')
    state().undo()
    expect(current().name).toBe('one')
  })

  it('leaves everything as it is when there is nothing to undo or redo', () => {
    const before = state()
    state().undo()
    state().redo()
    expect(state().questionnaire).toBe(before.questionnaire)
    expect(state().past).toBe(before.past)
    expect(state().future).toBe(before.future)
  })

  it('opens a questionnaire as a step, so the work before it is one undo away', () => {
    state().change(edits.rename('unsaved work'))
    state().undo()
    const loaded = start('urgent')
    expect(current()).toBe(loaded)
    expect(state().future).toEqual([])
    state().undo()
    expect(current().name).toBe('Untitled questionnaire')
  })

  it('keeps at most 200 steps to undo, dropping the oldest', () => {
    for (let step = 1; step <= 250; step++) state().change(edits.rename(`name ${step}`))
    let undone = 0
    while (state().past.length > 0) {
      state().undo()
      undone++
    }
    expect(undone).toBe(200)
    expect(current().name).toBe('name 50')
  })
})

describe('questionnaire edits', () => {
  it('adds blank questions of each kind at the end, ready to fill in', () => {
    state().change(edits.add('predicate'))
    state().change(edits.add('choice'))
    state().change(edits.add('score'))
    const [predicate, choice, score] = current().questions
    expect(predicate).toMatchObject({
      kind: 'predicate',
      name: '',
      instructions: '',
      choices: [],
      levels: [],
    })
    expect(choice?.choices).toHaveLength(1)
    expect(choice?.choices[0]).toMatchObject({ value: '', description: '' })
    expect(score?.levels.map((level) => level.label)).toEqual(['low', 'high'])
    expect(new Set(ids()).size).toBe(3)
  })

  it('changes and removes only the question it names', () => {
    start('urgent', 'team', 'sentiment')
    const [, team] = ids()
    state().change(edits.update(team!, { name: 'queue', criteriaTrue: 'billing' }))
    expect(names()).toEqual(['urgent', 'queue', 'sentiment'])
    expect(current().questions[1]?.criteriaTrue).toBe('billing')
    expect(current().questions[0]?.criteriaTrue).toBe('')
    state().change(edits.remove(team!))
    expect(names()).toEqual(['urgent', 'sentiment'])
    state().change(edits.remove('no such question'))
    expect(names()).toEqual(['urgent', 'sentiment'])
  })

  it('duplicates a question right after itself, with new ids throughout', () => {
    start('urgent', 'team')
    state().change(edits.update(ids()[0]!, { kind: 'choice', choices: blankQuestion('choice').choices }))
    const source = current().questions[0]!
    state().change(edits.duplicate(source.id))
    expect(names()).toEqual(['urgent', 'urgent copy', 'team'])
    const copy = current().questions[1]!
    expect(copy.id).not.toBe(source.id)
    expect(copy.choices[0]?.id).not.toBe(source.choices[0]?.id)
    expect(copy).toMatchObject({ kind: 'choice', instructions: 'urgent?' })
  })

  it('gives every duplicate a name of its own, as names must be unique in a request', () => {
    start('urgent')
    const [urgent] = ids()
    state().change(edits.duplicate(urgent!))
    state().change(edits.duplicate(urgent!))
    state().change(edits.duplicate(urgent!))
    expect(new Set(names()).size).toBe(4)
    expect(checkQuestions(fromUnified(toUnifiedRequest(current(), 'text', 'm').questions))).toEqual([])
  })

  it('keeps a duplicate of an unnamed question unnamed', () => {
    state().change(edits.add('predicate'))
    state().change(edits.duplicate(ids()[0]!))
    expect(names()).toEqual(['', ''])
  })

  it('moves a question one place up or down, and not past either end', () => {
    start('a', 'b', 'c')
    const [a, , c] = ids()
    state().change(edits.move(c!, -1))
    expect(names()).toEqual(['a', 'c', 'b'])
    state().change(edits.move(a!, 1))
    expect(names()).toEqual(['c', 'a', 'b'])
    const before = current()
    state().change(edits.move(c!, -1))
    expect(current()).toBe(before)
  })

  it('moves a question to the place it is dropped at', () => {
    start('a', 'b', 'c', 'd')
    const [a, , , d] = ids()
    state().change(edits.moveTo(a!, 2))
    expect(names()).toEqual(['b', 'c', 'a', 'd'])
    state().change(edits.moveTo(d!, 0))
    expect(names()).toEqual(['d', 'b', 'c', 'a'])
    state().change(edits.moveTo('missing', 0))
    expect(names()).toEqual(['d', 'b', 'c', 'a'])
  })
})

describe('typing as undo steps', () => {
  afterEach(() => vi.useRealTimers())

  it('makes the keystrokes of one field one step, and a pause or another field a new one', () => {
    vi.useFakeTimers()
    const [question] = start('spam').questions
    const id = question?.id ?? ''
    const type = (text: string) => state().change(edits.update(id, { name: text }), `${id}.name`)
    type('s')
    vi.advanceTimersByTime(200)
    type('sp')
    vi.advanceTimersByTime(200)
    type('spa')
    vi.advanceTimersByTime(1500)
    type('spam!')
    state().change(edits.update(id, { instructions: 'Is it?' }), `${id}.instructions`)
    state().undo()
    expect(current().questions[0]?.instructions).toBe('spam?')
    state().undo()
    expect(names()).toEqual(['spa'])
    state().undo()
    expect(names()).toEqual(['spam'])
    state().redo()
    expect(names()).toEqual(['spa'])
  })
})
