// Reads a run's response, unified or native, into one shape per question, in the questionnaire's order.
import type { DecisionResponse, NativeDecisionResponse } from '../api/decisions.ts'
import { nativeIdOf, type QuestionDraft, type Questionnaire, yesFrom } from './questionnaire.ts'

export interface ShownAnswer {
  question: QuestionDraft
  title: string
  probability?: number
  options?: { label: string; probability: number }[]
  pick?: string
  score?: number
  confidence?: number
}

export function shownAnswers(
  questionnaire: Questionnaire,
  response: DecisionResponse | NativeDecisionResponse,
): ShownAnswer[] {
  return questionnaire.questions.map((_, index) => shownAnswer(questionnaire, response, index))
}

/** The answer to question `index` alone (a table's column reads one question of every row). */
export function shownAnswer(
  questionnaire: Questionnaire,
  response: DecisionResponse | NativeDecisionResponse,
  index: number,
): ShownAnswer {
  const question = questionnaire.questions[index]
  if (!question) throw new RangeError(`the questionnaire has no question ${index}`)
  const title = question.name.trim() || `Question ${index + 1}`
  if (Array.isArray(response.answers)) {
    const answer = response.answers[index]
    if (!answer) return { question, title }
    if (answer.type === 'predicate') return { question, title, probability: answer.probability }
    if (answer.type === 'choice') {
      return {
        question,
        title,
        pick: answer.choice,
        confidence: answer.confidence,
        options: answer.probabilities.map((p) => ({ label: p.value, probability: p.probability })),
      }
    }
    return {
      question,
      title,
      score: answer.score,
      confidence: answer.confidence,
      options: answer.probabilities.map((p) => ({ label: p.label, probability: p.probability })),
    }
  }
  const answer = (response.answers as Record<string, Record<string, unknown>>)[nativeIdOf(question, index)]
  if (!answer) return { question, title }
  if (typeof answer.noul === 'number') return { question, title, probability: answer.noul }
  const probabilities = Object.entries((answer.probabilities ?? {}) as Record<string, number>)
  if (typeof answer.score === 'number') {
    return {
      question,
      title,
      score: answer.score,
      confidence: answer.confidence as number,
      options: probabilities.map(([level, probability]) => ({
        label: question.levels[Number(level)]?.label ?? level,
        probability,
      })),
    }
  }
  return {
    question,
    title,
    pick: answer.choice as string,
    confidence: answer.confidence as number,
    options: probabilities.map(([label, probability]) => ({ label, probability })),
  }
}

/** A batch row's status in words, the same on screen and in exports. */
export const itemStatusWords = { done: 'answered', pending: 'waiting', failed: 'failed' } as const

/** The level a weighted score is closest to. */
export const nearestLevel = (answer: ShownAnswer): string =>
  answer.score === undefined ? '' : (answer.options?.[Math.round(answer.score)]?.label ?? '')

export interface AnswerParts {
  /** What a person reads: yes or no, the pick, the nearest level. */
  value: string
  /** Its number: the probability of yes or of the pick (0–1), or the weighted score. */
  number: number | null
}

/** One answer split in two, for a table's cell and a CSV's pair of columns. */
export function answerParts(answer: ShownAnswer): AnswerParts {
  if (answer.probability !== undefined)
    return {
      value: answer.probability >= yesFrom(answer.question) ? 'yes' : 'no',
      number: answer.probability,
    }
  if (answer.pick !== undefined) {
    const picked = answer.options?.find((option) => option.label === answer.pick)
    return { value: answer.pick, number: picked?.probability ?? answer.confidence ?? null }
  }
  if (answer.score !== undefined) return { value: nearestLevel(answer), number: answer.score }
  return { value: '', number: null }
}

/** The number as a person reads it: a percentage for a probability, two places for a score. */
export function answerNumber(answer: ShownAnswer, parts = answerParts(answer)): string {
  if (parts.number === null) return ''
  return answer.score !== undefined ? parts.number.toFixed(2) : `${Math.round(parts.number * 100)}%`
}

/** What the number of a question's answer is, as a column heading: `probability` or `score`. */
export const numberHeading = (kind: 'predicate' | 'choice' | 'score') =>
  kind === 'score' ? 'score' : kind === 'predicate' ? 'probability of yes' : 'probability'

/**
 * What question `index`'s column sorts by: the probability of yes, the pick, or the score; null with no answer.
 * Read without making the shown answer: a sort reads one for each of thousands of rows.
 */
export function sortKeyAt(
  questionnaire: Questionnaire,
  response: DecisionResponse | NativeDecisionResponse,
  index: number,
): string | number | null {
  const question = questionnaire.questions[index]
  if (!question) return null
  let key: unknown
  if (Array.isArray(response.answers)) {
    const answer = response.answers[index]
    key =
      answer?.type === 'predicate'
        ? answer.probability
        : answer?.type === 'choice'
          ? answer.choice
          : answer?.score
  } else {
    const answer = (response.answers as Record<string, Record<string, unknown>>)[nativeIdOf(question, index)]
    key =
      typeof answer?.noul === 'number'
        ? answer.noul
        : typeof answer?.score === 'number'
          ? answer.score
          : answer?.choice
  }
  return typeof key === 'number' || (typeof key === 'string' && key !== '') ? key : null
}

export interface ComparedAnswer {
  title: string
  /** Each run's answer in words with its number ("yes 83%"), or null when that run has no such question. */
  answers: (string | null)[]
  /** The runs answered it differently: another value (yes or no, the pick, the nearest level), or one lacks it. */
  differs: boolean
}

/**
 * Runs' answers side by side, question by question: matched by the question's title (its name, or its place),
 * in the order they first appear; a question one run lacks shows as missing there.
 */
export function compareAnswers(runs: readonly (readonly ShownAnswer[])[]): ComparedAnswer[] {
  const titles: string[] = []
  for (const run of runs)
    for (const answer of run) if (!titles.includes(answer.title)) titles.push(answer.title)
  return titles.map((title) => {
    const found = runs.map((run) => run.find((answer) => answer.title === title))
    const parts = found.map((answer) => (answer ? answerParts(answer) : null))
    const values = parts.map((part) => part?.value ?? null)
    return {
      title,
      answers: found.map((answer, at) => {
        const part = parts[at]
        return answer && part ? [part.value, answerNumber(answer, part)].filter(Boolean).join(' ') : null
      }),
      differs: values.some((value) => value !== values[0]),
    }
  })
}
