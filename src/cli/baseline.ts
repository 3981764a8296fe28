// A baseline: an earlier evaluation's JSON report (`--report FILE.json`), and what changed since: each score that
// left its interval (better or worse) and each row whose answer flipped. A report is read as untrusted input: its
// size is checked before it is read, its shape before it is used.
import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { z } from 'zod'
import type { MetricName, QuestionEvaluation } from '#shared/domain/evaluation-set'
import type { Estimate } from '#shared/domain/intervals'
import type { ModelRun } from './evaluation-report.ts'
import { usageError } from './session.ts'

/** The figures with an interval, each as a report keeps it. */
export function intervalsOf(question: QuestionEvaluation): Partial<Record<MetricName, Estimate>> {
  const { predicate, choice, score } = question
  const figures: Partial<Record<MetricName, Estimate | null | undefined>> = predicate
    ? {
        accuracy: predicate.accuracy,
        precision: predicate.precision,
        recall: predicate.recall,
        auc: predicate.rocAuc,
        brier: predicate.brier,
      }
    : choice
      ? { accuracy: choice.accuracy, logloss: choice.logLoss, ece: choice.calibrationError }
      : score
        ? {
            accuracy: score.exact,
            exact: score.exact,
            within1: score.withinOne,
            mae: score.meanAbsoluteError,
          }
        : {}
  return Object.fromEntries(Object.entries(figures).filter(([, estimate]) => estimate)) as Partial<
    Record<MetricName, Estimate>
  >
}

/** The scores where less is better; the others are better higher. */
const lowerIsBetter = new Set<string>(['brier', 'logloss', 'ece', 'mae'])

const Answer = z.union([z.boolean(), z.string(), z.number()])
const BaselineReport = z.object({
  kind: z.literal('evaluation'),
  models: z.array(
    z.object({
      model: z.string(),
      questions: z.array(
        z.object({
          question: z.string(),
          intervals: z.record(
            z.string(),
            z.object({ value: z.number(), low: z.number().nullable(), high: z.number().nullable() }),
          ),
          rows: z.array(
            z.object({
              index: z.number().int(),
              line: z.number().int().nullable(),
              answer: Answer,
              expected: Answer,
            }),
          ),
        }),
      ),
    }),
  ),
})
export type BaselineReport = z.infer<typeof BaselineReport>

/** A report is one evaluation's figures and rows: far below this. */
const maxBaselineBytes = 64 * 1024 * 1024

export async function readBaseline(path: string): Promise<BaselineReport> {
  const size = await stat(path).then(
    (info) => info.size,
    () => null,
  )
  if (size === null) throw usageError(`${path} does not exist: give the JSON report of an earlier eval.`)
  if (size > maxBaselineBytes) throw usageError(`${basename(path)} is larger than any evaluation's report.`)
  let json: unknown
  try {
    json = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    throw usageError(`${basename(path)} could not be read as JSON: ${(error as Error).message}`)
  }
  const read = BaselineReport.safeParse(json)
  if (!read.success) {
    const issue = read.error.issues[0]
    throw usageError(
      `${basename(path)} is not the JSON report of an eval (${issue ? `${issue.path.join(' › ') || 'the file'}: ${issue.message}` : 'its shape'}); write one with --report FILE.json.`,
    )
  }
  return read.data
}

export interface ScoreChange {
  model: string
  question: string
  metric: string
  before: Estimate
  after: number
  worse: boolean
}

export interface Flip {
  model: string
  question: string
  line: number | null
  before: string
  after: string
  expected: string
  nowRight: boolean
}

const said = (value: boolean | string | number) =>
  value === true ? 'yes' : value === false ? 'no' : String(value)

/**
 * What changed since the baseline: each model compared with the same model there (or with the baseline's only
 * model, when it had one: another model, or the questionnaire edited), question by question.
 */
export function changesSince(baseline: BaselineReport, runs: readonly ModelRun[]) {
  const changes: ScoreChange[] = []
  const flips: Flip[] = []
  for (const run of runs) {
    const before =
      baseline.models.find((one) => one.model === run.model) ??
      (baseline.models.length === 1 ? baseline.models[0] : undefined)
    if (!before) continue
    run.evaluation.questions.forEach((question, at) => {
      const earlier = before.questions.find((one) => one.question === question.title)
      if (!earlier) return
      for (const [metric, now] of Object.entries(intervalsOf(question))) {
        const then = earlier.intervals[metric]
        if (!now || !then || then.low === null || then.high === null) continue
        if (now.value >= then.low && now.value <= then.high) continue
        const higher = now.value > then.high
        changes.push({
          model: run.model,
          question: question.title,
          metric,
          before: { value: then.value, low: then.low, high: then.high },
          after: now.value,
          worse: lowerIsBetter.has(metric) ? higher : !higher,
        })
      }
      const earlierRows = new Map(earlier.rows.map((row) => [row.index, row]))
      for (const row of run.evaluation.rows[at] ?? []) {
        const then = earlierRows.get(row.index)
        if (!then || said(then.answer) === said(row.answer)) continue
        flips.push({
          model: run.model,
          question: question.title,
          line: row.line,
          before: said(then.answer),
          after: said(row.answer),
          expected: said(row.expected),
          nowRight: row.right,
        })
      }
    })
  }
  return { changes, flips }
}
