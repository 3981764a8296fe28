// A question scored on few rows says its figures say little yet; on enough rows it does not.
import { afterEach, describe, expect, it } from 'vitest'
import { scoringSet } from '#shared/domain/batch-answers'
import { evaluateTable } from '#shared/domain/evaluation-set'
import type { Bridge } from '#shared/ipc/bridge'
import type { BatchItem } from '#shared/ipc/routes/batches'
import { renderInPage } from '../../test-page.tsx'
import { triage } from '../../testing/questionnaires.ts'
import { shownRows } from './batch-scoring.ts'
import { fewRows, QuestionScores } from './QuestionScores.tsx'

afterEach(() => {
  document.body.innerHTML = ''
})

const items = (count: number): BatchItem[] =>
  Array.from({ length: count }, (_, index) => ({
    index,
    input: `ticket ${index}`,
    status: 'done',
    response: {
      model: 'm',
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      answers: [{ type: 'predicate', name: 'urgent', probability: ((index * 37) % 100) / 100 }],
    },
    error: null,
    cost: '0.001',
    costEstimated: false,
    durationMs: 10,
    finishedAt: 1,
    source: [index % 2 ? 'yes' : 'no'],
    line: index + 2,
    labels: null,
  }))

async function scoresOf(rows: number) {
  const set = scoringSet(triage(), items(rows), ['urgent'])
  const evaluation = evaluateTable(triage(), set.table, new Map([[0, 0]]), { resamples: 50 })
  const [question] = evaluation.questions
  if (!question) throw new Error('no question scored')
  const { container } = await renderInPage(
    <QuestionScores
      question={question}
      rows={shownRows(evaluation.rows[0] ?? [])}
      inputs={new Map()}
      spent="0.01"
      timing={{ rows, ms: rows * 10 }}
      costs={null}
      onCosts={() => {}}
      chosenThreshold={false}
      onThreshold={() => {}}
      thresholdSaid=""
    />,
    { invoke: async () => ({ ok: true, data: null }), on: () => () => {} } as unknown as Bridge,
  )
  return container.textContent ?? ''
}

describe('a question scored on few rows', () => {
  it('says its figures say little yet, below the rows that make them worth reading', async () => {
    expect(await scoresOf(3)).toContain(
      'Only 3 rows to score: the figures and their intervals say little yet.',
    )
    expect(await scoresOf(fewRows)).not.toContain('to score: the figures')
  })
})
