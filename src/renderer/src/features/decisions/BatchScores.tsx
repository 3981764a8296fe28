// How good a finished CSV batch's answers are against the expected answers in its own columns: a column picked
// for each question (found by name when it can be), then each question's scores with their intervals, the
// reliability of its probabilities, a choice's confusion matrix whose cells list their rows, and the rows where
// the model was least sure first. The scores are worked out in a worker, from the answers the batch stored.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { DecisionInput } from '#shared/api/decisions'
import { labeledColumn } from '#shared/domain/batch-answers'
import { inputPreview } from '#shared/domain/batch-inputs'
import {
  type ErrorCosts,
  expectedColumns,
  perRightAnswer,
  type QuestionEvaluation,
  titleOf,
  valueWords,
} from '#shared/domain/evaluation-set'
import type { Estimate } from '#shared/domain/intervals'
import type { Questionnaire } from '#shared/domain/questionnaire'
import type { BatchItem, BatchSummary } from '#shared/ipc/routes/batches'
import { ErrorNote } from '../../components/ErrorNote.tsx'
import { BaselinePanel, useBaseline } from './BaselinePanel.tsx'
import { batchAnswers } from './batch-detail.ts'
import { cellKey, type ScoringCosts, type ShownRows } from './batch-scoring.ts'
import { thresholdWords, useChosenThresholds } from './chosen-thresholds.ts'
import { ErrorCostsField } from './ErrorCostsField.tsx'
import { useErrorCosts } from './kept-per-question.ts'
import { ModelComparison, useModelsToCompare } from './ModelComparison.tsx'
import { LevelPlot, Reliability } from './ScorePlots.tsx'
import { ScoreTerms } from './ScoreTerms.tsx'
import { useBatchScores } from './use-batch-scores.ts'

const percent = (value: number) => `${(value * 100).toFixed(1)}%`
/** A figure with its interval; "(…)" while the interval is still worked out. */
const interval = (estimate: Estimate) =>
  Number.isNaN(estimate.low)
    ? `${percent(estimate.value)} (…)`
    : `${percent(estimate.value)} (${percent(estimate.low)}–${percent(estimate.high)})`
const decimal = (estimate: Estimate | null, places = 3) => {
  if (!estimate) return '—'
  if (Number.isNaN(estimate.low)) return `${estimate.value.toFixed(places)} (…)`
  return `${estimate.value.toFixed(places)} (${estimate.low.toFixed(places)}–${estimate.high.toFixed(places)})`
}

export function BatchScores(props: {
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
  /** The column picked for each question (-1: not scored); unpicked ones keep the column found by name. */
  const [picked, setPicked] = useState<Record<number, number>>({})
  const columns = useMemo(
    () =>
      questionnaire.questions
        .map((_, question) => [question, picked[question] ?? found.get(question) ?? -1] as [number, number])
        .filter(([, column]) => column >= 0),
    [questionnaire, picked, found],
  )
  /** The answered rows, and the time they took together (ms): what a row and a right answer cost in time. */
  const timing = answers?.timing ?? { rows: 0, ms: 0 }
  const [chosen, setChosen] = useState<string[]>([])
  const labelButton = useRef<HTMLButtonElement>(null)
  // Only as it appears again after labeling.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, as the section mounts
  useEffect(() => {
    if (props.focusLabel) labelButton.current?.focus()
  }, [])
  const compare = useModelsToCompare(props.batch, props.others, chosen)
  const kept = useBaseline(props.batch, props.baselineId, props.others)
  /** The costs of a wrong yes and a wrong no set for the questionnaire's yes-or-no questions, by title. */
  const costs = useErrorCosts((state) => state.set[questionnaire.id])
  const changeCosts = useErrorCosts((state) => state.change)
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
  return (
    <section className="batch-scores" aria-label="Scores">
      <h2 className="batch-scores__title">Scores against expected answers</h2>
      <p className="muted">
        Pick the column that holds each question’s expected answer (yes or no, an option, a level), or label
        the rows here. The scores come from the answers this batch stored: nothing is sent again.
      </p>
      <ScoreTerms />
      <div className="form-actions">
        <button type="button" className="button" ref={labelButton} onClick={props.onLabel}>
          Label rows
        </button>
        <span className="muted">{answers ? `${answers.labeled} rows labeled` : 'Reading the answers…'}</span>
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
              {sourceColumns.map((column, at) => (
                <option key={column} value={at}>
                  {column}
                </option>
              ))}
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
        {busy ? (scored ? 'Working out the intervals…' : 'Working out the scores…') : thresholds.said}
      </p>
      <BaselinePanel
        batch={props.batch}
        baselineId={props.baselineId}
        summary={kept.summary}
        since={scored?.since ?? null}
        inputs={inputs}
        busy={busy}
        error={kept.error}
        onRetry={kept.retry}
      />
      <ModelComparison
        others={props.others}
        chosen={chosen}
        onChoose={setChosen}
        compared={scored?.compared ?? null}
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
          onCosts={(one) => changeCosts(questionnaire.id, question.title, one)}
          chosenThreshold={thresholds.chosen[question.title] !== undefined}
          onThreshold={(threshold) => thresholds.choose(question.title, threshold)}
        />
      ))}
    </section>
  )
}

function QuestionScores(props: {
  question: QuestionEvaluation
  rows: ShownRows
  /** Each row's input, by its index. */
  inputs: ReadonlyMap<number, unknown>
  spent: string
  timing: { rows: number; ms: number }
  /** What a wrong yes and a wrong no cost (a yes-or-no question), if the person said. */
  costs: ErrorCosts | null
  onCosts: (costs: ErrorCosts | null) => void
  /** The answers are read at a threshold chosen here, not the run's own. */
  chosenThreshold: boolean
  /** Reads the answers at a threshold, or (null) at the run's own again. */
  onThreshold: (threshold: number | null) => void
}) {
  const { question, rows } = props
  const [cell, setCell] = useState<{ expected: string; answer: string } | null>(null)
  const perRight = perRightAnswer(props.spent, props.timing, question.labeled, rows.right)
  const figures: [string, string][] = []
  const { predicate, choice, score } = question
  if (predicate) {
    const at = thresholdWords(predicate.threshold)
    figures.push([`Accuracy at ${at}`, interval(predicate.accuracy)])
    figures.push([
      `Precision · recall at ${at}`,
      `${percent(predicate.precision.value)} · ${percent(predicate.recall.value)}`,
    ])
    const { best } = predicate
    const rightAtBest = question.labeled - best.falsePositives - best.falseNegatives
    figures.push(
      best.cost === null
        ? ['Best threshold (by F1)', `${best.threshold.toFixed(3)} · F1 ${best.f1.toFixed(3)}`]
        : [
            'Best threshold (least cost)',
            `${Number.isFinite(best.threshold) ? best.threshold.toFixed(3) : 'never yes'} · cost ${best.cost.toLocaleString('en-US')} (${best.falsePositives} wrong yes, ${best.falseNegatives} wrong no)`,
          ],
    )
    figures.push([
      'At that threshold',
      `accuracy ${percent(question.labeled ? rightAtBest / question.labeled : 0)} · precision ${percent(best.precision)} · recall ${percent(best.recall)}`,
    ])
    figures.push(['ROC AUC', decimal(predicate.rocAuc)])
    figures.push(['Brier score', decimal(predicate.brier)])
  }
  if (choice) {
    figures.push(['Accuracy', interval(choice.accuracy)])
    for (const option of choice.perOption)
      if (option.support > 0 || option.precision.value > 0)
        figures.push([
          `Precision · recall of “${option.option}”`,
          `${Number.isNaN(option.precision.value) ? '—' : percent(option.precision.value)} · ${percent(option.recall.value)}`,
        ])
    figures.push(['Log loss', decimal(choice.logLoss)])
    figures.push(['Calibration error (ECE)', decimal(choice.calibrationError)])
  }
  if (score) {
    figures.push(['Nearest level right', interval(score.exact)])
    figures.push(['Within one level', percent(score.withinOne.value)])
    figures.push(['Mean distance (levels)', decimal(score.meanAbsoluteError, 2)])
  }
  const { timing } = props
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  figures.push(['Cost per right answer', perRight ? `$${perRight.cost.toFixed(6)}` : '—'])
  figures.push([
    'Cost · time per row',
    timing.rows > 0
      ? `$${(Number(props.spent) / timing.rows).toFixed(6)} · ${seconds(timing.ms / timing.rows)}`
      : '—',
  ])
  figures.push(['Time per right answer', perRight ? seconds(perRight.ms) : '—'])
  const inCell = cell ? rows.cells[cellKey(cell.expected, cell.answer)] : undefined
  const listed = inCell ? inCell.rows : rows.leastSure
  return (
    <section className="batch-scores__question" aria-label={`Scores of ${question.title}`}>
      <h3>
        {question.title} <span className="muted">· {question.labeled} rows with an expected answer</span>
      </h3>
      {question.unreadable.length > 0 ? (
        <p className="muted">
          {question.unreadable.length} expected answers do not read and were left out (line{' '}
          {question.unreadable[0]?.line ?? '?'}: {question.unreadable[0]?.problem}).
        </p>
      ) : null}
      {question.labeled === 0 ? (
        <p className="muted">No row has both an answer and an expected answer for this question.</p>
      ) : null}
      {predicate ? (
        <ErrorCostsField question={question.title} costs={props.costs} onCosts={props.onCosts} />
      ) : null}
      <div className="batch-scores__body" hidden={question.labeled === 0}>
        <div>
          <dl className="batch-scores__figures">
            {figures.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {predicate ? (
            <div className="form-actions">
              {Number.isFinite(predicate.best.threshold) &&
              predicate.best.threshold !== predicate.threshold ? (
                <button
                  type="button"
                  className="button"
                  onClick={() => props.onThreshold(predicate.best.threshold)}
                >
                  Read yes from {thresholdWords(predicate.best.threshold)}
                </button>
              ) : null}
              {props.chosenThreshold ? (
                <button
                  type="button"
                  className="button button--quiet"
                  onClick={() => props.onThreshold(null)}
                >
                  Back to the run’s threshold
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
        {predicate ? <Reliability bins={predicate.reliability} what="yes" /> : null}
        {choice ? <Reliability bins={choice.reliability} what="the answer" /> : null}
        {score ? <LevelPlot levels={score.levels} /> : null}
        {choice ? (
          <table className="batch-scores__confusion" aria-label={`Confusion of ${question.title}`}>
            <caption>Expected (rows) against answered (columns); a count lists its rows</caption>
            <thead>
              <tr>
                <td />
                {choice.options.map((option) => (
                  <th key={option} scope="col">
                    {option}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {choice.confusion.map((counts, e) => {
                const expected = choice.options[e] ?? ''
                return (
                  <tr key={expected}>
                    <th scope="row">{expected}</th>
                    {counts.map((count, a) => {
                      const answer = choice.options[a] ?? ''
                      const chosen = cell?.expected === expected && cell.answer === answer
                      return (
                        <td key={answer} className={e === a ? 'batch-scores__hit' : undefined}>
                          {count > 0 ? (
                            <button
                              type="button"
                              className="link-button"
                              aria-pressed={chosen}
                              aria-label={`${count} rows expected ${expected}, answered ${answer}`}
                              onClick={() => setCell(chosen ? null : { expected, answer })}
                            >
                              {count}
                            </button>
                          ) : (
                            '0'
                          )}
                        </td>
                      )
                    })}
                  </tr>
                )
              })}
            </tbody>
          </table>
        ) : null}
      </div>
      <h4>
        {cell ? `Expected ${cell.expected}, answered ${cell.answer}` : 'Where the model was least sure'}
        {inCell && inCell.count > inCell.rows.length ? (
          <span className="muted">
            {' '}
            · the {inCell.rows.length} least sure of {inCell.count}
          </span>
        ) : null}
        {cell ? (
          <button type="button" className="link-button" onClick={() => setCell(null)}>
            Show the least sure
          </button>
        ) : null}
      </h4>
      <ol className="batch-scores__rows" aria-label={`Rows of ${question.title}`}>
        {listed.map((row) => (
          <li key={row.index}>
            <span className={row.right ? 'batch-scores__right' : 'batch-scores__wrong'}>
              {row.right ? 'Right' : 'Wrong'}
            </span>{' '}
            line {row.line ?? row.index + 1}: answered {valueWords(row.answer)} ({percent(row.probability)}{' '}
            sure), expected {valueWords(row.expected)} —{' '}
            <span className="muted">
              {inputPreview((props.inputs.get(row.index) ?? '') as DecisionInput, 120)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
