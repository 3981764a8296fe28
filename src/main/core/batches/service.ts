// Batches: create a batch in one transaction and run it, read its rows, cancel, resume, retry, export.
import { randomUUID } from 'node:crypto'
import { expectedOf } from '#shared/domain/evaluation-set'
import { formatAmount } from '#shared/domain/money'
import type { QuestionDraft, Questionnaire } from '#shared/domain/questionnaire'
import { resumeCapProblem } from '#shared/domain/spend-cap'
import { AppError } from '#shared/ipc/app-error'
import type { RouteInput } from '#shared/ipc/contract'
import type { BatchItem, BatchSummary, batchRoutes } from '#shared/ipc/routes/batches'
import type { HistoryReads } from '../data/history-reads.ts'
import { writeFileAtomic } from '../files/atomic-write.ts'
import { suggestedFileName } from '../files/file-names.ts'
import { type BatchRow, batchItemOf } from '../history/decision-batches.ts'
import type { History } from '../history/history.ts'
import type { Platform } from '../platform.ts'
import type { ProfileScope } from '../profiles/profile-scope.ts'
import type { Redaction } from '../secrets/redaction.ts'
import type { Remote } from '../workers/calls.ts'
import { carriedLabels, withLabel } from './carried-labels.ts'
import type { BatchRunner } from './runner.ts'

type Input<K extends keyof typeof batchRoutes> = RouteInput<typeof batchRoutes, K>

export function createBatchService(deps: {
  history: History
  runner: BatchRunner
  platform: Platform
  /** A profile's name, or null when it no longer exists. */
  profileName: (profileId: string) => string | null
  /** Reads a batch's rows, answers and exported file (the data worker): a large batch never holds main. */
  reads: Pick<Remote<HistoryReads, []>, 'batchRows' | 'batchAnswers' | 'batchFile' | 'rowsDiffer'>
  redaction: Pick<Redaction, 'secrets'>
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  const batches = deps.history.decisionBatches
  const summaryOf = (row: BatchRow): BatchSummary => ({
    id: row.id,
    name: row.name,
    model: row.model,
    endpoint: row.endpoint,
    profileId: row.profileId,
    profileName: deps.profileName(row.profileId),
    concurrency: row.concurrency,
    spendCap: row.spendCap,
    status: row.status,
    counts: batches.counts(row.id),
    spent: formatAmount(batches.spent(row.id)),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    sourceColumns: row.sourceColumnsJson ? JSON.parse(row.sourceColumnsJson) : null,
  })
  const found = (id: string) => {
    const row = batches.get(id)
    if (!row) throw new AppError({ code: 'not_found', message: 'That batch is not in the history any more.' })
    return row
  }
  const itemsOf = (id: string, since?: number): BatchItem[] =>
    (since === undefined ? batches.items(id) : batches.settledSince(id, since)).map(batchItemOf)
  /** Runs a batch that is not running, and answers its summary. */
  const runAndSummarize = async (id: string) => {
    await deps.runner.start(id)
    return summaryOf(found(id))
  }

  return {
    async start(
      { profileId }: ProfileScope,
      {
        questionnaire,
        template,
        inputs,
        concurrency,
        retries,
        spendCap,
        source,
        lines,
      }: Input<'batches.start'>,
    ) {
      if (source && source.rows.length !== inputs.length)
        throw new AppError({
          code: 'validation_failed',
          message: `The source has ${source.rows.length} rows for ${inputs.length} inputs; each input needs its row.`,
        })
      if (lines && lines.length !== inputs.length)
        throw new AppError({
          code: 'validation_failed',
          message: `${lines.length} lines are given for ${inputs.length} inputs; each input needs its line.`,
        })
      const id = randomUUID()
      const at = now()
      deps.history.transaction(() => {
        batches.create(
          {
            id,
            name: questionnaire.name,
            questionnaireJson: JSON.stringify(questionnaire),
            model: template.body.model,
            endpoint: template.endpoint,
            templateJson: JSON.stringify(template),
            // The batch keeps this profile to its last row, whatever is active later.
            profileId,
            concurrency,
            retries,
            spendCap,
            // Stopped until the runner starts it: if the start fails, it can be resumed.
            status: 'interrupted',
            createdAt: at,
            updatedAt: at,
            sourceColumnsJson: source ? JSON.stringify(source.columns) : null,
          },
          inputs,
          source?.rows,
          lines,
        )
        const earlier = batches.latestLabeled(questionnaire.id, id)
        if (earlier)
          for (const [index, labels] of carriedLabels(
            earlier.questionnaire,
            questionnaire,
            earlier.rows,
            inputs.map((input) => JSON.stringify(input)),
          ))
            batches.setLabels(id, index, labels)
      })
      return runAndSummarize(id)
    },
    list: () => deps.history.damaged.each('batch', batches.latest(100), (row) => row.id, summaryOf),
    /** A batch without its rows: they are read by `rows`, a range at a time. */
    get(id: string) {
      const row = found(id)
      const questionnaire = JSON.parse(row.questionnaireJson) as Questionnaire
      return { batch: summaryOf(row), questionnaire, baselineId: batches.baseline(questionnaire.id) }
    },
    /** Up to `limit` of a batch's rows from its row `from` on, read in the data worker. */
    async rows(id: string, from: number, limit: number, signal?: AbortSignal) {
      found(id)
      return deps.reads.batchRows(id, from, limit, signal)
    },
    /** A batch's answers as its scores read them, worked out in the data worker. */
    async answers(id: string, signal?: AbortSignal) {
      const answers = await deps.reads.batchAnswers(id, signal)
      if (!answers)
        throw new AppError({ code: 'not_found', message: 'That batch is not in the history any more.' })
      return answers
    },
    /** How many of a batch's rows hold another input than `against`'s at the same place, read in the data worker. */
    async rowsDiffer(id: string, against: string, signal?: AbortSignal) {
      found(id)
      found(against)
      return { rows: await deps.reads.rowsDiffer(id, against, signal) }
    },
    setBaseline(id: string, kept: boolean) {
      const { id: questionnaireId } = JSON.parse(found(id).questionnaireJson) as Questionnaire
      batches.setBaseline(questionnaireId, id, kept)
      return { baselineId: batches.baseline(questionnaireId) }
    },
    settled(id: string, since: number) {
      const row = found(id)
      return { questionnaire: JSON.parse(row.questionnaireJson), items: itemsOf(id, since) }
    },
    /** Stops the batch; answers once the rows it had in flight are written (they were billed). */
    async cancel(id: string) {
      deps.runner.cancel(id)
      await deps.runner.ended(id)
      return summaryOf(found(id))
    },
    async resume(id: string, spendCap: string | null | undefined) {
      const batch = summaryOf(found(id))
      if (batch.status === 'capped') {
        const problem = resumeCapProblem(
          { spent: batch.spent, pricedRows: batch.counts.done, rowsLeft: batch.counts.pending },
          spendCap === undefined ? batch.spendCap : spendCap,
        )
        if (problem) throw new AppError({ code: 'validation_failed', message: problem, path: ['spendCap'] })
      }
      if (batch.status === 'over_budget' && !(await deps.runner.nextRowFits(id)))
        throw new AppError({
          code: 'over_budget',
          message: `The next row would pass the budget of “${batch.profileName ?? 'its profile'}”.`,
          hint: 'Raise the budget in Settings › Budgets: the batch then goes on by itself.',
        })
      if (spendCap !== undefined) deps.history.transaction(() => batches.setSpendCap(id, spendCap, now()))
      return runAndSummarize(id)
    },
    /**
     * The person's answer to one question of a row (null takes it back), checked as an expected answer is read;
     * the row's labels as they are now.
     */
    label(id: string, index: number, question: number, value: string | null) {
      const { id: questionnaireId, questions } = JSON.parse(found(id).questionnaireJson) as Questionnaire
      const asked = questions[question]
      if (!asked)
        throw new AppError({ code: 'validation_failed', message: 'The batch has no such question.' })
      const read = value === null ? null : expectedOf(asked, value)
      if (read && 'problem' in read)
        throw new AppError({
          code: 'validation_failed',
          message: `${read.problem} for this question.`,
          path: ['value'],
        })
      const relabeled = (stored: string | null, at: number, as: QuestionDraft) =>
        withLabel((stored ? JSON.parse(stored) : {}) as Record<string, string>, at, as, value)
      return deps.history.transaction(() => {
        const stored = batches.labels(id, index)
        if (stored === undefined)
          throw new AppError({ code: 'not_found', message: 'The batch has no such row.' })
        const labels = relabeled(stored, question, asked)
        batches.setLabels(id, index, Object.keys(labels).length ? JSON.stringify(labels) : null)
        // A label is the set's: every other run of the questionnaire with this input at this row takes it too.
        for (const other of batches.otherRuns(questionnaireId, id)) {
          const questions = (JSON.parse(other.questionnaireJson) as Partial<Questionnaire>).questions
          const at = Array.isArray(questions) ? questions.findIndex((one) => one.id === asked.id) : -1
          const theirs = at === -1 ? undefined : batches.labelsLike(other.id, index, id)
          if (theirs === undefined) continue
          try {
            const changed = relabeled(theirs, at, questions?.[at] as QuestionDraft)
            batches.setLabels(other.id, index, Object.keys(changed).length ? JSON.stringify(changed) : null)
          } catch {
            // A run whose row's labels do not read keeps them as they are; this run's label stands.
          }
        }
        return { labels }
      })
    },
    retry(id: string, index: number | undefined) {
      found(id)
      const retried = deps.history.transaction(() => batches.retry(id, index ?? null))
      if (retried === 0)
        throw new AppError({ code: 'validation_failed', message: 'There is no failed row to retry.' })
      // A running batch took its queue at start: finish it, then the retried rows run on the next start.
      if (deps.runner.isRunning(id)) return summaryOf(found(id))
      return runAndSummarize(id)
    },
    async export(id: string, format: 'csv' | 'json') {
      const row = found(id)
      const questionnaire = JSON.parse(row.questionnaireJson) as Questionnaire
      const target = await deps.platform.saveDialog({
        title: 'Export batch results',
        defaultPath: suggestedFileName(row.name, 'batch', format),
        filters: [
          format === 'csv' ? { name: 'CSV', extensions: ['csv'] } : { name: 'JSON', extensions: ['json'] },
        ],
      })
      if (!target) return { savedTo: null }
      const text = await deps.reads.batchFile({ id, format, batch: summaryOf(row), questionnaire })
      // The rows are people's inputs and the service's answers: a secret the app holds does not leave in them.
      await writeFileAtomic(target, deps.redaction.secrets(text))
      return { savedTo: target }
    },
    async delete(id: string) {
      if (deps.runner.isRunning(id)) {
        deps.runner.cancel(id)
        await deps.runner.ended(id)
      }
      return { deleted: deps.history.transaction(() => batches.delete(id)) }
    },
  }
}

export type BatchService = ReturnType<typeof createBatchService>
