// A baseline from a file: an earlier evaluation's JSON report (`--report FILE.json`), read as untrusted input: its
// size is checked before it is read, its shape before it is used. What changed since it is worked out in
// `shared/domain/baseline.ts`, as the app does with a run kept as a baseline.
import { basename } from 'node:path'
import { z } from 'zod'
import { readGivenFile } from './given-files.ts'
import { usageError } from './output.ts'

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
          /** A yes-or-no question's scores, with the threshold its answers were read at (0.5 before reports said). */
          predicate: z.object({ threshold: z.number().optional() }).optional(),
        }),
      ),
    }),
  ),
})
export type BaselineReport = z.infer<typeof BaselineReport>

/** A report is one evaluation's figures and rows: far below this. */
const maxBaselineBytes = 64 * 1024 * 1024

export async function readBaseline(path: string): Promise<BaselineReport> {
  const text = await readGivenFile(
    path,
    maxBaselineBytes,
    `${basename(path)} is larger than any evaluation's report.`,
  )
  let json: unknown
  try {
    json = JSON.parse(text)
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

/**
 * Where a yes-or-no question is read at another threshold than the baseline was: its rows between the two are
 * listed as changed for that alone, and the person is told so.
 */
export function movedThresholds(
  baseline: {
    models: readonly { questions: readonly { question: string; predicate?: { threshold?: number } }[] }[]
  },
  now: readonly { question: string; threshold: number }[],
): string[] {
  const before = new Map(
    (baseline.models[0]?.questions ?? []).flatMap((question) =>
      question.predicate ? [[question.question, question.predicate.threshold ?? 0.5] as const] : [],
    ),
  )
  return now.flatMap(({ question, threshold }) => {
    const then = before.get(question)
    return then === undefined || then === threshold
      ? []
      : [
          `${question}: the baseline read yes from ${then} and this run from ${threshold}; rows between the two are listed as changed for that alone.`,
        ]
  })
}
