// The questionnaire being edited (UI state, so zustand): every change is one step that undo and redo walk.
import { create } from 'zustand'
import type { QuestionDraft, QuestionKind, Questionnaire } from '#shared/domain/questionnaire'

const newId = () => crypto.randomUUID()

export function blankQuestion(kind: QuestionKind): QuestionDraft {
  return {
    id: newId(),
    kind,
    name: '',
    instructions: '',
    instructionsAsJson: false,
    criteriaTrue: '',
    criteriaFalse: '',
    choices: kind === 'choice' ? [{ id: newId(), value: '', description: '' }] : [],
    levels:
      kind === 'score'
        ? [
            { id: newId(), label: 'low', description: '' },
            { id: newId(), label: 'high', description: '' },
          ]
        : [],
  }
}

interface EditorState {
  questionnaire: Questionnaire
  past: Questionnaire[]
  future: Questionnaire[]
  /** The field the last change typed into, and when: typing in one field is one undoable step. */
  typing: { field: string; at: number } | null
  /**
   * Applies one change as one undoable step. Changes naming the same `field` less than a second apart (the
   * keystrokes of one word) make one step together.
   */
  change(update: (current: Questionnaire) => Questionnaire, field?: string): void
  undo(): void
  redo(): void
  load(questionnaire: Questionnaire): void
}

const limit = 200
const typingStepMs = 1000

export const useQuestionnaire = create<EditorState>((set) => ({
  questionnaire: { id: newId(), name: 'Untitled questionnaire', questions: [] },
  past: [],
  future: [],
  typing: null,
  change: (update, field) =>
    set((state) => {
      const now = Date.now()
      const sameStep =
        field !== undefined && state.typing?.field === field && now - state.typing.at < typingStepMs
      return {
        questionnaire: update(state.questionnaire),
        past: sameStep ? state.past : [...state.past.slice(1 - limit), state.questionnaire],
        future: [],
        typing: field === undefined ? null : { field, at: now },
      }
    }),
  undo: () =>
    set((state) => {
      const previous = state.past.at(-1)
      return previous
        ? {
            questionnaire: previous,
            past: state.past.slice(0, -1),
            future: [state.questionnaire, ...state.future],
            typing: null,
          }
        : state
    }),
  redo: () =>
    set((state) => {
      const [next, ...rest] = state.future
      return next
        ? { questionnaire: next, past: [...state.past, state.questionnaire], future: rest, typing: null }
        : state
    }),
  // Opening a saved questionnaire or a template is a step too, so unsaved work is one undo away.
  load: (questionnaire) =>
    set((state) => ({
      questionnaire,
      past: [...state.past.slice(1 - limit), state.questionnaire],
      future: [],
      typing: null,
    })),
}))

/** Helpers that produce the next questionnaire for common edits. */
export const edits = {
  add: (kind: QuestionKind) => (q: Questionnaire) => ({
    ...q,
    questions: [...q.questions, blankQuestion(kind)],
  }),
  update: (id: string, change: Partial<QuestionDraft>) => (q: Questionnaire) => ({
    ...q,
    questions: q.questions.map((question) => (question.id === id ? { ...question, ...change } : question)),
  }),
  remove: (id: string) => (q: Questionnaire) => ({
    ...q,
    questions: q.questions.filter((question) => question.id !== id),
  }),
  duplicate: (id: string) => (q: Questionnaire) => {
    const index = q.questions.findIndex((question) => question.id === id)
    const source = q.questions[index]
    if (!source) return q
    // Names are unique within a request: a second copy is "copy 2", and so on.
    const taken = new Set(q.questions.map((question) => question.name.trim()))
    let name = source.name ? `${source.name} copy` : ''
    for (let n = 2; name && taken.has(name.trim()); n++) name = `${source.name} copy ${n}`
    const copy: QuestionDraft = {
      ...source,
      id: newId(),
      name,
      choices: source.choices.map((choice) => ({ ...choice, id: newId() })),
      levels: source.levels.map((level) => ({ ...level, id: newId() })),
    }
    return { ...q, questions: [...q.questions.slice(0, index + 1), copy, ...q.questions.slice(index + 1)] }
  },
  move: (id: string, by: -1 | 1) => (q: Questionnaire) => {
    const index = q.questions.findIndex((question) => question.id === id)
    const target = index + by
    if (index < 0 || target < 0 || target >= q.questions.length) return q
    const questions = [...q.questions]
    ;[questions[index], questions[target]] = [questions[target]!, questions[index]!]
    return { ...q, questions }
  },
  /** Moves a question to a position (drag and drop). */
  moveTo: (id: string, target: number) => (q: Questionnaire) => {
    const moving = q.questions.find((question) => question.id === id)
    if (!moving) return q
    const rest = q.questions.filter((question) => question.id !== id)
    return { ...q, questions: [...rest.slice(0, target), moving, ...rest.slice(target)] }
  },
  rename: (name: string) => (q: Questionnaire) => ({ ...q, name }),
}

export { newId }
