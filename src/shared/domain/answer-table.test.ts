// A batch's answers as a table: packed by main and unpacked in the page's worker to the same scores, its cells kept
// by row, a native response read as its unified twin, a row's kept figures as its response, and shards joined.
import { Buffer } from 'node:buffer'
import { describe, expect, it } from 'vitest'
import type { BatchItem } from '../ipc/routes/batches.ts'
import { item, questionnaire, team, tone, urgent } from '../testing/triage-batch.ts'
import { answerFigures } from './answer-figures.ts'
import { answerTable, joinedTables, tableToJson, unpackedTable } from './answer-table.ts'
import { batchAnswers, scoringSetOf } from './batch-answers.ts'
import { evaluate, evaluateTable, expectedColumns } from './evaluation-set.ts'
import { nativeIdOf, type Questionnaire } from './questionnaire.ts'

describe('a batch’s answers as a table', () => {
  const columns = ['text', 'urgent', 'expected team', 'tone_label']
  const items = [
    item(0, ['a', 'yes', 'billing', 'calm'], 0.9, 0.8, 0.2),
    item(1, ['b', 'no', 'shipping', 'upset'], 0.3, 0.7, 1.1, 'failed'),
    item(2, ['c', 'yes', 'billing', 'furious'], 0.4, 0.6, 1.9),
  ]

  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

  it('crosses to a worker as main sends it and scores the same there', () => {
    // Main's answer as JSON carries it (its figures packed), then as the page copies it to its scoring worker.
    const packed = batchAnswers(questionnaire, items, columns, base64)
    expect(typeof packed.table.figures).toBe('string')
    const sent = structuredClone(JSON.parse(JSON.stringify(packed)))
    const crossed = scoringSetOf(questionnaire, sent).table
    expect({ ...crossed, cells: [] }).toEqual({ ...answerTable(questionnaire, items, []), cells: [] })
    const found = expectedColumns(questionnaire, columns, { Tone: 'tone_label' }).columns
    expect(evaluateTable(questionnaire, crossed, found, { resamples: 0 })).toEqual(
      evaluate(questionnaire, items, columns, found, { resamples: 0 }),
    )
  })

  it('refuses packed figures that are not as many as the table says, in words', () => {
    const { table } = batchAnswers(questionnaire, items, columns, base64)
    const short = base64(Buffer.from(table.figures, 'base64').subarray(8))
    expect(() => unpackedTable({ ...table, figures: short }, [])).toThrow(
      /came with \d+ bytes of figures where \d+ were due/,
    )
    expect(() => unpackedTable({ ...table, rows: table.rows + 1 }, [])).toThrow(/were due/)
  })

  it('keeps the cells of every row by its index, and only answered rows’ answers', () => {
    const table = answerTable(questionnaire, items, columns)
    expect([...table.index]).toEqual([0, 2])
    expect([...table.line]).toEqual([2, 4])
    expect(table.cells[1]).toEqual(['yes', 'no', 'yes'])
    expect([...(table.answers[0]?.probability ?? [])]).toEqual([0.9, 0.4])
    // A score's options are its levels by position: the probability of the nearest level is at its place.
    expect(table.answers[2]?.options).toEqual(['calm', 'upset', 'furious'])
    expect([...(table.answers[2]?.optionProbabilities ?? [])]).toEqual([0.8, 0.1, 0.1, 0.1, 0.1, 0.8])
  })

  it('reads a native response as its unified twin, and keeps an option the questionnaire does not name', () => {
    const native = items.map((one) => {
      const [yes, choice, score] = (one.response?.answers ?? []) as Extract<
        NonNullable<BatchItem['response']>['answers'],
        unknown[]
      >
      if (
        !yes ||
        !choice ||
        !score ||
        yes.type !== 'predicate' ||
        choice.type !== 'choice' ||
        score.type !== 'score'
      )
        return one
      const response = {
        model: 'm',
        usage: { input_tokens: 1, output_tokens: 1 },
        answers: {
          [nativeIdOf(urgent, 0)]: { noul: yes.probability },
          [nativeIdOf(team, 1)]: {
            choice: choice.choice,
            confidence: choice.confidence,
            probabilities: Object.fromEntries(choice.probabilities.map((p) => [p.value, p.probability])),
          },
          [nativeIdOf(tone, 2)]: {
            score: score.score,
            confidence: score.confidence,
            legend: {},
            probabilities: Object.fromEntries(
              score.probabilities.map((p) => [String(p.value), p.probability]),
            ),
          },
        },
      }
      return { ...one, response: response as BatchItem['response'] }
    })
    expect(answerTable(questionnaire, native, columns)).toEqual(answerTable(questionnaire, items, columns))
    const [first] = items
    const other = {
      ...first,
      response: {
        model: 'm',
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        answers: [
          { type: 'predicate', probability: 0.5 },
          {
            type: 'choice',
            choice: 'returns',
            confidence: 0.5,
            probabilities: [
              { value: 'billing', probability: 0.2 },
              { value: 'returns', probability: 0.8 },
            ],
          },
        ],
      },
    } as BatchItem
    const column = answerTable(questionnaire, [other], columns).answers[1]
    expect(column?.options).toEqual(['billing', 'shipping', 'returns'])
    expect([...(column?.optionProbabilities ?? [])]).toEqual([0.2, Number.NaN, 0.8])
  })

  it('reads the figures a row kept as it reads the response they came from', () => {
    const unknownOption = {
      type: 'choice',
      choice: 'returns',
      confidence: 0.5,
      probabilities: [{ value: 'returns', probability: 0.8 }],
    }
    const moreLevels = {
      type: 'score',
      score: 1,
      confidence: 0.5,
      legend: {},
      probabilities: [0, 1, 2, 3].map((value) => ({ value, probability: 0.25 })),
    }
    const rows: BatchItem[] = [
      item(0, ['a', 'yes', 'billing', 'calm'], 0.9, 0.8, 0.2),
      item(1, ['b', 'no', 'shipping', 'upset'], 0.3, 0.7, 1.1, 'failed'),
      item(2, ['c', 'yes', 'billing', 'furious'], 0.4, 0.6, 1.9),
      ...[unknownOption, moreLevels].map((odd, at) => {
        const one = item(3 + at, ['d', 'no', 'shipping', 'calm'], 0.2, 0.1, 0.4)
        const answers = [...((one.response?.answers ?? []) as object[])]
        answers[at + 1] = odd
        return { ...one, response: { ...one.response, answers } as BatchItem['response'] }
      }),
      // A row without an answer to its last question.
      (() => {
        const one = item(5, ['e', 'yes', 'billing', 'calm'], 0.6, 0.5, 0.7)
        const answers = ((one.response?.answers ?? []) as object[]).slice(0, 2)
        return { ...one, response: { ...one.response, answers } as BatchItem['response'] }
      })(),
    ]
    const figures = rows.map((row) => (row.response ? answerFigures(questionnaire, row.response) : null))
    // Answers naming what the questionnaire has not keep none: their responses are read.
    expect(figures.map((kept) => kept !== null)).toEqual([true, false, true, false, false, true])
    const fromFigures = rows.map((row, at) =>
      figures[at] ? { ...row, figures: figures[at], response: null } : row,
    )
    expect(answerTable(questionnaire, fromFigures, columns)).toEqual(
      answerTable(questionnaire, rows, columns),
    )
    // Figures that do not fit the questionnaire (a row of another's) are not read: the response is.
    const short = rows.map((row, at) => ({ ...row, figures: figures[at]?.subarray(8) ?? null }))
    expect(answerTable(questionnaire, short, columns)).toEqual(answerTable(questionnaire, rows, columns))
    // Two choices of one value: the answer's probability lands where the table places that value, the last.
    const twice: Questionnaire = {
      ...questionnaire,
      questions: [
        urgent,
        {
          ...team,
          choices: ['billing', 'billing', 'shipping'].map((value, at) => ({
            id: `${at}`,
            value,
            description: '',
          })),
        },
        tone,
      ],
    }
    const [first] = rows
    const kept = first?.response ? answerFigures(twice, first.response) : null
    expect(answerTable(twice, [{ ...first, figures: kept, response: null } as BatchItem], columns)).toEqual(
      answerTable(twice, rows.slice(0, 1), columns),
    )
  })

  it('goes through JSON in parts (the shards of a set) and joins back to itself, options and all', () => {
    const rows = [
      item(0, ['a', 'yes', 'billing', 'calm'], 0.9, 0.8, 0.2),
      item(1, ['b', 'no', 'shipping', 'upset'], 0.3, 0.7, 1.1),
      item(2, ['c', 'yes', 'billing', 'furious'], 0.4, 0.6, 1.9),
      item(3, ['d', 'no', 'shipping', 'calm'], 0.2, 0.1, 0.4),
    ]
    const whole = answerTable(questionnaire, rows, columns)
    // Rows 0 and 2 in one shard, 1 and 3 in the other, each numbered from 0 in its own batch.
    const part = (indexes: number[]) =>
      tableToJson(
        answerTable(
          questionnaire,
          indexes.map((index, at) => ({ ...(rows[index] as BatchItem), index: at })),
          [],
        ),
        (at) => indexes[at] ?? at,
      )
    const joined = joinedTables([part([1, 3]), part([0, 2])], whole.cells)
    expect(joined).toEqual(whole)
  })
})
