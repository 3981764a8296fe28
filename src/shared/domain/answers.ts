// Reads a run's response, unified or native, into one shape per question, in the questionnaire's order.
import type { DecisionResponse, NativeDecisionResponse } from '../api/decisions.ts'
import { nativeIdOf, type QuestionDraft, type Questionnaire } from './questionnaire.ts'

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
  return questionnaire.questions.map((question, index) => {
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
  })
}

/** One answer in a table cell or a CSV field: yes/no with its probability, the pick, or the score. */
export function answerCell(answer: ShownAnswer): string {
  if (answer.probability !== undefined)
    return `${answer.probability >= 0.5 ? 'yes' : 'no'} (${Math.round(answer.probability * 100)}%)`
  if (answer.pick !== undefined) return answer.pick
  if (answer.score !== undefined) return answer.score.toFixed(2)
  return ''
}

/** The value an answer sorts by: the probability of yes, the pick, or the score. */
export function answerSortKey(answer: ShownAnswer): string | number {
  return answer.probability ?? answer.pick ?? answer.score ?? ''
}
