// A batch read as an evaluation set: each question's expected answer is a column of the rows' source file, and the
// questionnaire's scores come from the answers the batch stored (no second call). A question is matched to its
// column by name (given, or the column named as the question, or `expected <question>`); a cell is read as the
// question's kind reads it, and a row whose cell is empty is not labeled for that question.
import type { BatchItem } from '../ipc/routes/batches.ts'
import { type AnswerTable, answerTable } from './answer-table.ts'
import { answerParts, shownAnswers } from './answers.ts'
import {
  type ChoiceRow,
  type ChoiceScores,
  choiceScores,
  type PredicateScores,
  predicateScores,
  type ScoreRow,
  type ScoreScores,
  scoreScores,
} from './evaluation.ts'
import type { BootstrapOptions } from './intervals.ts'
import { predicateSureness, type QuestionDraft, type Questionnaire, yesFrom } from './questionnaire.ts'
import type { PredicateRow } from './thresholds.ts'

export const titleOf = (question: QuestionDraft, index: number) =>
  question.name.trim() || `Question ${index + 1}`

const folded = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')

/**
 * The column of each question's expected answer: as given (question title → column name), or else the column
 * named as the question or `expected <question>`. A name given that is no question or no column is a problem.
 */
export function expectedColumns(
  questionnaire: Questionnaire,
  columns: readonly string[],
  given: Readonly<Record<string, string>> = {},
): { columns: Map<number, number>; problems: string[] } {
  const problems: string[] = []
  const found = new Map<number, number>()
  const titles = questionnaire.questions.map(titleOf)
  const columnNamed = (name: string) => columns.findIndex((column) => folded(column) === folded(name))
  for (const [title, column] of Object.entries(given)) {
    const question = titles.findIndex((one) => folded(one) === folded(title))
    const at = columnNamed(column)
    if (question === -1)
      problems.push(`No question is called “${title}” (the questions: ${titles.join(', ')}).`)
    else if (at === -1) problems.push(`No column is called “${column}” (the columns: ${columns.join(', ')}).`)
    else found.set(question, at)
  }
  titles.forEach((title, question) => {
    if (found.has(question) || Object.keys(given).some((name) => folded(name) === folded(title))) return
    const at = [title, `expected ${title}`].map(columnNamed).find((index) => index !== -1)
    if (at !== undefined) found.set(question, at)
  })
  return { columns: found, problems }
}

const yes = new Set(['yes', 'y', 'true', '1'])
const no = new Set(['no', 'n', 'false', '0'])

/** A cell as the question's expected answer: yes or no, an option, a level (its label or its number from 0). */
export function expectedOf(
  question: QuestionDraft,
  cell: string,
): { value: boolean | string | number } | { problem: string } | null {
  const text = cell.trim()
  if (text === '') return null
  const key = folded(text)
  if (question.kind === 'predicate') {
    if (yes.has(key)) return { value: true }
    if (no.has(key)) return { value: false }
    return { problem: `“${text}” is not yes or no` }
  }
  if (question.kind === 'choice') {
    const choice = question.choices.find((one) => folded(one.value) === key)
    return choice ? { value: choice.value } : { problem: `“${text}” is none of the options` }
  }
  const level = question.levels.findIndex((one) => folded(one.label) === key)
  if (level !== -1) return { value: level }
  if (/^\d+$/.test(text) && Number(text) < question.levels.length) return { value: Number(text) }
  return { problem: `“${text}” is none of the levels` }
}

/** An expected answer as a label keeps it: yes or no, the option, the level's label. */
export function labelText(question: QuestionDraft, value: boolean | string | number): string {
  if (question.kind === 'predicate') return value === true ? 'yes' : 'no'
  if (question.kind === 'score') return question.levels[Number(value)]?.label ?? String(value)
  return String(value)
}

export interface QuestionEvaluation {
  title: string
  kind: QuestionDraft['kind']
  /** Rows with an expected answer and a model's answer; rows answered but not labeled; cells that do not read. */
  labeled: number
  unlabeled: number
  unreadable: { line: number | null; problem: string }[]
  predicate?: PredicateScores
  choice?: ChoiceScores
  score?: ScoreScores
}

/** A labeled row of one question: where it is, and what the model said against what was expected. */
export interface LabeledRow {
  index: number
  line: number | null
  expected: boolean | string | number
  /** The model's answer: yes or no, its pick, or its nearest level; and the probability it gave that answer. */
  answer: boolean | string | number
  probability: number
  /** How sure the answer is, to rank the rows by: a yes or no's distance from its threshold, else `probability`. */
  sureness: number
  right: boolean
}

/** An expected or given answer in words: yes or no, the option, the level's number. */
export const valueWords = (value: LabeledRow['answer']) =>
  value === true ? 'yes' : value === false ? 'no' : String(value)

export interface Evaluation {
  questions: QuestionEvaluation[]
  /** Each question's labeled rows, for the rows behind a figure (a confusion cell, where the model was unsure). */
  rows: LabeledRow[][]
}

/** The scores of each question with an expected column, over the batch's answered rows. */
export function evaluate(
  questionnaire: Questionnaire,
  items: readonly BatchItem[],
  sourceColumns: readonly string[],
  columns: ReadonlyMap<number, number>,
  options: EvaluationOptions = {},
): Evaluation {
  return evaluateTable(questionnaire, answerTable(questionnaire, items, sourceColumns), columns, options)
}

/** What a wrong yes and a wrong no each cost: the best threshold is then the one of least cost. */
export interface ErrorCosts {
  falseYes: number
  falseNo: number
}

type EvaluationOptions = BootstrapOptions & {
  costs?: ErrorCosts
  /** Costs of errors for some questions (by index), in place of `costs`. */
  questionCosts?: ReadonlyMap<number, ErrorCosts>
}

/** The same, over a batch's answers as a table (what a worker is given). */
export function evaluateTable(
  questionnaire: Questionnaire,
  table: AnswerTable,
  columns: ReadonlyMap<number, number>,
  options: EvaluationOptions = {},
): Evaluation {
  const questions: QuestionEvaluation[] = []
  const rows: LabeledRow[][] = []
  questionnaire.questions.forEach((question, index) => {
    const column = columns.get(index)
    const cells = column === undefined ? undefined : table.cells[column]
    const answers = table.answers[index]
    if (!cells || !answers) return
    const evaluation: QuestionEvaluation = {
      title: titleOf(question, index),
      kind: question.kind,
      labeled: 0,
      unlabeled: 0,
      unreadable: [],
    }
    const labeled: LabeledRow[] = []
    const predicates: PredicateRow[] = []
    const choices: ChoiceRow[] = []
    const scores: ScoreRow[] = []
    // A column holds few distinct answers (yes, no, an option): each is read once.
    const reads = new Map<string, ReturnType<typeof expectedOf>>()
    const width = answers.options.length
    const threshold = yesFrom(question)
    const readOf = (cell: string) => {
      let read = reads.get(cell)
      if (read === undefined) {
        read = expectedOf(question, cell)
        reads.set(cell, read)
      }
      return read
    }
    for (let at = 0; at < table.index.length; at++) {
      const rowIndex = table.index[at] as number
      const read = readOf(cells[rowIndex] ?? '')
      const line = Number.isNaN(table.line[at]) ? null : (table.line[at] as number)
      if (read === null) {
        evaluation.unlabeled++
        continue
      }
      if ('problem' in read) {
        evaluation.unreadable.push({ line, problem: read.problem })
        continue
      }
      const expected = read.value
      const probability = answers.probability[at] as number
      const score = answers.score[at] as number
      if (question.kind === 'predicate' && !Number.isNaN(probability)) {
        const said = probability >= threshold
        predicates.push({ probability, expected: expected === true })
        labeled.push({
          index: rowIndex,
          line,
          expected,
          answer: said,
          probability: said ? probability : 1 - probability,
          sureness: predicateSureness(probability, threshold),
          right: said === expected,
        })
      } else if (question.kind === 'choice') {
        // The options given a probability, and the likeliest of them (the first of equals).
        // Without a prototype: an option may be called anything (`__proto__`, `constructor`).
        const probabilities: Record<string, number> = Object.create(null)
        let pick: string | null = null
        let most = 0
        for (let option = 0; option < width; option++) {
          const chance = answers.optionProbabilities[at * width + option] as number
          if (Number.isNaN(chance)) continue
          const label = answers.options[option] as string
          probabilities[label] = chance
          if (pick === null || chance > most) {
            pick = label
            most = chance
          }
        }
        if (pick === null) continue
        choices.push({ probabilities, expected: String(expected) })
        labeled.push({
          index: rowIndex,
          line,
          expected,
          answer: pick,
          probability: most,
          sureness: most,
          right: pick === expected,
        })
      } else if (question.kind === 'score' && !Number.isNaN(score)) {
        scores.push({ score, expected: Number(expected) })
        const nearest = Math.round(score)
        const chance =
          nearest >= 0 && nearest < width
            ? (answers.optionProbabilities[at * width + nearest] as number)
            : Number.NaN
        const sure = Number.isNaN(chance) ? 0 : chance
        labeled.push({
          index: rowIndex,
          line,
          expected,
          answer: nearest,
          probability: sure,
          sureness: sure,
          right: nearest === expected,
        })
      } else continue
      evaluation.labeled++
    }
    if (question.kind === 'predicate') {
      const costs = options.questionCosts?.get(index) ?? options.costs
      evaluation.predicate = predicateScores(predicates, {
        ...options,
        ...(costs ? { costs } : {}),
        threshold: yesFrom(question),
      })
    }
    if (question.kind === 'choice')
      evaluation.choice = choiceScores(
        choices,
        question.choices.map((choice) => choice.value),
        options,
      )
    if (question.kind === 'score') evaluation.score = scoreScores(scores, options)
    questions.push(evaluation)
    rows.push(labeled)
  })
  return { questions, rows }
}

/** The figures a threshold can name, of a question's scores (undefined where its kind has none). */
export const metricNames = [
  'accuracy',
  'precision',
  'recall',
  'f1',
  'auc',
  'brier',
  'logloss',
  'ece',
  'mae',
  'exact',
  'within1',
] as const
export type MetricName = (typeof metricNames)[number]

export function metricOf(question: QuestionEvaluation, name: MetricName): number | undefined {
  const { predicate, choice, score } = question
  const figures: Partial<Record<MetricName, number | undefined>> = predicate
    ? {
        accuracy: predicate.accuracy.value,
        precision: predicate.precision.value,
        recall: predicate.recall.value,
        f1: predicate.best.f1,
        auc: predicate.rocAuc?.value,
        brier: predicate.brier?.value,
        ece: predicate.calibrationError?.value,
      }
    : choice
      ? {
          accuracy: choice.accuracy.value,
          logloss: choice.logLoss?.value,
          ece: choice.calibrationError?.value,
        }
      : score
        ? {
            accuracy: score.exact.value,
            exact: score.exact.value,
            within1: score.withinOne.value,
            mae: score.meanAbsoluteError?.value,
          }
        : {}
  const value = figures[name]
  return value === undefined || Number.isNaN(value) ? undefined : value
}

/** Each question's answer in words (yes or no, the pick, the nearest level) for every row, null where none. */
export function answersOf(questionnaire: Questionnaire, items: readonly BatchItem[]): (string | null)[][] {
  const byRow = items.map((item) =>
    item.status === 'done' && item.response
      ? shownAnswers(questionnaire, item.response).map((answer) => answerParts(answer).value || null)
      : [],
  )
  return questionnaire.questions.map((_, question) => byRow.map((row) => row[question] ?? null))
}

/**
 * Which models are on the accuracy-cost frontier: no other is at least as accurate for at most the cost, and
 * better at one of them. A model without an accuracy is on none.
 */
export function onFrontier<M extends { accuracy: number | null; costPer1000: number }>(
  models: readonly M[],
): (M & { frontier: boolean })[] {
  return models.map((one) => ({
    ...one,
    frontier:
      one.accuracy !== null &&
      !models.some(
        (other) =>
          other !== one &&
          other.accuracy !== null &&
          other.accuracy >= (one.accuracy ?? 0) &&
          other.costPer1000 <= one.costPer1000 &&
          (other.accuracy > (one.accuracy ?? 0) || other.costPer1000 < one.costPer1000),
      ),
  }))
}

/**
 * What a right answer costs, in money and time: a row's mean cost and time, times the rows scored per right
 * answer among them. The spending and the time are the whole batch's; the rows scored may be a few of its rows
 * (those labeled here), so neither is divided by their right answers alone. Null with nothing to divide by.
 */
export function perRightAnswer(
  spent: string,
  timing: { rows: number; ms: number },
  scored: number,
  right: number,
): { cost: number; ms: number } | null {
  if (timing.rows === 0 || scored === 0 || right === 0) return null
  const rowsPerRight = scored / right
  return { cost: (Number(spent) / timing.rows) * rowsPerRight, ms: (timing.ms / timing.rows) * rowsPerRight }
}
