import { beforeEach, describe, expect, it } from 'vitest'
import type { GenerateContentResponse, Part } from '#shared/api/generative'
import { type ContentBlock, MessagesRequest, type MessagesResponse } from '#shared/api/messages'
import {
  type GenerateConversation,
  type GenerateTurn,
  generateContents,
  type MessagesConversation,
  type MessagesSettings,
  type MessagesTurn,
  messagesRequest,
  newGenerateConversation,
  newMessagesConversation,
  parseSampling,
  parseTools,
  useOpenConversations,
} from './conversation.ts'

const tool = { name: 'lookup', description: 'Find an order', input_schema: { type: 'object' } }
const toolsJson = JSON.stringify([tool])

const user = (...content: ContentBlock[]): MessagesTurn => ({ role: 'user', content })
const assistant = (...content: ContentBlock[]): MessagesTurn => {
  const response: MessagesResponse = {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    content,
    model: 'lab/claude',
    stop_reason: 'end_turn',
    usage: { input_tokens: 3, output_tokens: 2 },
  }
  return { role: 'assistant', response, wire: [], ms: 12 }
}
const conversation = (
  settings: Partial<MessagesSettings>,
  turns: MessagesTurn[] = [user({ type: 'text', text: 'hi' })],
): MessagesConversation => {
  const fresh = newMessagesConversation('lab/claude')
  return { ...fresh, settings: { ...fresh.settings, ...settings }, turns }
}
/** The request, checked against the wire format; fails the test when the settings are refused. */
const request = (value: MessagesConversation): MessagesRequest => {
  const result = messagesRequest(value)
  if (typeof result === 'string') throw new Error(result)
  expect(MessagesRequest.safeParse(result).success).toBe(true)
  return result
}

describe('messages requests', () => {
  it('sends the whole conversation: user turns as typed, assistant turns as answered', () => {
    const toolUse: ContentBlock = { type: 'tool_use', id: 'tu_1', name: 'lookup', input: { order: 7 } }
    const body = request(
      conversation({ toolsJson }, [
        user({ type: 'text', text: 'Where is order 7?' }),
        assistant({ type: 'text', text: 'Let me look.' }, toolUse),
        user({ type: 'tool_result', tool_use_id: 'tu_1', content: 'shipped' }),
      ]),
    )
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Where is order 7?' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Let me look.' }, toolUse] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tu_1', content: 'shipped' }] },
    ])
  })

  it('starts with the model, max_tokens and streaming only, leaving out what was not set', () => {
    expect(request(conversation({}))).toEqual({
      model: 'lab/claude',
      max_tokens: 1024,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      stream: true,
    })
    const body = request(conversation({ stream: false, system: '   ', temperature: ' ', maxTokens: '64' }))
    expect(body).not.toHaveProperty('stream')
    expect(body).not.toHaveProperty('system')
    expect(body).not.toHaveProperty('temperature')
    expect(body.max_tokens).toBe(64)
    // A conversation saved when the field was a number still sends it.
    expect(request(conversation({ maxTokens: 32 })).max_tokens).toBe(32)
  })

  it('sends max_tokens only as the person typed it: a whole number from 1, never a clamped guess', () => {
    for (const typed of ['', '0', '-3', '1.5', 'ten'])
      expect(messagesRequest(conversation({ maxTokens: typed }))).toBe(
        'max_tokens is required: use a whole number from 1.',
      )
  })

  it('sends the system prompt and sampling numbers as typed', () => {
    const body = request(conversation({ system: 'Be brief.', temperature: '0.2', topP: '1', topK: '40' }))
    expect(body).toMatchObject({ system: 'Be brief.', temperature: 0.2, top_p: 1, top_k: 40 })
  })

  it('names the first sampling number out of range, before the model is looked at', () => {
    expect(messagesRequest(conversation({ temperature: '1.5' }))).toBe('Use a number from 0 to 1.')
    expect(messagesRequest(conversation({ topP: '-0.1' }))).toBe('Use a number from 0 to 1.')
    expect(messagesRequest(conversation({ topK: '2.5' }))).toBe('Use a whole number from 0.')
    expect(messagesRequest(conversation({ temperature: 'warm', model: '' }))).toBe(
      'Use a number from 0 to 1.',
    )
    expect(messagesRequest(conversation({ model: '' }))).toBe('Choose a model.')
  })

  it('sends tools with their tool_choice, and no tool_choice without tools', () => {
    expect(request(conversation({ toolsJson: '  ', toolChoice: 'any' }))).not.toHaveProperty('tool_choice')
    expect(request(conversation({ toolsJson, toolChoice: 'any' }))).toMatchObject({
      tools: [tool],
      tool_choice: { type: 'any' },
    })
    expect(request(conversation({ toolsJson, toolChoice: 'tool', toolName: 'lookup' })).tool_choice).toEqual({
      type: 'tool',
      name: 'lookup',
    })
  })

  it('asks which tool when the named tool is not among the tools', () => {
    expect(messagesRequest(conversation({ toolsJson, toolChoice: 'tool', toolName: '' }))).toBe(
      'Choose the tool the model must use.',
    )
    expect(messagesRequest(conversation({ toolsJson, toolChoice: 'tool', toolName: 'removed' }))).toBe(
      'Choose the tool the model must use.',
    )
  })

  it('says why tools cannot be sent', () => {
    expect(parseTools('')).toEqual({ ok: true, tools: [] })
    const broken = parseTools('[{')
    expect(broken.ok ? '' : broken.message).toMatch(/^This is not valid JSON: /)
    const unnamed = parseTools('[{"name": "", "input_schema": {"type": "object"}}]')
    expect(unnamed.ok ? '' : unnamed.message).toContain(': 0.name — ')
    const notAList = parseTools('{"name": "lookup"}')
    expect(notAList.ok ? '' : notAList.message).toContain(': the list — ')
    expect(messagesRequest(conversation({ toolsJson: '[{' }))).toMatch(/^This is not valid JSON/)
  })

  it('reads sampling numbers: empty is not sent, and each has its range', () => {
    expect(parseSampling('', 1)).toBeUndefined()
    expect(parseSampling('0', 1)).toBe(0)
    expect(parseSampling(' 0.75 ', 1)).toBe(0.75)
    expect(parseSampling('1.01', 1)).toBe('Use a number from 0 to 1.')
    expect(parseSampling('Infinity', null)).toBe('Use a number from 0.')
    expect(parseSampling('500', null, true)).toBe(500)
    expect(parseSampling('5e-1', null, true)).toBe('Use a whole number from 0.')
  })
})

describe('generateContent contents', () => {
  const userTurn = (text: string): GenerateTurn => ({ role: 'user', parts: [{ text }] })
  const modelTurn = (...parts: Part[]): GenerateTurn => {
    const response: GenerateContentResponse = {
      candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP' }],
      modelVersion: 'lab/gen-1',
    }
    return { role: 'model', response, images: [], wire: [], ms: 5 }
  }
  const generate = (cachedContent: string | null, turns: GenerateTurn[]): GenerateConversation => ({
    ...newGenerateConversation('lab/gen-1'),
    settings: { model: 'lab/gen-1', stream: false, cachedContent },
    turns,
  })
  const image = { inlineData: { mimeType: 'image/png', data: 'AAAA' } }

  it('sends the whole conversation, the model turns with their answer text but not thoughts or images', () => {
    const contents = generateContents(
      generate(null, [
        userTurn('Draw a cat'),
        modelTurn({ text: 'planning', thought: true }, { text: 'Here it is.' }, image),
        userTurn('Make it blue'),
      ]),
    )
    expect(contents).toEqual([
      { role: 'user', parts: [{ text: 'Draw a cat' }] },
      { role: 'model', parts: [{ text: 'Here it is.' }] },
      { role: 'user', parts: [{ text: 'Make it blue' }] },
    ])
  })

  it('with a cache sends only the new turn, since the cache holds the rest', () => {
    const contents = generateContents(
      generate('cachedContents/abc', [userTurn('first'), modelTurn({ text: 'answer' }), userTurn('second')]),
    )
    expect(contents).toEqual([{ role: 'user', parts: [{ text: 'second' }] }])
  })
})

describe('open conversations', () => {
  const initial = useOpenConversations.getState()
  beforeEach(() => useOpenConversations.setState(initial, true))

  it('start empty, each with its own id, streaming by default', () => {
    const { messages, generate } = useOpenConversations.getState()
    expect(messages.turns).toEqual([])
    expect(generate.turns).toEqual([])
    expect(messages.settings).toMatchObject({ stream: true, maxTokens: '1024', toolChoice: 'auto' })
    expect(generate.settings).toEqual({ model: '', stream: true, cachedContent: null })
    expect(newMessagesConversation().id).not.toBe(newMessagesConversation().id)
  })

  it('keep each conversation apart, whether replaced or updated from the current one', () => {
    const store = useOpenConversations.getState()
    const generateBefore = store.generate
    store.setMessages((current) => ({
      ...current,
      turns: [...current.turns, user({ type: 'text', text: 'a' })],
    }))
    store.setMessages((current) => ({
      ...current,
      turns: [...current.turns, user({ type: 'text', text: 'b' })],
    }))
    expect(useOpenConversations.getState().messages.turns).toHaveLength(2)
    expect(useOpenConversations.getState().generate).toBe(generateBefore)
    const other = newGenerateConversation('lab/gen-1')
    store.setGenerate(other)
    expect(useOpenConversations.getState().generate).toBe(other)
    expect(useOpenConversations.getState().messages.turns).toHaveLength(2)
  })
})
