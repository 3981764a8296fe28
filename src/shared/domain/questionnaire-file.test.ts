// A questionnaire file in the request shape goes through the same limits as an exported one, and no file within
// the size bound makes the conversion grow past it: nesting, counts and lengths are refused by name.
import { describe, expect, it } from 'vitest'
import { questionnaireFromJson, questionnaireTextProblem } from './questionnaire-file.ts'

let id = 0
const newId = () => `id-${++id}`
const request = (questions: unknown[]) => ({ model: 'sysone/judge-1', input: 'x', questions })
const read = (value: unknown) => questionnaireFromJson(JSON.parse(JSON.stringify(value)), 'file.gdq', newId)

/** `{"a": [[[…]]]}` with `depth` arrays, as a file would hold it, without building it through recursion. */
function deeplyNested(depth: number): string {
  return `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`
}

describe('questionnaire files in the request shape', () => {
  it('refuses deep nesting by name, before turning it into text', () => {
    // 242 KB of nested arrays: indented, it would be hundreds of millions of characters.
    const text = `{"model":"m","input":"x","questions":[{"type":"predicate","instructions":${deeplyNested(121_000)}}]}`
    expect(() => questionnaireFromJson(JSON.parse(text), 'deep.gdq', newId)).toThrow(
      /deep\.gdq .*questions › 1 › instructions is nested more than 64 levels deep\./,
    )
  })

  it('refuses instructions that would be too long once written out', () => {
    const wide = { items: Array.from({ length: 20_000 }, (_, at) => `item ${at}`) }
    expect(() => read(request([{ type: 'predicate', instructions: wide }]))).toThrow(
      /questions › 1 › instructions is more than 50,000 characters written out; at most 50,000 are kept/,
    )
    // Short as JSON, but each level indented on its own lines: the written text is checked too.
    const chain = `${'['.repeat(60)}1${']'.repeat(60)}`
    const indented = JSON.parse(`{"items":[${Array.from({ length: 300 }, () => chain).join(',')}]}`)
    expect(JSON.stringify(indented).length).toBeLessThan(50_000)
    expect(() => read(request([{ type: 'predicate', instructions: indented }]))).toThrow(
      /questions › 1 › instructions is more than 50,000 characters written out/,
    )
    // Counted exactly as the builder writes it: just under the limit passes.
    const fits = { note: 'x'.repeat(50_000 - '{\n  "note": ""\n}'.length) }
    expect(
      read(request([{ type: 'predicate', instructions: fits }])).questions[0]?.instructions,
    ).toHaveLength(50_000)
  })

  it('holds every limit the exported shape holds', () => {
    const question = { type: 'predicate', instructions: 'Is it urgent?' }
    expect(() => read(request(Array.from({ length: 100_000 }, () => question)))).toThrow(
      /it has 100,000 questions; a questionnaire takes at most 200/,
    )
    expect(() => read(request([{ ...question, instructions: 'x'.repeat(60_000) }]))).toThrow(
      /questions › 1 › instructions: At most 50,000 characters/,
    )
    expect(() => read(request([{ ...question, name: 'n'.repeat(300) }]))).toThrow(
      /questions › 1 › name: At most 200/,
    )
    expect(() =>
      read(request([{ type: 'choice', instructions: 'Which?', choices: [{ value: 'v'.repeat(600) }] }])),
    ).toThrow(/questions › 1 › choices › 1 › value: At most 500/)
  })

  it('names the field that does not fit in words, counted from 1, and what a file it cannot place lacks', () => {
    expect(() => read({ name: 'x', questions: [{ type: 'predicate', id: 5 }] })).toThrow(
      /neither a questionnaire this app exported nor a decision request: it has neither the “id” of an exported questionnaire nor the “model” of a request\.$/,
    )
    expect(() => read(request([{ type: 'predicate', instructions: 'a' }, { type: 'choice' }]))).toThrow(
      /: questions › 2 › instructions is missing\.$/,
    )
    expect(() => read({ id: 'q', name: 'x', version: 1 })).not.toThrow(/Invalid input/)
  })

  it('keeps a yes-or-no question’s threshold, and refuses one that is not a probability', () => {
    const question = {
      id: 'q1',
      kind: 'predicate',
      name: 'Urgent',
      instructions: 'Urgent?',
      instructionsAsJson: false,
      criteriaTrue: '',
      criteriaFalse: '',
      choices: [],
      levels: [],
    }
    const file = (threshold: number) => ({
      id: 'qn',
      name: 'Triage',
      questions: [{ ...question, threshold }],
    })
    expect(read(file(0.517)).questions[0]?.threshold).toBe(0.517)
    expect(() => read(file(1.5))).toThrow(/questions › 1 › threshold: Too big/)
  })

  it('still reads a request within the limits, with its JSON instructions indented', () => {
    const questionnaire = read(
      request([
        { type: 'choice', name: 'team', instructions: { ask: 'Which team?' }, choices: [{ value: 'a' }] },
      ]),
    )
    expect(questionnaire.name).toBe('file')
    expect(questionnaire.questions[0]).toMatchObject({
      name: 'team',
      instructionsAsJson: true,
      instructions: '{\n  "ask": "Which team?"\n}',
    })
  })
})

describe("a questionnaire file's text", () => {
  it('is refused for its nesting in one pass, brackets inside strings not counted', () => {
    const deep = `{"a":${'['.repeat(100)}${']'.repeat(100)}}`
    expect(questionnaireTextProblem(deep, 'deep.gdq')).toMatch(
      /^deep\.gdq is not a questionnaire: it is nested more than 68/,
    )
    const quoted = JSON.stringify({
      model: 'm',
      input: 'x',
      questions: [{ type: 'predicate', instructions: '[['.repeat(500) }],
    })
    expect(questionnaireTextProblem(quoted, 'quoted.gdq')).toBeNull()
    expect(questionnaireTextProblem('{"a":"\\"}', 'escaped.gdq')).toBeNull()
  })
})
