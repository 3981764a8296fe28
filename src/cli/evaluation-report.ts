// An evaluation's words: its figures in a line, its `--fail-on` score thresholds, and what a CI system reads of it:
// JUnit XML (a suite per model, a test case per question that fails when a threshold is broken, its scores as the
// case's output) or a JSON document of every score.
import { writeFile } from 'node:fs/promises'
import { intervalsOf } from '#shared/domain/baseline'
import {
  type Evaluation,
  type MetricName,
  metricNames,
  metricOf,
  perRightAnswer,
  type QuestionEvaluation,
} from '#shared/domain/evaluation-set'
import { formatAmount, parseAmount } from '#shared/domain/money'
import type { BatchSummary } from '#shared/ipc/routes/batches'
import { usageError } from './output.ts'
import { escaped, reportKindOf } from './reports.ts'

export interface ScoreThreshold {
  metric: MetricName
  below: boolean
  limit: number
  text: string
}

/** `accuracy<0.9` fails a question scoring under 0.9; `brier>0.2` one scoring over 0.2. */
export function parseScoreThresholds(values: readonly string[]): ScoreThreshold[] {
  return values.map((value) => {
    const match = /^([a-z0-9]+)\s*([<>])\s*(\d+(?:\.\d+)?)$/i.exec(value.trim())
    const metric = match?.[1]?.toLowerCase() as MetricName | undefined
    if (!match || !metric || !metricNames.includes(metric))
      throw usageError(
        `--fail-on takes a score, < or > and a number, such as accuracy<0.9 or brier>0.2 (it was “${value}”); the scores: ${metricNames.join(', ')}.`,
      )
    return { metric, below: match[2] === '<', limit: Number(match[3]), text: value.trim() }
  })
}

/** Each threshold a question's score breaks, in words. */
export function brokenThresholds(
  question: QuestionEvaluation,
  thresholds: readonly ScoreThreshold[],
): string[] {
  return thresholds.flatMap((threshold) => {
    const value = metricOf(question, threshold.metric)
    if (value === undefined) return []
    const broken = threshold.below ? value < threshold.limit : value > threshold.limit
    return broken
      ? [`${question.title}: ${threshold.metric} ${round(value)} (--fail-on ${threshold.text})`]
      : []
  })
}

const round = (value: number) => Number(value.toFixed(4))
const percent = (value: number) => `${(value * 100).toFixed(1)}%`

/** A model's run of the set: its batch, and the scores of each question with an expected column. */
export interface ModelRun {
  model: string
  /** Its batch (the shards' batches, joined by `+`, for a merged run). */
  batch: Pick<BatchSummary, 'id' | 'spent' | 'counts'>
  evaluation: Evaluation
  /** Each question's answer in words for every row of the set (null where none), for the models side by side. */
  answers: (string | null)[][]
  /** Each row's line in the set's file. */
  lines: (number | null)[]
  /** The mean time of an answered row, in ms. */
  latencyMs: number | null
}

/** The figures of a question in a line: accuracy with its interval, then what its kind adds. */
export function figuresOf(question: QuestionEvaluation): string {
  const interval = (estimate: { value: number; low: number; high: number }) =>
    `${percent(estimate.value)} (${percent(estimate.low)}–${percent(estimate.high)})`
  if (question.labeled === 0) return 'no row has both an answer and an expected answer'
  const { predicate, choice, score } = question
  if (predicate)
    return [
      `accuracy at ${round(predicate.threshold)} ${interval(predicate.accuracy)}`,
      predicate.rocAuc ? `AUC ${predicate.rocAuc.value.toFixed(3)}` : null,
      predicate.brier ? `Brier ${predicate.brier.value.toFixed(3)}` : null,
      predicate.calibrationError ? `ECE ${predicate.calibrationError.value.toFixed(3)}` : null,
      `best threshold ${round(predicate.best.threshold)} (F1 ${predicate.best.f1.toFixed(3)})`,
    ]
      .filter(Boolean)
      .join(' · ')
  if (choice)
    return [
      `accuracy ${interval(choice.accuracy)}`,
      choice.logLoss ? `log loss ${choice.logLoss.value.toFixed(3)}` : null,
      choice.calibrationError ? `ECE ${choice.calibrationError.value.toFixed(3)}` : null,
    ]
      .filter(Boolean)
      .join(' · ')
  if (score)
    return [
      `exact ${interval(score.exact)}`,
      `within one level ${percent(score.withinOne.value)}`,
      score.meanAbsoluteError ? `MAE ${score.meanAbsoluteError.value.toFixed(2)} levels` : null,
    ]
      .filter(Boolean)
      .join(' · ')
  return ''
}

/** What a right answer cost: a row's cost times the question's scored rows per right answer among them. */
export function costPerRight(run: ModelRun, question: number): string {
  const rows = run.evaluation.rows[question] ?? []
  const right = rows.filter((row) => row.right).length
  const spent = formatAmount(parseAmount(run.batch.spent))
  const per = perRightAnswer(spent, { rows: run.batch.counts.done, ms: 0 }, rows.length, right)
  return per ? `$${per.cost.toFixed(6)}` : '—'
}

export async function writeEvaluationReport(
  path: string,
  name: string,
  runs: readonly ModelRun[],
  thresholds: readonly ScoreThreshold[],
  /** A shard's: what `eval merge` scores the whole set from (`evaluation-shards.ts`), and each run's answers. */
  shard?: { part: object; tables: readonly object[] },
): Promise<void> {
  if (reportKindOf(path) === 'json') {
    const report = {
      kind: 'evaluation',
      questionnaire: name,
      thresholds: thresholds.map((threshold) => threshold.text),
      ...shard?.part,
      models: runs.map((run, at) => ({
        ...(shard ? { table: shard.tables[at] } : {}),
        model: run.model,
        batch: run.batch.id,
        spent: run.batch.spent,
        latencyMs: run.latencyMs,
        questions: run.evaluation.questions.map((question, at) => ({
          question: question.title,
          kind: question.kind,
          labeled: question.labeled,
          unlabeled: question.unlabeled,
          unreadable: question.unreadable,
          scores: Object.fromEntries(
            metricNames.map((metric) => [metric, metricOf(question, metric) ?? null]),
          ),
          broken: brokenThresholds(question, thresholds),
          // What a later eval compares with, given this report as its --baseline.
          intervals: intervalsOf(question),
          rows: (run.evaluation.rows[at] ?? []).map(({ index, line, answer, expected, right }) => ({
            index,
            line,
            answer,
            expected,
            right,
          })),
          ...(question.predicate ? { predicate: question.predicate } : {}),
          ...(question.choice ? { choice: question.choice } : {}),
          ...(question.score ? { score: { ...question.score, points: undefined } } : {}),
        })),
      })),
    }
    await writeFile(path, `${JSON.stringify(report, null, 2)}\n`)
    return
  }
  let tests = 0
  let failures = 0
  const suites = runs.map((run) => {
    const cases = run.evaluation.questions.map((question) => {
      tests++
      const broken = brokenThresholds(question, thresholds)
      const head = `<testcase classname="${escaped(run.model)}" name="${escaped(question.title)}">`
      const out = `<system-out>${escaped(`${question.labeled} rows · ${figuresOf(question)}`)}</system-out>`
      if (broken.length === 0) return `    ${head}${out}</testcase>`
      failures++
      return `    ${head}<failure message="${escaped(broken.join('; '))}" type="threshold"/>${out}</testcase>`
    })
    const failed = cases.filter((line) => line.includes('<failure')).length
    return [
      `  <testsuite name="${escaped(`${name} · ${run.model}`)}" tests="${cases.length}" failures="${failed}" errors="0">`,
      ...cases,
      '  </testsuite>',
    ].join('\n')
  })
  await writeFile(
    path,
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<testsuites name="gateway-desk eval" tests="${tests}" failures="${failures}" errors="0">`,
      ...suites,
      '</testsuites>',
      '',
    ].join('\n'),
  )
}
