// How good a finished CSV batch's answers are against the expected answers in its own columns: a column picked
// for each question (found by name when it can be), then each question's scores with their intervals, the
// reliability of its probabilities, a choice's confusion matrix whose cells list their rows, and the rows where
// the model was least sure first. The scores are worked out in a worker, from the answers the batch stored.
import { useQuery } from '@tanstack/react-query'
import { type Ref, useEffect, useMemo, useRef } from 'react'
import { labeledColumn } from '#shared/domain/batch-answers'
import { type ErrorCosts, expectedColumns, titleOf } from '#shared/domain/evaluation-set'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { BatchItem, BatchSummary } from '#shared/ipc/routes/batches'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { BaselinePanel, thresholdsApart, useBaseline } from './BaselinePanel.tsx'
import { stillOffered, useBatchChoices } from './batch-choices.ts'
import { batchAnswers } from './batch-detail.ts'
import type { ScoringCosts } from './batch-scoring.ts'
import { useChosenThresholds } from './chosen-thresholds.ts'
import { useKeptPerQuestion } from './kept-per-question.ts'
import { ModelComparison, useModelsToCompare } from './ModelComparison.tsx'
import { QuestionScores } from './QuestionScores.tsx'
import { ScoreTerms } from './ScoreTerms.tsx'
import { useBatchScores } from './use-batch-scores.ts'

export function BatchScores(props: {
  /** The scores' heading: the view moves the focus to it ("Go to the scores"). */
  ref?: Ref<HTMLHeadingElement>
  questionnaire: Questionnaire
  /** The batch's rows once read: the rows listed show their inputs. */
  items: readonly BatchItem[] | undefined
  sourceColumns: readonly string[]
  /** What the batch spent, in USD. */
  spent: string
  /** This batch, and the finished batches over as many rows, to compare models with. */
  batch: BatchSummary
  others: readonly BatchSummary[]
  /** The batch its questionnaire's runs are compared with, if one is kept. */
  baselineId: string | null
  onLabel: () => void
  /** The scores have shown, or said why there are none: the view reads the rows then. */
  onShown?: () => void
  /** Labeling just ended: its button takes the focus back. */
  focusLabel?: boolean
}) {
  const { questionnaire } = props
  const titles = useMemo(() => questionnaire.questions.map(titleOf), [questionnaire])
  // The labels given in the app are a column per question, after the file's own.
  const sourceColumns = useMemo(
    () => [...props.sourceColumns, ...titles.map(labeledColumn)],
    [props.sourceColumns, titles],
  )
  const inputs = useMemo(
    () => new Map((props.items ?? []).map((item) => [item.index, item.input])),
    [props.items],
  )
  const read = useQuery(batchAnswers(props.batch.id))
  const answers = read.data
  const input = useMemo(() => ({ questionnaire, answers }), [questionnaire, answers])
  const found = useMemo(() => {
    const byName = expectedColumns(questionnaire, props.sourceColumns).columns
    // Without a column of the file, a question with labels is scored against them.
    for (const question of answers?.labeledQuestions ?? [])
      if (!byName.has(question)) byName.set(question, props.sourceColumns.length + question)
    return byName
  }, [questionnaire, props.sourceColumns, answers])
  // The columns picked and the runs beside, kept by batch while the app runs.
  const { picked, setPicked, chosen: chosenBefore, setChosen } = useBatchChoices(props.batch.id)
  const chosen = useMemo(() => stillOffered(chosenBefore, props.others), [chosenBefore, props.others])
  const columns = useMemo(
    () =>
      questionnaire.questions
        .map((_, question) => [question, picked[question] ?? found.get(question) ?? -1] as [number, number])
        .filter(([, column]) => column >= 0),
    [questionnaire, picked, found],
  )
  /** The answered rows, and the time they took together (ms): what a row and a right answer cost in time. */
  const timing = answers?.timing ?? { rows: 0, ms: 0 }
  const labelButton = useRef<HTMLButtonElement>(null)
  // Only as it appears again after labeling.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, as the section mounts
  useEffect(() => {
    if (props.focusLabel) labelButton.current?.focus()
  }, [])
  const compare = useModelsToCompare(props.batch, props.others, chosen)
  const kept = useBaseline(props.batch, questionnaire, props.baselineId, props.others)
  /** The costs of a wrong yes and a wrong no set for the questionnaire's yes-or-no questions, by title. */
  const { kept: costs, change: changeCosts } = useKeptPerQuestion('costs', questionnaire.id)
  const costList = useMemo(
    (): ScoringCosts =>
      titles.flatMap((title, question) => {
        const one = costs?.[title]
        return one ? [[question, one] as [number, ErrorCosts]] : []
      }),
    [costs, titles],
  )
  const thresholds = useChosenThresholds(questionnaire)
  const { scored, busy, problem } = useBatchScores(
    input,
    columns,
    compare.models,
    kept.baseline,
    costList,
    thresholds.list,
  )
  const shown =
    scored !== null || problem !== null || read.isError || (answers !== undefined && columns.length === 0)
  const { onShown } = props
  useEffect(() => {
    if (shown) onShown?.()
  }, [shown, onShown])
  return (
    <section className="batch-scores" aria-label="Scores">
      <h2 className="batch-scores__title" ref={props.ref} tabIndex={-1}>
        Scores against expected answers
      </h2>
      <p className="muted">
        Pick the column that holds each question’s expected answer (yes or no, an option, a level), or label
        the rows here. The scores come from the answers this batch stored: nothing is sent again.
      </p>
      <ScoreTerms kinds={questionnaire.questions.map((question) => question.kind)} />
      <div className="form-actions">
        <button type="button" className="button" ref={labelButton} onClick={props.onLabel}>
          Label rows
        </button>
        <span className="muted">
          {answers
            ? `${answers.labeled.toLocaleString('en-US')} ${answers.labeled === 1 ? 'row has' : 'rows have'} a label · labels are shared by this questionnaire’s runs of the same inputs`
            : 'Reading the answers…'}
        </span>
      </div>
      <div className="field-row">
        {questionnaire.questions.map((question, index) => (
          <label className="field" key={question.id}>
            <span className="field__label">Expected “{titleOf(question, index)}”</span>
            <select
              value={picked[index] ?? found.get(index) ?? -1}
              onChange={(event) => setPicked({ ...picked, [index]: Number(event.target.value) })}
            >
              <option value={-1}>Not scored</option>
              {sourceColumns.map((column, at) =>
                // Of the labels given in the app, a question is offered its own.
                at >= props.sourceColumns.length && at !== props.sourceColumns.length + index ? null : (
                  <option key={column} value={at}>
                    {column}
                  </option>
                ),
              )}
            </select>
          </label>
        ))}
      </div>
      {columns.length === 0 ? (
        <p className="muted">No column is picked: the scores show once one holds expected answers.</p>
      ) : null}
      <ErrorNote error={read.error} onRetry={() => read.refetch()} />
      {problem ? <p role="alert">The scores could not be worked out: {problem}</p> : null}
      <p role="status" className="muted">
        {busy ? (scored ? 'Working out the intervals…' : 'Working out the scores…') : ''}
      </p>
      <BaselinePanel
        batch={props.batch}
        baselineId={props.baselineId}
        summary={kept.summary}
        unlike={kept.unlike}
        since={scored?.since ?? null}
        apart={thresholdsApart(
          questionnaire,
          thresholds.list,
          kept.ranAt,
          columns.map(([question]) => question),
        )}
        askedOtherwise={kept.askedOtherwise}
        inputs={inputs}
        busy={busy}
        error={kept.error}
        onRetry={kept.retry}
      />
      <ModelComparison
        questionnaire={questionnaire}
        others={props.others}
        chosen={chosen}
        onChoose={setChosen}
        compared={scored?.compared ?? null}
        unlike={compare.unlike}
        loading={compare.loading}
        error={compare.error}
        onRetry={compare.retry}
      />
      {scored?.questions.map((question, at) => (
        <QuestionScores
          inputs={inputs}
          key={question.title}
          question={question}
          rows={scored.rows[at] ?? { right: 0, leastSure: [], cells: {} }}
          spent={props.spent}
          timing={timing}
          costs={costs?.[question.title] ?? null}
          onCosts={(one) => changeCosts(question.title, one)}
          chosenThreshold={thresholds.chosen[question.title] !== undefined}
          onThreshold={(threshold) => thresholds.choose(question.title, threshold)}
          thresholdSaid={thresholds.said?.title === question.title ? thresholds.said.words : ''}
        />
      ))}
    </section>
  )
}
