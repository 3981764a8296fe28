// The official SDKs, unchanged, against the sandbox: each is only pointed at it (base URL, key, and the headers
// the documents name for the native protocols), and every call goes through the SDK's own request building,
// streaming and parsing.
import Anthropic from '@anthropic-ai/sdk'
import { GoogleGenAI } from '@google/genai'
import OpenAI, { toFile } from 'openai'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { messagesVersion } from '#shared/api/messages'
import { demoKey, startSandboxForFile } from './testing/client.ts'

const started = startSandboxForFile({ timeScale: 0.001 })
const base = () => started.sandbox.url

describe('openai SDK', () => {
  const client = () => new OpenAI({ apiKey: demoKey, baseURL: `${base()}/v1`, maxRetries: 0 })

  it('generates an image and edits it', async () => {
    const generated = await client().images.generate({
      model: 'lumen/image-1',
      prompt: 'a lighthouse',
      size: '1024x1024',
    })
    const bytes = Buffer.from(generated.data?.[0]?.b64_json ?? '', 'base64')
    expect((await sharp(bytes).metadata()).width).toBe(1024)
    const source = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer()
    const edited = await client().images.edit({
      model: 'lumen/image-1',
      prompt: 'make it warmer',
      image: await toFile(source, 'in.png', { type: 'image/png' }),
      size: 'auto',
    })
    expect(edited.data?.[0]?.b64_json).toBeTruthy()
    expect(edited.usage?.input_tokens_details?.image_tokens).toBeGreaterThan(0)
  })

  it('surfaces the service’s error as the SDK’s error type', async () => {
    await expect(
      client().images.generate({ model: 'lumen/image-1', prompt: 'p', n: 11 }),
    ).rejects.toBeInstanceOf(OpenAI.BadRequestError)
  })
})

describe('anthropic SDK', () => {
  const client = () =>
    new Anthropic({
      apiKey: demoKey,
      baseURL: `${base()}/msg-native`,
      // Document 3 §5: the key in x-api-key and the version header (this SDK also sends its own bearer header).
      defaultHeaders: { 'x-api-key': demoKey, 'native-version': messagesVersion },
      maxRetries: 0,
    })

  it('creates a message, and stops at max_tokens', async () => {
    const message = await client().messages.create({
      model: 'nimbus/chat-4',
      max_tokens: 200,
      messages: [{ role: 'user', content: 'Explain photosynthesis briefly' }],
    })
    expect(message.content[0]?.type).toBe('text')
    expect(message.stop_reason).toBe('end_turn')
    const cut = await client().messages.create({
      model: 'nimbus/chat-4',
      max_tokens: 2,
      messages: [{ role: 'user', content: 'Explain photosynthesis in depth' }],
    })
    expect(cut.stop_reason).toBe('max_tokens')
    expect(cut.usage.output_tokens).toBeLessThanOrEqual(2)
  })

  it('streams a message to the same final text', async () => {
    const stream = client().messages.stream({
      model: 'nimbus/chat-4',
      max_tokens: 200,
      messages: [{ role: 'user', content: 'Explain photosynthesis briefly' }],
    })
    let streamed = ''
    stream.on('text', (text) => {
      streamed += text
    })
    const final = await stream.finalMessage()
    const block = final.content[0]
    expect(block?.type === 'text' ? block.text : null).toBe(streamed)
    expect(streamed.length).toBeGreaterThan(10)
  })
})

describe('google genai SDK', () => {
  const client = () =>
    new GoogleGenAI({
      apiKey: demoKey,
      // Document 3 §5 and §9: the key in x-native-api-key, paths under v1beta.
      httpOptions: {
        baseUrl: `${base()}/gen-native`,
        apiVersion: 'v1beta',
        headers: { 'x-native-api-key': demoKey },
      },
    })

  it('generates content, whole and streamed', async () => {
    const whole = await client().models.generateContent({
      model: 'aurora/flash-2',
      contents: 'Explain the tides',
    })
    expect(whole.text?.length).toBeGreaterThan(10)
    expect(whole.usageMetadata?.totalTokenCount).toBeGreaterThan(0)
    let streamed = ''
    for await (const chunk of await client().models.generateContentStream({
      model: 'aurora/flash-2',
      contents: 'Explain the tides',
    }))
      streamed += chunk.text ?? ''
    expect(streamed).toBe(whole.text)
  })

  it('creates a cache and answers from it, counting the cached tokens', async () => {
    const cache = await client().caches.create({
      model: 'aurora/flash-2',
      config: {
        contents: [{ role: 'user', parts: [{ text: 'A long reference document. '.repeat(400) }] }],
        ttl: '600s',
      },
    })
    expect(cache.name).toMatch(/^cachedContents\//)
    const answer = await client().models.generateContent({
      model: 'aurora/flash-2',
      contents: 'Summarise it',
      config: { cachedContent: cache.name ?? '' },
    })
    expect(answer.usageMetadata?.cachedContentTokenCount).toBe(cache.usageMetadata?.totalTokenCount)
  })
})
