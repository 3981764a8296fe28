// The playground's pure parts: a streamed answer put back together (messages events, generateContent chunks),
// what a turn cost (with what cached tokens saved, document 3 §8), time to first token, and a request as curl.
import type { GenerateContentResponse, Part, UsageMetadata } from '../api/generative.ts'
import type { ContentBlock, MessagesResponse } from '../api/messages.ts'
import { formatAmount, multiply, parseAmount } from './money.ts'

export interface TurnPrices {
  prompt: string | null
  completion: string | null
  cacheRead: string | null
}

const priced = (price: string | null, tokens: number) =>
  price === null ? null : multiply(parseAmount(price), tokens)

/** A messages turn: input and output at their rates. */
export function messagesTurnCost(prices: TurnPrices, usage: { input_tokens: number; output_tokens: number }) {
  const input = priced(prices.prompt, usage.input_tokens)
  const output = priced(prices.completion, usage.output_tokens)
  return input === null || output === null ? null : formatAmount(input + output)
}

/**
 * A generateContent turn: new prompt tokens at the input rate, cached tokens at the cache-read rate, output
 * (answer and thoughts) at the output rate; and what the cached tokens would have cost as plain input.
 */
export function generateTurnCost(prices: TurnPrices, usage: UsageMetadata) {
  const cached = usage.cachedContentTokenCount ?? 0
  const output = (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0)
  const fresh = priced(prices.prompt, Math.max(0, usage.promptTokenCount - cached))
  const out = priced(prices.completion, output)
  const cachedCost = priced(prices.cacheRead, cached)
  const uncached = priced(prices.prompt, cached)
  if (fresh === null || out === null) return null
  return {
    total: formatAmount(fresh + out + (cachedCost ?? 0n)),
    cachedTokens: cached,
    cachedCost: cachedCost === null ? null : formatAmount(cachedCost),
    withoutCache: uncached === null ? null : formatAmount(uncached),
  }
}

type MessageEvent = { type: string } & Record<string, unknown>

/** Builds the answer from message stream events, as far as they have arrived. */
export function assembleMessage(events: readonly MessageEvent[]): MessagesResponse | null {
  const start = events.find((event) => event.type === 'message_start')?.message as
    | MessagesResponse
    | undefined
  if (!start) return null
  const blocks: (ContentBlock & { partial?: string })[] = []
  let stopReason: string | null = start.stop_reason
  let outputTokens = start.usage.output_tokens
  for (const event of events) {
    const index = event.index as number
    if (event.type === 'content_block_start') blocks[index] = { ...(event.content_block as ContentBlock) }
    if (event.type === 'content_block_delta') {
      const delta = event.delta as { type: string; text?: string; partial_json?: string }
      const block = blocks[index]
      if (block?.type === 'text' && delta.type === 'text_delta') block.text += delta.text ?? ''
      if (block?.type === 'tool_use' && delta.type === 'input_json_delta')
        block.partial = (block.partial ?? '') + (delta.partial_json ?? '')
    }
    if (event.type === 'content_block_stop') {
      const block = blocks[index]
      if (block?.type === 'tool_use' && block.partial !== undefined) {
        block.input = JSON.parse(block.partial || '{}')
        delete block.partial
      }
    }
    if (event.type === 'message_delta') {
      stopReason = ((event.delta as { stop_reason?: string }).stop_reason ?? stopReason) || null
      outputTokens = (event.usage as { output_tokens?: number } | undefined)?.output_tokens ?? outputTokens
    }
  }
  return {
    ...start,
    content: blocks.filter(Boolean).map(({ partial: _partial, ...block }) => block as ContentBlock),
    stop_reason: stopReason,
    usage: { ...start.usage, output_tokens: outputTokens },
  }
}

/** Builds the answer from generateContent stream chunks: answer text joined, thoughts and media kept as parts. */
export function assembleGenerate(chunks: readonly GenerateContentResponse[]): GenerateContentResponse | null {
  const last = chunks.at(-1)
  if (!last) return null
  const parts: Part[] = []
  let finishReason: string | undefined
  for (const chunk of chunks) {
    const candidate = chunk.candidates[0]
    finishReason = candidate?.finishReason ?? finishReason
    for (const part of candidate?.content.parts ?? []) {
      const previous = parts.at(-1)
      // Answer text arrives in pieces and is joined; each thought is a whole part and stays one.
      if (part.text !== undefined && !part.thought && previous?.text !== undefined && !previous.thought)
        parts[parts.length - 1] = { ...previous, text: previous.text + part.text }
      else parts.push(part)
    }
  }
  const usageMetadata = [...chunks].reverse().find((chunk) => chunk.usageMetadata)?.usageMetadata
  return {
    ...last,
    candidates: [{ content: { role: 'model', parts }, ...(finishReason ? { finishReason } : {}) }],
    ...(usageMetadata ? { usageMetadata } : {}),
  }
}

/** Milliseconds from the start of a stream to its first event that carries answer text. */
export function timeToFirstToken(events: readonly { at: number; data: unknown }[]): number | null {
  const first = events.find(({ data }) => {
    const text = JSON.stringify(data)
    return text.includes('"text_delta"') || /"parts":\[\{"text":"[^"]/.test(text)
  })
  return first?.at ?? null
}

/** The request as a curl command (its headers already masked). */
export function curlOf(request: {
  method: string
  url: string
  headers: Record<string, string>
  body: string | null
}) {
  const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`
  return [
    `curl -X ${request.method} ${quote(request.url)}`,
    ...Object.entries(request.headers).map(([name, value]) => `  -H ${quote(`${name}: ${value}`)}`),
    ...(request.body ? [`  -d ${quote(request.body)}`] : []),
  ].join(' \\\n')
}
