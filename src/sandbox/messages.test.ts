// Contract tests of document 3 §2.3, §4.3, §5 (messages), over real HTTP.
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { MessagesResponse } from '#shared/api/messages'
import { call, messageKey, postJson, startSandboxForFile } from './testing/client.ts'

const { url } = startSandboxForFile()
const send = (body: unknown, headers: Record<string, string> = messageKey()) =>
  postJson(url('/msg-native/v1/messages'), body, headers)
const weather = {
  name: 'get_weather',
  description: 'Current weather for a city',
  input_schema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } } },
}

describe('§4.3 messages', () => {
  it('replies to a conversation with usage and a stop reason', async () => {
    const reply = await send({
      model: 'nimbus/chat-4',
      max_tokens: 300,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'What do glaciers carve?' }],
    })
    const body = MessagesResponse.parse(reply.body)
    expect(body).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'nimbus/chat-4',
      stop_reason: 'end_turn',
    })
    expect(body.content[0]).toMatchObject({ type: 'text' })
    expect(body.usage.input_tokens).toBeGreaterThan(0)
    expect(body.usage.output_tokens).toBeGreaterThan(0)
  })

  it('calls a tool, then answers from the tool result', async () => {
    const first = MessagesResponse.parse(
      (
        await send({
          model: 'nimbus/chat-4',
          max_tokens: 300,
          tools: [weather],
          messages: [{ role: 'user', content: 'get weather for Lisbon' }],
        })
      ).body,
    )
    expect(first.stop_reason).toBe('tool_use')
    const call = first.content.find((block) => block.type === 'tool_use')
    expect(call).toMatchObject({ type: 'tool_use', name: 'get_weather', input: { city: 'lisbon', days: 2 } })
    const second = await send({
      model: 'nimbus/chat-4',
      max_tokens: 300,
      tools: [weather],
      messages: [
        { role: 'user', content: 'get weather for Lisbon' },
        { role: 'assistant', content: first.content },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: call?.type === 'tool_use' ? call.id : '',
              content: '21°C and sunny',
            },
          ],
        },
      ],
    })
    const body = MessagesResponse.parse(second.body)
    expect(body.stop_reason).toBe('end_turn')
    expect(body.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('21°C and sunny') })
  })

  it('honours tool_choice and max_tokens, and reads image blocks', async () => {
    const forced = MessagesResponse.parse(
      (
        await send({
          model: 'nimbus/chat-4',
          max_tokens: 300,
          tools: [weather],
          tool_choice: { type: 'any' },
          messages: [{ role: 'user', content: 'hello' }],
        })
      ).body,
    )
    expect(forced.stop_reason).toBe('tool_use')
    const short = MessagesResponse.parse(
      (
        await send({
          model: 'nimbus/chat-4',
          max_tokens: 3,
          messages: [{ role: 'user', content: 'Explain photosynthesis in depth' }],
        })
      ).body,
    )
    expect(short.stop_reason).toBe('max_tokens')
    for (const max_tokens of [1, 3, 10]) {
      const cut = MessagesResponse.parse(
        (
          await send({
            model: 'nimbus/chat-4',
            max_tokens,
            messages: [{ role: 'user', content: 'Explain photosynthesis in depth' }],
          })
        ).body,
      )
      expect(cut.stop_reason).toBe('max_tokens')
      expect(cut.usage.output_tokens).toBeLessThanOrEqual(max_tokens)
    }
    const png = (
      await sharp({ create: { width: 300, height: 200, channels: 3, background: '#123456' } })
        .png()
        .toBuffer()
    ).toString('base64')
    const withImage = (
      await send({
        model: 'nimbus/chat-4',
        max_tokens: 100,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } },
              { type: 'text', text: 'What is this?' },
            ],
          },
        ],
      })
    ).body
    const plain = (
      await send({
        model: 'nimbus/chat-4',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'What is this?' }],
      })
    ).body
    expect(MessagesResponse.parse(withImage).usage.input_tokens).toBeGreaterThan(
      MessagesResponse.parse(plain).usage.input_tokens + 50,
    )
  })

  it('streams message_start … message_stop, with the text and the tool input in deltas', async () => {
    const response = await fetch(url('/msg-native/v1/messages'), {
      method: 'POST',
      headers: messageKey(),
      body: JSON.stringify({
        model: 'nimbus/chat-4',
        max_tokens: 300,
        stream: true,
        tools: [weather],
        messages: [{ role: 'user', content: 'get weather in Oslo' }],
      }),
    })
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const events = (await response.text())
      .trim()
      .split('\n\n')
      .map((block) => {
        const [eventLine, dataLine] = block.split('\n')
        return { event: eventLine!.replace('event: ', ''), data: JSON.parse(dataLine!.replace('data: ', '')) }
      })
    const names = events.map((e) => e.event)
    expect(names[0]).toBe('message_start')
    expect(names.at(-2)).toBe('message_delta')
    expect(names.at(-1)).toBe('message_stop')
    expect(names.filter((n) => n === 'content_block_start')).toHaveLength(2)
    const json = events
      .filter((e) => e.data.delta?.type === 'input_json_delta')
      .map((e) => e.data.delta.partial_json)
      .join('')
    expect(JSON.parse(json)).toMatchObject({ city: 'oslo' })
    expect(events.at(-2)?.data.delta.stop_reason).toBe('tool_use')
  })

  it('requires x-api-key and native-version: 2023-06-01', async () => {
    const body = { model: 'nimbus/chat-4', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }
    const noKey = await send(body, { 'content-type': 'application/json', 'native-version': '2023-06-01' })
    expect(noKey.status).toBe(401)
    expect(noKey.body).toMatchObject({ type: 'error', error: { type: 'authentication_error' } })
    const noVersion = await send(body, { ...messageKey(), 'native-version': '2020-01-01' })
    expect(noVersion.status).toBe(400)
    expect(noVersion.body).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: expect.stringContaining('2023-06-01') },
    })
    const bearerOnly = await call(url('/msg-native/v1/messages'), {
      method: 'POST',
      headers: { authorization: 'Bearer sk-sandbox-demo', 'native-version': '2023-06-01' },
      body: JSON.stringify(body),
    })
    expect(bearerOnly.status).toBe(401)
  })
})
