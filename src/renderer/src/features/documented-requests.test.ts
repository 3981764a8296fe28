// The screens' request builders against the documents' own shapes (strict: a field the documents do not name
// fails): the messages and generateContent requests of the playground, and the video create form's request.
// The conformance suite (conformance/) checks the same shapes on the wire, against the sandbox.
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  DocumentedGenerateContent,
  DocumentedMessagesRequest,
  DocumentedVideoRequest,
} from '#shared/api/testing/documented'
import {
  type GenerateConversation,
  generateContents,
  generateRequest,
  type MessagesConversation,
  messagesRequest,
  newGenerateConversation,
  newMessagesConversation,
} from './playground/conversation.ts'
import { emptyDraft, requestFromDraft } from './videos/draft.ts'

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value)
  return parsed.success ? [] : parsed.error.issues
}
const pixel =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

describe('document 3 §4.3: the messages request a conversation makes', () => {
  const conversation = (): MessagesConversation => {
    const base = newMessagesConversation('nimbus/chat-4')
    return {
      ...base,
      settings: {
        ...base.settings,
        system: 'Be brief.',
        temperature: '0.3',
        topP: '0.9',
        topK: '40',
        toolsJson: JSON.stringify([{ name: 'weather', input_schema: { type: 'object' } }]),
        toolChoice: 'tool',
        toolName: 'weather',
      },
      turns: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Weather in Lyon? Here is the sky:' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: pixel } },
          ],
        },
        {
          role: 'assistant',
          wire: [],
          ms: 10,
          response: {
            id: 'msg_1',
            type: 'message',
            role: 'assistant',
            model: 'nimbus/chat-4',
            stop_reason: 'tool_use',
            usage: { input_tokens: 10, output_tokens: 5 },
            content: [{ type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Lyon' } }],
          },
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'Sunny, 21 °C' }] },
      ],
    }
  }

  it('has only documented fields, every turn and block kept', () => {
    const request = messagesRequest(conversation())
    expect(issuesOf(DocumentedMessagesRequest, request)).toEqual([])
    expect(typeof request === 'object' && request.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
    ])
  })

  it('refuses values outside the documented ranges instead of sending them', () => {
    for (const [field, typed] of [
      ['temperature', '1.5'],
      ['topP', '-0.1'],
      ['topK', '2.5'],
      ['maxTokens', '0'],
    ] as const) {
      const next = conversation()
      next.settings[field] = typed
      expect(typeof messagesRequest(next), `${field} ${typed}`).toBe('string')
    }
  })
})

describe('document 3 §4.1: the generateContent request a conversation makes', () => {
  it('sends the whole conversation in documented parts, thoughts left out', () => {
    const conversation: GenerateConversation = {
      ...newGenerateConversation('aurora/flash-2'),
      turns: [
        {
          role: 'user',
          parts: [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: pixel } }],
        },
        {
          role: 'model',
          wire: [],
          ms: 5,
          images: [],
          response: {
            candidates: [
              {
                content: {
                  role: 'model',
                  parts: [{ text: 'thinking…', thought: true }, { text: 'A pixel.' }],
                },
                finishReason: 'STOP',
              },
            ],
            modelVersion: 'aurora/flash-2',
          },
        },
        { role: 'user', parts: [{ text: 'What colour?' }] },
      ],
    }
    const body = { contents: generateContents(conversation) }
    expect(issuesOf(DocumentedGenerateContent, body)).toEqual([])
    expect(body.contents[1]?.parts).toEqual([{ text: 'A pixel.' }])
  })

  it('sends the system instruction and generation settings as typed, and refuses what is out of range', () => {
    const base = newGenerateConversation('aurora/flash-2')
    const conversation: GenerateConversation = {
      ...base,
      settings: {
        ...base.settings,
        system: 'Be brief.',
        maxOutputTokens: '64',
        temperature: '1.5',
        topP: '0.9',
        topK: '40',
      },
      turns: [{ role: 'user', parts: [{ text: 'Hi' }] }],
    }
    const body = generateRequest(conversation)
    expect(issuesOf(DocumentedGenerateContent, body)).toEqual([])
    expect(body).toMatchObject({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: { maxOutputTokens: 64, temperature: 1.5, topP: 0.9, topK: 40 },
    })
    for (const [field, typed] of [
      ['maxOutputTokens', '0'],
      ['temperature', '2.5'],
      ['topP', '1.1'],
      ['topK', '0.5'],
    ] as const)
      expect(
        typeof generateRequest({ ...conversation, settings: { ...conversation.settings, [field]: typed } }),
      ).toBe('string')
    expect(
      generateRequest({
        ...conversation,
        settings: { ...conversation.settings, cachedContent: 'cachedContents/a' },
      }),
    ).toBe(
      'A conversation that uses a cache cannot also send a system instruction: clear the system instruction, or detach the cache.',
    )
  })

  it('with a cache, sends only the new turn and the handle', () => {
    const conversation: GenerateConversation = {
      ...newGenerateConversation('aurora/flash-2'),
      settings: { model: 'aurora/flash-2', stream: false, cachedContent: 'cachedContents/abc' },
      turns: [{ role: 'user', parts: [{ text: 'Summarize' }] }],
    }
    const body = {
      contents: generateContents(conversation),
      cachedContent: conversation.settings.cachedContent,
    }
    expect(issuesOf(DocumentedGenerateContent, body)).toEqual([])
  })
})

describe('document 2 §2.1: the video create form', () => {
  it('turns every field a person can fill into the documented request', () => {
    const built = requestFromDraft(
      {
        ...emptyDraft,
        prompt: ' a paper boat ',
        model: 'orbit/motion-2',
        duration: '6',
        seed: '7',
        references: [
          { id: '1', kind: 'image', url: 'https://example.com/a.png', label: 'a.png' },
          { id: '2', kind: 'audio', url: 'https://example.com/a.mp3', label: 'a.mp3' },
          { id: '3', kind: 'video', url: 'https://example.com/a.mp4', label: 'a.mp4' },
        ],
        realPerson: true,
        providerType: 'origin',
        providerOptions: '{"motion":"low"}',
      },
      true,
    )
    expect(built.ok).toBe(true)
    if (built.ok) expect(issuesOf(DocumentedVideoRequest, built.request)).toEqual([])
  })

  it('sends frames in the frame shape, and a size instead of resolution', () => {
    const built = requestFromDraft(
      {
        ...emptyDraft,
        prompt: 'sunrise',
        model: 'orbit/motion-2',
        sizeMode: 'size',
        size: '1280x720',
        firstFrame: { id: 'f', kind: 'image', url: 'https://example.com/first.png', label: 'first' },
        lastFrame: { id: 'l', kind: 'image', url: 'https://example.com/last.png', label: 'last' },
      },
      false,
    )
    expect(built.ok && issuesOf(DocumentedVideoRequest, built.request)).toEqual([])
    expect(built.ok && [built.request.resolution, built.request.generate_audio]).toEqual([
      undefined,
      undefined,
    ])
  })

  it('refuses a size of zero pixels at the field', () => {
    const built = requestFromDraft(
      { ...emptyDraft, prompt: 'p', model: 'orbit/motion-2', sizeMode: 'size', size: '00x00' },
      false,
    )
    expect(built).toMatchObject({ ok: false, field: 'size' })
  })
})
