// A batch's scores against expected answers (its source columns, and the labels given in the app as a column per
// question), as the scoring workers work them out: the batch's answers as a table of arrays, the figures at once,
// then their intervals question by question and what changed since the baseline. Only the rows a person can be
// shown come back: a figure's rows stay in the worker.
import { type AnswerTable, answerWords, type PackedTable, unpackedTable } from '#shared/domain/answer-table'
import {
  type BaselineFigures,
  changesSince,
  type Flip,
  intervalsOf,
  type ScoreChange,
} from '#shared/domain/baseline'
import { type BatchAnswers, type ScoringSet, scoringSetOf } from '#shared/domain/batch-answers'
import {
  type ErrorCosts,
  type Evaluation,
  evaluateTable,
  type LabeledRow,
  type QuestionEvaluation,
  valueWords,
} from '#shared/domain/evaluation-set'
import { type Questionnaire, yesFrom } from '#shared/domain/questionnaire'
import { type SideBySide, sideBySide } from '#shared/domain/side-by-side'
import type { Kept, WorkedRun } from './batch-scoring-kept.ts'

/** A batch as the page has it: its answers, once read. */
export interface ScoringInput {
  questionnaire: Questionnaire
  answers: BatchAnswers | undefined
}

/** A batch to put beside this one: its model, what it spent over how many rows, its answers (this one's: null). */
export interface ModelToCompare {
  /** The batch's id: a run chosen again is not read again, nor are its figures worked out again. */
  id: string
  model: string
  spent: string
  done: number
  table: PackedTable | null
}

/** A batch's run of the set, to put its model beside the others: `table` null for the set's own. */
export interface ModelRunOf {
  id: string
  model: string
  spent: string
  done: number
  table: AnswerTable | null
}

export const runsOf = (models: readonly ModelToCompare[]): ModelRunOf[] =>
  models.map(({ table, ...one }) => ({ ...one, table: table ? unpackedTable(table, []) : null }))

/** Other runs whose answers can be read; one that cannot is left out of the comparison, not the whole of it. */
export const readableRuns = (models: readonly ModelToCompare[]): ModelRunOf[] =>
  models.flatMap((one) => {
    try {
      return runsOf([one])
    } catch {
      return []
    }
  })

/** A batch's answers as its scoring set, or why they cannot be read (their figures not as many as they say). */
export function readSet(input: ScoringInput | null): { set: ScoringSet | null; unreadable: string | null } {
  try {
    return { set: input?.answers ? scoringSetOf(input.questionnaire, input.answers) : null, unreadable: null }
  } catch (error) {
    return { set: null, unreadable: error instanceof Error ? error.message : String(error) }
  }
}

/** Each model's figures over the set's expected answers, and how much the models agree, row by row. */
export function compareModels(
  set: ScoringSet,
  models: readonly ModelRunOf[],
  columns: ScoringColumns,
  /** This batch's figures, when worked out already (with `costs`): its own are read from them. */
  own?: Evaluation,
  /** The costs of errors set: each model's best threshold is the one of least cost. */
  costs: ScoringCosts = [],
  /** The runs' figures worked out already for these columns, costs and thresholds, by batch id; kept there. */
  worked?: Map<string, WorkedRun>,
): SideBySide[] {
  const byColumn = new Map(columns)
  const questionCosts = new Map(costs)
  const workedOf = (one: ModelRunOf): WorkedRun => {
    const found = worked?.get(one.id)
    if (found) return found
    // Another model's answers are read against this batch's expected answers, row by row.
    const table = one.table ? { ...one.table, cells: set.table.cells } : set.table
    const made = {
      evaluation:
        !one.table && own
          ? own
          : evaluateTable(set.questionnaire, table, byColumn, { resamples: 0, questionCosts }),
      answers: answerWords(set.questionnaire, table, set.lines.length),
    }
    worked?.set(one.id, made)
    return made
  }
  const runs = models.map((one) => ({
    model: one.model,
    batch: { spent: one.spent, counts: { done: one.done } },
    ...workedOf(one),
    lines: set.lines,
  }))
  return sideBySide(set.questionnaire, runs)
}

/** Each scored question's index and its column's, in the set with its label columns. */
export type ScoringColumns = [question: number, column: number][]

/** The costs of a wrong yes and a wrong no a person set for some yes-or-no questions, by question index. */
export type ScoringCosts = [question: number, costs: ErrorCosts][]

/** The thresholds a person chose in the scores for some yes-or-no questions, by question index. */
export type ScoringThresholds = [question: number, threshold: number][]

/** What the page tells its scoring worker: the batch shown (none once it is not), the runs beside it, an ask. */
export type ScoringMessage =
  | { kind: 'set'; input: ScoringInput | null }
  | { kind: 'models'; models: readonly ModelToCompare[] }
  | { kind: 'baseline'; baseline: ModelToCompare | null }
  | ScoreAsk

/** The page's ask for scores, as the scoring worker and its intervals' worker take it. */
export interface ScoreAsk {
  kind: 'score'
  ask: number
  columns: ScoringColumns
  costs: ScoringCosts
  thresholds: ScoringThresholds
}

/** The set with its yes-or-no questions read at the thresholds chosen, in place of the questionnaire's own. */
export function withThresholds(set: ScoringSet, thresholds: ScoringThresholds): ScoringSet {
  if (thresholds.length === 0) return set
  const chosen = new Map(thresholds)
  const questions = set.questionnaire.questions.map((question, index) => {
    const threshold = chosen.get(index)
    return threshold === undefined ? question : { ...question, threshold }
  })
  return { ...set, questionnaire: { ...set.questionnaire, questions } }
}

/**
 * Each yes-or-no question's threshold in the questionnaire a run was made with, by place (as its answers are
 * read): what the baseline ran at, said beside it, for every run is read here at this one's thresholds. A question
 * of another kind at that place has none.
 */
export function thresholdsRun(questionnaire: Questionnaire, ran: Questionnaire): ScoringThresholds {
  return questionnaire.questions.flatMap((question, index) => {
    const then = ran.questions[index]
    return question.kind === 'predicate' && then?.kind === 'predicate'
      ? [[index, yesFrom(then)] as [number, number]]
      : []
  })
}

/** How many of a confusion cell's rows are shown: its least sure. */
export const cellRowsShown = 100

/** What the page shows of a question's labeled rows. */
export interface ShownRows {
  right: number
  leastSure: LabeledRow[]
  /** By `expected→answer` in words: how many rows, and the least sure of them. */
  cells: Record<string, { count: number; rows: LabeledRow[] }>
}

export const cellKey = (expected: string, answer: string) => `${expected}→${answer}`

/** The `count` least sure of `rows`, the least sure first (of equals, the first given): no sort of them all. */
function leastSureOf(rows: readonly LabeledRow[], count: number): LabeledRow[] {
  const kept: LabeledRow[] = []
  for (const row of rows) {
    if (kept.length === count && row.sureness >= (kept[count - 1] as LabeledRow).sureness) continue
    let at = kept.length
    while (at > 0 && (kept[at - 1] as LabeledRow).sureness > row.sureness) at--
    kept.splice(at, 0, row)
    if (kept.length > count) kept.pop()
  }
  return kept
}

export function shownRows(rows: readonly LabeledRow[]): ShownRows {
  const cells: ShownRows['cells'] = {}
  // A question has few pairs of expected answer and answer: each pair's cell is found once, then by its values.
  const byPair = new Map<LabeledRow['expected'], Map<LabeledRow['answer'], LabeledRow[]>>()
  let right = 0
  for (const row of rows) {
    if (row.right) right++
    let answers = byPair.get(row.expected)
    if (!answers) {
      answers = new Map()
      byPair.set(row.expected, answers)
    }
    let cell = answers.get(row.answer)
    if (!cell) {
      cell = []
      answers.set(row.answer, cell)
    }
    cell.push(row)
  }
  for (const [expected, answers] of byPair)
    for (const [answer, cell] of answers)
      cells[cellKey(valueWords(expected), valueWords(answer))] = {
        count: cell.length,
        rows: leastSureOf(cell, cellRowsShown),
      }
  return { right, leastSure: leastSureOf(rows, 10), cells }
}

export interface Scored {
  questions: QuestionEvaluation[]
  rows: ShownRows[]
  /** The models side by side, when others were chosen. */
  compared: SideBySide[] | null
  /** What changed since the questionnaire's baseline, once its intervals are in. */
  since: SinceBaseline | null
}

/** Scores that left the baseline's interval, and the answers given otherwise (the first of them, and how many). */
export interface SinceBaseline {
  changes: ScoreChange[]
  flips: Flip[]
  /** Answers given otherwise, over all questions; the rows they are in; and how many of them per question. */
  flipped: number
  rows: number
  byQuestion: [question: string, flipped: number][]
}

/** How many flipped rows are listed. */
export const flipsShown = 100

/**
 * The baseline's scores with their intervals over this batch's expected answers, question by question (`stop`
 * ends it between them), against this batch's figures. The baseline's yes-or-no answers are read at this batch's
 * thresholds (`set` is read at them): a row it lists changed because the model answered otherwise.
 */
async function sinceBaseline(
  set: ScoringSet,
  baseline: ModelRunOf,
  now: Evaluation,
  columns: ScoringColumns,
  stop: () => boolean,
): Promise<SinceBaseline | null> {
  const table = baseline.table ? { ...baseline.table, cells: set.table.cells } : set.table
  const { questionnaire } = set
  const questions: BaselineFigures['models'][number]['questions'][number][] = []
  for (const pair of columns) {
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (stop()) return null
    const before = evaluateTable(questionnaire, table, new Map([pair]))
    const [question] = before.questions
    if (question)
      questions.push({
        question: question.title,
        intervals: intervalsOf(question),
        rows: before.rows[0] ?? [],
      })
  }
  const { changes, flips } = changesSince({ models: [{ model: baseline.model, questions }] }, [
    { model: 'this run', evaluation: now },
  ])
  const byQuestion = new Map<string, number>()
  for (const flip of flips) byQuestion.set(flip.question, (byQuestion.get(flip.question) ?? 0) + 1)
  return {
    changes,
    flips: flips.slice(0, flipsShown),
    flipped: flips.length,
    rows: new Set(flips.map((flip) => flip.index)).size,
    byQuestion: [...byQuestion],
  }
}

/** The figures of the scored questions (no intervals), with the rows the page shows and the models side by side. */
export function figuresOf(
  set: ScoringSet,
  columns: ScoringColumns,
  models: readonly ModelRunOf[] = [],
  costs: ScoringCosts = [],
  /** What was worked out already for this set, kept for the choices in `key` alone; none: all of it is worked out. */
  kept?: Kept,
): { figures: Evaluation; scored: Scored } {
  const worked = kept?.worked ?? { key: null, own: null, runs: new Map() }
  if (worked.key !== kept?.key) {
    worked.key = kept?.key ?? null
    worked.own = null
    worked.runs.clear()
  }
  if (!worked.own) {
    const figures = evaluateTable(set.questionnaire, set.table, new Map(columns), {
      resamples: 0,
      questionCosts: new Map(costs),
    })
    worked.own = { figures, rows: figures.rows.map(shownRows) }
  }
  const { figures, rows } = worked.own
  const compared = models.length > 1 ? compareModels(set, models, columns, figures, costs, worked.runs) : null
  return { figures, scored: { questions: figures.questions, rows, compared, since: null } }
}

/**
 * Each question's bootstrap intervals in turn, then what changed since the baseline; `stop` ends it between
 * questions. `done` with the last.
 */
export async function intervalsInTurn(
  set: ScoringSet,
  columns: ScoringColumns,
  figures: Evaluation,
  baseline: ModelRunOf | null,
  tell: (scored: Scored, done: boolean) => void,
  stop: () => boolean,
  costs: ScoringCosts = [],
): Promise<void> {
  const questions: QuestionEvaluation[] = [...figures.questions]
  for (const [at, pair] of columns.entries()) {
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (stop()) return
    const [question] = evaluateTable(set.questionnaire, set.table, new Map([pair]), {
      questionCosts: new Map(costs),
    }).questions
    questions[at] = question ?? (questions[at] as QuestionEvaluation)
    const last = at === columns.length - 1
    tell({ questions: [...questions], rows: [], compared: null, since: null }, last && !baseline)
  }
  if (!baseline || columns.length === 0) return
  const since = await sinceBaseline(set, baseline, figures, columns, stop)
  if (since) tell({ questions, rows: [], compared: null, since }, true)
}

/** The figures at once, then the intervals: all of it on one thread (where the page has no workers). */
export async function scoreInTurn(
  set: ScoringSet,
  columns: ScoringColumns,
  /** `done` once every interval is in; `first` for the figures, which alone carry the rows. */
  tell: (scored: Scored, done: boolean, first: boolean) => void,
  stop: () => boolean,
  models: readonly ModelRunOf[] = [],
  /** The questionnaire's baseline run, to say what changed since. */
  baseline: ModelRunOf | null = null,
  costs: ScoringCosts = [],
): Promise<void> {
  const { figures, scored } = figuresOf(set, columns, models, costs)
  tell(scored, columns.length === 0, true)
  await intervalsInTurn(set, columns, figures, baseline, (next, done) => tell(next, done, false), stop, costs)
}
