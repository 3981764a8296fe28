// A question scored on few rows says its figures say little yet; on enough rows it does not. A figure of no rows
// says why it has none, and a best threshold that reads every row alike says so.
import { afterEach, describe, expect, it } from 'vitest'
import { scoringSet } from '#shared/domain/batch-answers'
import { type ErrorCosts, evaluateTable } from '#shared/domain/evaluation-set'
import type { Bridge } from '#shared/ipc/bridge'
import type { BatchItem } from '#shared/ipc/routes/batches'
import { triage } from '#shared/testing/questionnaires'
import { renderInPage } from '../../test-page.tsx'
import { shownRows } from './batch-scoring.ts'
import { fewRows, QuestionScores } from './QuestionScores.tsx'

afterEach(() => {
  document.body.innerHTML = ''
})

/** By default a row is expected yes one time in two, and its probabilities are spread evenly. */
interface Rows {
  expected?: (index: number) => boolean
  probability?: (index: number) => number
}

const items = (
  count: number,
  { expected = (index) => index % 2 === 1, probability = (index) => ((index * 37) % 100) / 100 }: Rows = {},
): BatchItem[] =>
  Array.from({ length: count }, (_, index) => ({
    index,
    input: `ticket ${index}`,
    status: 'done',
    response: {
      model: 'm',
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      answers: [{ type: 'predicate', name: 'urgent', probability: probability(index) }],
    },
    error: null,
    cost: '0.001',
    costEstimated: false,
    durationMs: 10,
    finishedAt: 1,
    source: [expected(index) ? 'yes' : 'no'],
    line: index + 2,
    labels: null,
  }))

async function scoresOf(rows: number, shape?: Rows, costs: ErrorCosts | null = null) {
  const set = scoringSet(triage(), items(rows, shape), ['urgent'])
  const evaluation = evaluateTable(triage(), set.table, new Map([[0, 0]]), {
    resamples: 50,
    ...(costs ? { questionCosts: new Map([[0, costs]]) } : {}),
  })
  const [question] = evaluation.questions
  if (!question) throw new Error('no question scored')
  const { container } = await renderInPage(
    <QuestionScores
      question={question}
      rows={shownRows(evaluation.rows[0] ?? [])}
      inputs={new Map()}
      spent="0.01"
      timing={{ rows, ms: rows * 10 }}
      costs={costs}
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
    expect(await scoresOf(1)).toContain('urgent · 1 row with an expected answer')
  })
})

describe('a figure of no rows', () => {
  it('says none read yes, or none is expected yes, instead of a number', async () => {
    const none = await scoresOf(40, { expected: () => false, probability: () => 0.2 })
    expect(none).toContain('Precision · recall at 0.5— (no row reads yes) · — (no row is expected yes)')
    expect(none).not.toContain('NaN')
    // Nor is there a best threshold by F1 to offer: it is 0 at every one.
    expect(none).toContain('Best threshold (by F1)— (no row is expected yes: F1 is 0 at every threshold)')
    expect(none).not.toContain('At that threshold')
    expect(none).not.toContain('Read yes from')
    const some = await scoresOf(40)
    expect(some).not.toContain('no row reads yes')
    expect(some).toMatch(/Precision · recall at 0\.5\d+\.\d% · \d+\.\d%/)
  })
})

describe('a best threshold', () => {
  it('that reads every row yes says the answers do no better than yes for all', async () => {
    // Most rows expected yes, and the model surest of yes where it is no: yes for all has the best F1.
    const text = await scoresOf(60, {
      expected: (index) => index % 5 !== 0,
      probability: (index) => (index % 5 === 0 ? 0.9 : ((index % 4) + 1) / 10),
    })
    expect(text).toContain(
      'At that thresholdevery row reads yes, no better than yes for all · accuracy 80.0%',
    )
  })

  it('that tells the rows apart says nothing of the kind', async () => {
    const text = await scoresOf(60, {
      expected: (index) => index % 2 === 1,
      probability: (index) => (index % 2 === 1 ? 0.7 : 0.3) + (index % 7) / 100,
    })
    expect(text).toContain('Best threshold (by F1)')
    expect(text).not.toContain('every row reads')
  })
})

describe('a threshold of least cost', () => {
  it('that reads no row yes says the answers do no better at these costs than no for all', async () => {
    // Rows rarely yes, a wrong yes dear: saying no to every row costs least.
    const text = await scoresOf(
      60,
      { expected: (index) => index % 10 === 0, probability: (index) => ((index * 13) % 60) / 60 },
      { falseYes: 50, falseNo: 1 },
    )
    expect(text).toContain('Best threshold (least cost)never yes · cost 6 (0 wrong yes, 6 wrong no)')
    expect(text).toContain(
      'At that thresholdevery row reads no, no better at these costs than no for all · accuracy 90.0% · precision —',
    )
  })
})
