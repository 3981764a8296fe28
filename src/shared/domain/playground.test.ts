import { describe, expect, it } from 'vitest'
import {
  assembleGenerate,
  assembleMessage,
  curlOf,
  generateTurnCost,
  messagesTurnCost,
  timeToFirstToken,
} from './playground.ts'

describe('putting a streamed answer back together', () => {
  it('builds text and tool_use blocks, the stop reason and usage from message events', () => {
    const message = assembleMessage([
      {
        type: 'message_start',
        message: {
          id: 'm',
          type: 'message',
          role: 'assistant',
          content: [],
          model: 'x',
          stop_reason: null,
          usage: { input_tokens: 9, output_tokens: 1 },
        },
      },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me ' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'check.' } },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'tool_use', id: 't1', name: 'weather', input: {} },
      },
      {
        type: 'content_block_delta',
        index: 1,
        delta: { type: 'input_json_delta', partial_json: '{"city":' },
      },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '"Oslo"}' } },
      { type: 'content_block_stop', index: 1 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 17 } },
      { type: 'message_stop' },
    ])
    expect(message?.content).toEqual([
      { type: 'text', text: 'Let me check.' },
      { type: 'tool_use', id: 't1', name: 'weather', input: { city: 'Oslo' } },
    ])
    expect(message?.stop_reason).toBe('tool_use')
    expect(message?.usage).toEqual({ input_tokens: 9, output_tokens: 17 })
  })

  it('joins the answer text of generateContent chunks, keeps each thought whole, and takes the last usage', () => {
    const answer = assembleGenerate([
      { candidates: [{ content: { parts: [{ text: 'Thinking ', thought: true }] } }], modelVersion: 'v' },
      {
        candidates: [{ content: { parts: [{ text: 'more', thought: true }, { text: 'Hello' }] } }],
        modelVersion: 'v',
      },
      {
        candidates: [{ content: { parts: [{ text: ' world' }] }, finishReason: 'STOP' }],
        modelVersion: 'v',
        usageMetadata: { promptTokenCount: 5, totalTokenCount: 9 },
      },
    ])
    expect(answer?.candidates[0]?.content.parts).toEqual([
      { text: 'Thinking ', thought: true },
      { text: 'more', thought: true },
      { text: 'Hello world' },
    ])
    expect(answer?.candidates[0]?.finishReason).toBe('STOP')
    expect(answer?.usageMetadata?.totalTokenCount).toBe(9)
  })

  it('finds the time to the first answer text', () => {
    expect(
      timeToFirstToken([
        { at: 3, data: { type: 'message_start' } },
        { at: 41, data: { type: 'content_block_delta', delta: { type: 'text_delta', text: 'Hi' } } },
      ]),
    ).toBe(41)
  })
})

describe('what a turn cost', () => {
  const prices = { prompt: '0.0000003', completion: '0.0000025', cacheRead: '0.00000003' }
  it('prices cached tokens at the cache-read rate and tells what they would have cost', () => {
    const cost = generateTurnCost(prices, {
      promptTokenCount: 1200,
      cachedContentTokenCount: 1000,
      candidatesTokenCount: 100,
      thoughtsTokenCount: 20,
      totalTokenCount: 1320,
    })
    // 200×0.0000003 + 120×0.0000025 + 1000×0.00000003 = 0.00006 + 0.0003 + 0.00003
    expect(cost).toEqual({
      total: '0.00039',
      cachedTokens: 1000,
      cachedCost: '0.00003',
      withoutCache: '0.0003',
    })
  })

  it('prices a messages turn, or says nothing without prices', () => {
    expect(messagesTurnCost(prices, { input_tokens: 1000, output_tokens: 100 })).toBe('0.00055')
    expect(messagesTurnCost({ ...prices, prompt: null }, { input_tokens: 1, output_tokens: 1 })).toBeNull()
  })
})

describe('curl', () => {
  it('writes a request with its masked headers and a body with quotes', () => {
    expect(
      curlOf({
        method: 'POST',
        url: 'http://h/v1/x',
        headers: { 'x-api-key': '••••abcd' },
        body: `{"a":"it's"}`,
      }),
    ).toBe(`curl -X POST 'http://h/v1/x' \\\n  -H 'x-api-key: ••••abcd' \\\n  -d '{"a":"it'\\''s"}'`)
  })
})
