// The simulated decision model: probabilities that follow the lexical evidence in the content for each
// option or criterion, with a deterministic jitter seeded by the model, the question and the input, so different
// inputs get different answers and the same input always gets the same one. Its mistakes are realistic: content
// whose words point the wrong way misleads it, the jitter tips the close calls, and each model has its own noise
// and sharpness (a sharper one is over-confident), so evaluations of two models differ in accuracy and
// calibration.
import type { DecisionInput } from '#shared/api/decisions'
import type { DecisionQuestion } from '#shared/domain/decisions'
import { jitter } from './seeded.ts'

const stopWords = new Set(
  'please tell the and for are but not you all any can had her was one our out has him his how its may new now old see two way who did get let put say she too use with that this from they will would there their what about which when your into than them then some only also just more most such very does'.split(
    ' ',
  ),
)

export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (word) => word.length > 2 && !stopWords.has(word),
  )
}

/** The text the content offers as evidence: strings, JSON values and text blocks of messages. */
export function contentText(input: DecisionInput): string {
  if (typeof input === 'string') return input
  if (Array.isArray(input)) {
    return input
      .map((message) =>
        typeof message.content === 'string'
          ? message.content
          : message.content.map((block) => (block.type === 'input_text' ? block.text : '')).join(' '),
      )
      .join('\n')
  }
  return JSON.stringify(input)
}

/** Fields a question names in backticks, looked up in a JSON object input: the question reads those first. */
function focusText(question: DecisionQuestion, input: DecisionInput): string {
  if (typeof input !== 'object' || Array.isArray(input) || input === null) return contentText(input)
  const instructions =
    typeof question.instructions === 'string' ? question.instructions : JSON.stringify(question.instructions)
  const named = [...instructions.matchAll(/`([^`]+)`/g)]
    .map((match) => match[1] ?? '')
    .filter((field) => field in input)
  if (named.length === 0) return contentText(input)
  return named.map((field) => JSON.stringify(input[field])).join(' ')
}

function evidence(phrase: string, words: Set<string>): number {
  const phraseWords = [...new Set(wordsOf(phrase))]
  if (phraseWords.length === 0) return 0
  const hits = phraseWords.filter(
    (word) => words.has(word) || (word.length > 4 && words.has(word.slice(0, -1))),
  ).length
  return hits / Math.sqrt(phraseWords.length)
}

function softmax(logits: number[]): number[] {
  const top = Math.max(...logits)
  const weights = logits.map((logit) => Math.exp(logit - top))
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  return weights.map((weight) => weight / total)
}

/** 1 for a certain pick, 0 for a uniform spread (two options at 0.5 each). */
export function confidenceOf(probabilities: number[]): number {
  if (probabilities.length < 2) return 1
  const entropy = -probabilities.reduce((sum, p) => (p > 0 ? sum + p * Math.log(p) : sum), 0)
  return Math.min(1, Math.max(0, 1 - entropy / Math.log(probabilities.length)))
}

export type Judgement =
  | { kind: 'predicate'; probability: number }
  | { kind: 'choice'; probabilities: number[]; pick: number; confidence: number }
  | { kind: 'score'; probabilities: number[]; score: number; confidence: number }

export function judge(
  question: DecisionQuestion,
  input: DecisionInput,
  seed: string,
  { noise, sharpness }: { noise: number; sharpness: number } = { noise: 1, sharpness: 1 },
): Judgement {
  const words = new Set(wordsOf(focusText(question, input)))
  const instructions =
    typeof question.instructions === 'string' ? question.instructions : JSON.stringify(question.instructions)
  const key = [seed, question.name, instructions, contentText(input)]

  if (question.kind === 'predicate') {
    const yes =
      question.criteria?.true !== undefined
        ? evidence(question.criteria.true, words)
        : evidence(instructions, words)
    const no = question.criteria?.false !== undefined ? evidence(question.criteria.false, words) : 0.35
    const logit = sharpness * (2.4 * (yes - no) + jitter(0.35 * noise, ...key))
    return { kind: 'predicate', probability: 1 / (1 + Math.exp(-logit)) }
  }

  const options =
    question.kind === 'choice'
      ? question.choices.map((choice) => `${choice.value} ${choice.description ?? ''}`)
      : question.levels.map((level) => `${level.label} ${level.description ?? ''}`)
  const probabilities = softmax(
    options.map(
      (option, index) => sharpness * (2.6 * evidence(option, words) + jitter(0.3 * noise, ...key, index)),
    ),
  )
  const confidence = confidenceOf(probabilities)
  if (question.kind === 'choice') {
    const pick = probabilities.indexOf(Math.max(...probabilities))
    return { kind: 'choice', probabilities, pick, confidence }
  }
  const score = probabilities.reduce((sum, p, index) => sum + p * index, 0)
  return { kind: 'score', probabilities, score, confidence }
}
