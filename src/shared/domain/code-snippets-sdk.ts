// The official SDKs pointed at the gateway, each the way the documents ask: messages with x-api-key and the
// version header under /msg-native (document 3 §5, §9), content generation with x-native-api-key under
// /gen-native and v1beta, images through the OpenAI-style /v1 (document 1 §4.2, its SDK note on extra_body).
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the snippets are programs that use template literals themselves
import { messagesVersion } from '../api/messages-version.ts'
import { keyVariable, pyLiteral, type Snippet, tsLiteral } from './code-literals.ts'

type Body = Record<string, unknown>

const without = (body: Body, ...names: string[]) =>
  Object.fromEntries(Object.entries(body).filter(([name]) => !names.includes(name)))

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
/** Python SDKs spell fields in snake_case. */
function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [snake(key), snakeKeys(item)]))
}

export function messagesSnippets(base: string, body: Body): Snippet[] {
  const streamed = body.stream === true
  const params = without(body, 'stream')
  const ts = [
    "import Anthropic from '@anthropic-ai/sdk'",
    '',
    `const apiKey = process.env.${keyVariable} ?? ''`,
    'const client = new Anthropic({',
    '  apiKey,',
    `  baseURL: '${base}/msg-native',`,
    `  defaultHeaders: { 'x-api-key': apiKey, 'native-version': '${messagesVersion}' },`,
    '})',
    '',
    ...(streamed
      ? [
          `const stream = client.messages.stream(${tsLiteral(params)})`,
          "stream.on('text', (text) => process.stdout.write(text))",
          'const message = await stream.finalMessage()',
        ]
      : [`const message = await client.messages.create(${tsLiteral(params)})`]),
    'console.log(JSON.stringify(message, null, 2))',
    '',
  ]
  const py = [
    'import os',
    '',
    'import anthropic',
    '',
    `api_key = os.environ["${keyVariable}"]`,
    'client = anthropic.Anthropic(',
    '    api_key=api_key,',
    `    base_url="${base}/msg-native",`,
    `    default_headers={"x-api-key": api_key, "native-version": "${messagesVersion}"},`,
    ')',
    '',
    ...(streamed
      ? [
          `with client.messages.stream(**${pyLiteral(params)}) as stream:`,
          '    for text in stream.text_stream:',
          '        print(text, end="", flush=True)',
          '    message = stream.get_final_message()',
        ]
      : [`message = client.messages.create(**${pyLiteral(params)})`]),
    'print(message.model_dump_json(indent=2))',
    '',
  ]
  return [
    { language: 'TypeScript', library: '@anthropic-ai/sdk', code: ts.join('\n') },
    { language: 'Python', library: 'anthropic', code: py.join('\n') },
  ]
}

export function generateContentSnippets(base: string, path: string, body: Body): Snippet[] {
  const [, model = '', method = ''] = /^\/gen-native\/v1beta\/models\/(.+):(\w+)$/.exec(path) ?? []
  const streamed = method === 'streamGenerateContent'
  const generation = (body.generationConfig ?? {}) as Body
  const config: Body = {
    ...(body.cachedContent ? { cachedContent: body.cachedContent } : {}),
    ...(body.systemInstruction ? { systemInstruction: body.systemInstruction } : {}),
    ...generation,
  }
  const hasConfig = Object.keys(config).length > 0
  const request = { model, contents: body.contents, ...(hasConfig ? { config } : {}) }
  const ts = [
    "import { GoogleGenAI } from '@google/genai'",
    '',
    `const apiKey = process.env.${keyVariable} ?? ''`,
    'const ai = new GoogleGenAI({',
    '  apiKey,',
    `  httpOptions: { baseUrl: '${base}/gen-native', apiVersion: 'v1beta', headers: { 'x-native-api-key': apiKey } },`,
    '})',
    '',
    ...(streamed
      ? [
          `for await (const chunk of await ai.models.generateContentStream(${tsLiteral(request)}))`,
          "  process.stdout.write(chunk.text ?? '')",
          "console.log('')",
        ]
      : [
          `const response = await ai.models.generateContent(${tsLiteral(request)})`,
          'console.log(JSON.stringify(response, null, 2))',
        ]),
    '',
  ]
  const py = [
    'import os',
    '',
    'from google import genai',
    'from google.genai import types',
    '',
    `api_key = os.environ["${keyVariable}"]`,
    'client = genai.Client(',
    '    api_key=api_key,',
    '    http_options=types.HttpOptions(',
    `        base_url="${base}/gen-native", api_version="v1beta", headers={"x-native-api-key": api_key}`,
    '    ),',
    ')',
    '',
    `${streamed ? 'for chunk in client.models.generate_content_stream' : 'response = client.models.generate_content'}(`,
    `    model=${JSON.stringify(model)},`,
    `    contents=${pyLiteral(snakeKeys(body.contents), 1)},`,
    ...(hasConfig ? [`    config=${pyLiteral(snakeKeys(config), 1)},`] : []),
    ...(streamed
      ? ['):', '    print(chunk.text or "", end="", flush=True)']
      : [')', 'print(response.model_dump_json(indent=2))']),
    '',
  ]
  return [
    { language: 'TypeScript', library: '@google/genai', code: ts.join('\n') },
    { language: 'Python', library: 'google-genai', code: py.join('\n') },
  ]
}

/** Parameters the Python SDK's images.generate names; the service's own go through extra_body. */
const openaiImageParameters = new Set([
  'model',
  'prompt',
  'background',
  'moderation',
  'n',
  'output_compression',
  'output_format',
  'quality',
  'response_format',
  'size',
  'style',
  'user',
])

export function imageSnippets(base: string, body: Body): Snippet[] {
  const known = Object.fromEntries(Object.entries(body).filter(([name]) => openaiImageParameters.has(name)))
  const extra = Object.fromEntries(Object.entries(body).filter(([name]) => !openaiImageParameters.has(name)))
  const ts = [
    "import { writeFileSync } from 'node:fs'",
    "import OpenAI from 'openai'",
    '',
    `const client = new OpenAI({ apiKey: process.env.${keyVariable}, baseURL: '${base}/v1' })`,
    '',
    '// Parameters of this service the SDK does not name (input_images, extra_body) are sent as they are.',
    `const result = await client.images.generate(${tsLiteral(body)} as OpenAI.ImageGenerateParams)`,
    'for (const [index, image] of (result.data ?? []).entries())',
    "  writeFileSync(`image-${index + 1}.png`, Buffer.from(image.b64_json ?? '', 'base64'))",
    'console.log(`${result.data?.length ?? 0} image(s) written; usage:`, result.usage)',
    '',
  ]
  const py = [
    'import base64',
    'import os',
    '',
    'from openai import OpenAI',
    '',
    `client = OpenAI(api_key=os.environ["${keyVariable}"], base_url="${base}/v1")`,
    '',
    'result = client.images.generate(',
    ...Object.entries(known).map(([name, value]) => `    ${name}=${pyLiteral(value, 1)},`),
    // Document 1 §4.2: extra_body is merged into the top level, so the service's own extra_body key sits one
    // level deeper.
    ...(Object.keys(extra).length ? [`    extra_body=${pyLiteral(extra, 1)},`] : []),
    ')',
    'for index, image in enumerate(result.data or []):',
    '    with open(f"image-{index + 1}.png", "wb") as file:',
    '        file.write(base64.b64decode(image.b64_json))',
    'print(result.usage)',
    '',
  ]
  return [
    { language: 'TypeScript', library: 'openai', code: ts.join('\n') },
    { language: 'Python', library: 'openai', code: py.join('\n') },
  ]
}
