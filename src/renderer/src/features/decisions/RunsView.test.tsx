// Two runs compared: each column says which run it is (when it ran, what it was asked about), the older on the
// left whichever was ticked first.
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Bridge } from '#shared/ipc/bridge'
import { renderInPage, until } from '../../test-page.tsx'
import { RunsView } from './RunsView.tsx'

afterEach(() => {
  document.body.innerHTML = ''
})

const questionnaire = {
  id: 'triage',
  name: 'Triage',
  questions: [
    {
      id: 'q1',
      kind: 'predicate' as const,
      name: 'refund',
      instructions: 'Asks for a refund?',
      instructionsAsJson: false,
      criteriaTrue: 'refund money back',
      criteriaFalse: '',
      choices: [],
      levels: [],
    },
  ],
}

const older = Date.UTC(2026, 10, 27, 9, 15, 0)
const newer = Date.UTC(2026, 10, 28, 16, 40, 0)
const run = (id: string, createdAt: number, input: string, probability: number) => ({
  id,
  model: 'sysone/judge-1',
  endpoint: 'unified' as const,
  request: { model: 'sysone/judge-1', input, questions: [] },
  response: {
    model: 'sysone/judge-1',
    answers: [{ type: 'predicate', name: 'refund', probability }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  },
  cost: '0.0001',
  questionnaire,
  createdAt,
})
const records = [
  run('new', newer, 'Where is my parcel? It should have come on Monday and nobody answers.', 0.2),
  run('old', older, 'I was charged twice, refund me', 0.9),
]

/** A core with two runs, listed newest first as the history lists them. */
const core = {
  invoke: async (route: string, input: { id?: string }) => {
    if (route === 'decisions.runs')
      return {
        ok: true,
        data: records.map((record) => ({
          id: record.id,
          model: record.model,
          questionnaireName: 'Triage',
          input: record.request.input,
          cost: record.cost,
          createdAt: record.createdAt,
        })),
      }
    if (route === 'decisions.runGet')
      return { ok: true, data: records.find((record) => record.id === input.id) }
    return { ok: true, data: null }
  },
  on: () => () => {},
} as unknown as Bridge

describe('comparing two runs', () => {
  it('labels each column with its run’s time and input, the older run on the left', async () => {
    const { container } = await renderInPage(<RunsView />, core)
    await until(() => container.querySelectorAll('input[type="checkbox"]').length === 2)
    // The newer run, at the top of the list, is ticked first.
    for (const box of container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'))
      await act(async () => box.click())
    await until(() => container.querySelector('table') !== null)
    const headers = [...container.querySelectorAll('thead th')].map((cell) => cell.textContent)
    const time = (at: number) => new Date(at).toLocaleString('en-US')
    expect(headers).toEqual([
      'Question',
      `${time(older)} I was charged twice, refund me`,
      `${time(newer)} Where is my parcel? It should have come on Mond…`,
    ])
    const answers = [...container.querySelectorAll('tbody td')].map((cell) => cell.textContent)
    expect(answers).toEqual(['yes 90%', 'no 20%'])
    // The runs themselves, beside the table, in the same order.
    const columns = [...container.querySelectorAll('article.run-record')].map((article) =>
      article.getAttribute('aria-label'),
    )
    expect(columns).toEqual([`Run of ${time(older)}`, `Run of ${time(newer)}`])
  })
})
