// One question's scores in a batch's: its figures with their intervals, the threshold its yes is read at and the
// best one, what a wrong answer costs, its plots, a choice's confusion matrix whose cells list their rows, and the
// rows where the model was least sure first.
import { useEffect, useRef, useState } from 'react'
import type { DecisionInput } from '#shared/api/decisions'
import { inputPreview } from '#shared/domain/batch-inputs'
import {
  type ErrorCosts,
  type LabeledRow,
  perRightAnswer,
  type QuestionEvaluation,
  valueWords,
} from '#shared/domain/evaluation-set'
import type { Estimate } from '#shared/domain/intervals'
import { cellKey, type ShownRows } from './batch-scoring.ts'
import { thresholdWords } from './chosen-thresholds.ts'
import { ErrorCostsField } from './ErrorCostsField.tsx'
import { LevelPlot, Reliability } from './ScorePlots.tsx'

const percent = (value: number) => `${(value * 100).toFixed(1)}%`
/**
 * The probability the model gave a row's answer: a yes or no's probability of yes (its answer follows the threshold,
 * which may be far from 50%), else that of the option or level answered.
 */
const chanceWords = (row: LabeledRow) =>
  typeof row.answer === 'boolean'
    ? `probability of yes ${percent(row.answer ? row.probability : 1 - row.probability)}`
    : `probability ${percent(row.probability)}`
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

/**
 * Below this many rows one row moves a proportion by several points, and a bootstrap interval of so few rows is
 * narrower than the truth: the scores say so.
 */
export const fewRows = 30

export function QuestionScores(props: {
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
  /** What the last threshold chosen here did (the questionnaire in Build and run took it, or not). */
  thresholdSaid: string
}) {
  const { question, rows } = props
  const [cell, setCell] = useState<{ expected: string; answer: string } | null>(null)
  const thresholdActions = useRef<HTMLDivElement>(null)
  const [usedThreshold, setUsedThreshold] = useState(false)
  // A threshold button goes once the scores are read at it: the focus stays with the one left beside it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: run when the buttons change
  useEffect(() => {
    const actions = thresholdActions.current
    if (usedThreshold && actions && !actions.contains(document.activeElement))
      actions.querySelector('button')?.focus()
  }, [usedThreshold, question.predicate?.threshold, props.chosenThreshold])
  const takeThreshold = (threshold: number | null) => {
    setUsedThreshold(true)
    props.onThreshold(threshold)
  }
  const perRight = perRightAnswer(props.spent, props.timing, question.labeled, rows.right)
  const figures: [string, string][] = []
  const { predicate, choice, score } = question
  if (predicate) {
    const at = thresholdWords(predicate.threshold)
    figures.push([`Accuracy at ${at}`, interval(predicate.accuracy)])
    // Wilson's estimate of no rows is not a number: none read yes, or none expected yes.
    const { precision, recall } = predicate
    figures.push([
      `Precision · recall at ${at}`,
      `${Number.isNaN(precision.value) ? '— (no row reads yes)' : percent(precision.value)} · ${Number.isNaN(recall.value) ? '— (no row is expected yes)' : percent(recall.value)}`,
    ])
    const { best, errors } = predicate
    if (errors.cost !== null)
      figures.push([
        `Cost of errors at ${at}`,
        `${errors.cost.toLocaleString('en-US')} (${errors.falseYes} wrong yes, ${errors.falseNo} wrong no)`,
      ])
    const rightAtBest = question.labeled - best.falsePositives - best.falseNegatives
    // By F1 with no row expected yes, every threshold scores 0: there is no best one to offer.
    const noneToPick = best.cost === null && best.truePositives + best.falseNegatives === 0
    figures.push(
      noneToPick
        ? ['Best threshold (by F1)', '— (no row is expected yes: F1 is 0 at every threshold)']
        : best.cost === null
          ? ['Best threshold (by F1)', `${thresholdWords(best.plain)} · F1 ${best.f1.toFixed(3)}`]
          : [
              'Best threshold (least cost)',
              `${Number.isFinite(best.threshold) ? thresholdWords(best.plain) : 'never yes'} · cost ${best.cost.toLocaleString('en-US')} (${best.falsePositives} wrong yes, ${best.falseNegatives} wrong no)`,
            ],
    )
    if (!noneToPick) {
      const saidYes = best.truePositives + best.falsePositives
      const alike =
        question.labeled === 0 || (saidYes > 0 && saidYes < question.labeled)
          ? ''
          : `every row reads ${saidYes > 0 ? 'yes' : 'no'}, no better${best.cost === null ? '' : ' at these costs'} than ${saidYes > 0 ? 'yes' : 'no'} for all · `
      figures.push([
        'At that threshold',
        `${alike}accuracy ${percent(question.labeled ? rightAtBest / question.labeled : 0)} · precision ${saidYes > 0 ? percent(best.precision) : '—'} · recall ${best.truePositives + best.falseNegatives > 0 ? percent(best.recall) : '—'}`,
      ])
    }
    figures.push(['ROC AUC', decimal(predicate.rocAuc)])
    figures.push(['Brier score', decimal(predicate.brier)])
    figures.push(['Calibration error (ECE)', decimal(predicate.calibrationError)])
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
        {question.title}{' '}
        <span className="muted">
          · {question.labeled.toLocaleString('en-US')} {question.labeled === 1 ? 'row' : 'rows'} with an
          expected answer
        </span>
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
      {question.labeled > 0 && question.labeled < fewRows ? (
        <p className="muted">
          Only {question.labeled === 1 ? '1 row' : `${question.labeled} rows`} to score: the figures and their
          intervals say little yet. Label more rows, or give more of the file an expected answer.
        </p>
      ) : null}
      {/* A question with no row to score shows no figure: each would be of no rows. */}
      {question.labeled > 0 ? (
        <>
          {predicate ? (
            <ErrorCostsField question={question.title} costs={props.costs} onCosts={props.onCosts} />
          ) : null}
          <div className="batch-scores__body">
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
                <div className="form-actions" ref={thresholdActions}>
                  {Number.isFinite(predicate.best.threshold) &&
                  predicate.best.plain !== predicate.threshold &&
                  (predicate.best.cost !== null ||
                    predicate.best.truePositives + predicate.best.falseNegatives > 0) ? (
                    <button
                      type="button"
                      className="button"
                      onClick={() => takeThreshold(predicate.best.plain)}
                    >
                      Read yes from {thresholdWords(predicate.best.plain)}
                    </button>
                  ) : null}
                  {props.chosenThreshold ? (
                    <button
                      type="button"
                      className="button button--quiet"
                      onClick={() => takeThreshold(null)}
                    >
                      Back to the run’s threshold
                    </button>
                  ) : null}
                </div>
              ) : null}
              {predicate ? (
                <p className="muted" role="status">
                  {props.thresholdSaid}
                </p>
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
                                  aria-label={`${count} ${count === 1 ? 'row' : 'rows'} expected ${expected}, answered ${answer}`}
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
                line {row.line ?? row.index + 1}: answered {valueWords(row.answer)} ({chanceWords(row)}),
                expected {valueWords(row.expected)} —{' '}
                <span className="muted">
                  {inputPreview((props.inputs.get(row.index) ?? '') as DecisionInput, 120)}
                </span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  )
}
