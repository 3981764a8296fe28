// The simulated chat model's words: a short, deterministic answer built from what the person wrote, and
// the "thoughts" a thinking model shows before it.
import { charactersPerToken, estimateTokens } from '#shared/domain/tokens'
import { wordsOf } from './judge.ts'
import { seededInt } from './seeded.ts'

const openings = ['Here is a short answer', 'In brief', 'Put simply', 'To answer directly']

export function topics(text: string, count = 4): string[] {
  const frequency = new Map<string, number>()
  for (const word of wordsOf(text)) frequency.set(word, (frequency.get(word) ?? 0) + 1)
  return [...frequency.entries()]
    .sort((a, b) => b[1] - a[1] || b[0].length - a[0].length)
    .slice(0, count)
    .map(([word]) => word)
}

export function composeAnswer(prompt: string, seed: string): string {
  const words = topics(prompt)
  const opening = openings[seededInt(openings.length, seed, prompt)]
  if (words.length === 0)
    return `${opening}: I am the sandbox model, and I answer every message with a short reply.`
  const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words[0]
  return `${opening} about ${list}. The sandbox model read ${wordsOf(prompt).length} meaningful words in your message and answers deterministically, so the same question always gets the same reply.`
}

export function composeThoughts(prompt: string): string[] {
  const words = topics(prompt, 3)
  return [
    `**Reading the request.** The person asks about ${words.length ? words.join(', ') : 'something brief'}.`,
    '**Planning the answer.** A short, direct reply is best here.',
  ]
}

/** Splits text into a few stream chunks at word boundaries. */
export function chunks(text: string, size = 6): string[] {
  const words = text.split(/(?<=\s)/)
  const parts: string[] = []
  for (let i = 0; i < words.length; i += size) parts.push(words.slice(i, i + size).join(''))
  return parts
}

/** The answer cut to at most `limit` tokens (at a word boundary when there is one), and whether it was cut. */
export function cutToTokens(text: string, limit: number): { text: string; cut: boolean } {
  if (estimateTokens(text) <= limit) return { text, cut: false }
  const room = text.slice(0, Math.max(0, limit) * charactersPerToken)
  const space = room.lastIndexOf(' ')
  return { text: space > 0 ? room.slice(0, space) : room, cut: true }
}
