// Document 1, decisions and images, section by section: the standalone sandbox answers each rule as written,
// and the app's builders send exactly the documented shapes (decisions-and-images.client.ts).
import { expect } from 'vitest'
import { exchange } from '../scripts/testing/hostile-http.ts'
import { clientRows } from './decisions-and-images.client.ts'
import {
  dataUri,
  decide,
  dedicated,
  edit,
  ImageResult,
  levels,
  NativeAnswers,
  nested,
  UnifiedAnswers,
  vision,
} from './decisions-and-images.fixtures.ts'
import type { ServiceRow } from './rows.ts'
import { walk } from './rows.ts'
import { keys, standaloneSandbox } from './standalone.ts'

const sandbox = standaloneSandbox()

const service: ServiceRow[] = [
  {
    section: '2.1',
    rule: 'a choice question takes at most 255 choices',
    ...decide({
      questions: [
        { type: 'choice', instructions: 'Pick', choices: levels(256).map((l) => ({ value: l.label })) },
      ],
    }),
    status: 400,
    code: 'invalid_request_error',
  },
  {
    section: '2.1',
    rule: 'a score question takes 2 to 10 levels: one is too few',
    ...decide({ questions: [{ type: 'score', instructions: 'Rate', levels: levels(1) }] }),
    status: 400,
    code: 'invalid_request_error',
  },
  {
    section: '2.2',
    rule: 'one answer per question, in request order, with its type and name; choice probabilities sum to 1',
    ...decide({}),
    status: 200,
    answer: UnifiedAnswers,
  },
  {
    section: '2.3',
    rule: 'the envelope names the model that served the request',
    ...decide({}),
    status: 200,
    check: (reply) => expect(reply.body.model).toBe(dedicated),
  },
  {
    section: '2.4',
    rule: 'the native form: noul, criteria as object and array, answers keyed by id, input/output usage',
    path: '/decision-native/v1/systemone',
    auth: 'bearer',
    body: {
      model: dedicated,
      state: { message: 'I paid twice for one parcel' },
      questions: {
        spam: { type: 'noul', instructions: 'Is this spam?' },
        topic: {
          type: 'choice',
          instructions: 'About?',
          criteria: { billing: 'money', shipping: 'parcels' },
        },
        tone: { type: 'score', instructions: 'How angry?', criteria: ['calm', 'annoyed', 'furious'] },
      },
    },
    status: 200,
    answer: NativeAnswers,
  },
  {
    section: '2.5',
    rule: 'an image result carries created, data[0].b64_json, model, size, quality and usage',
    path: '/v1/images/generations',
    auth: 'bearer',
    body: { model: 'lumen/image-1', prompt: 'a lighthouse', size: '256x256', quality: 'low' },
    status: 200,
    answer: ImageResult('256x256'),
  },
  {
    section: '4.1',
    rule: 'the compat-a path answers as the unified one',
    ...decide({}, '/compat-a/v1/decisions'),
    status: 200,
    answer: UnifiedAnswers,
  },
  {
    section: '4.1',
    rule: 'input may be a JSON object whose fields questions name in backticks',
    ...decide({ input: { subject: 'refund', body: 'I paid twice' } }),
    status: 200,
  },
  {
    section: '4.1',
    rule: 'input may be messages with input_text and input_image blocks, for the vision model',
    ...decide({
      model: vision,
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'Is this a receipt?' },
            { type: 'input_image', image_url: dataUri },
          ],
        },
      ],
    }),
    status: 200,
  },
  {
    section: '4.1',
    rule: 'the native model is addressable by its short alias',
    path: '/decision-native/v1/systemone',
    auth: 'bearer',
    body: { model: 'judge-1', state: 'hello', questions: { spam: { type: 'noul', instructions: 'Spam?' } } },
    status: 200,
  },
  {
    section: '4.2',
    rule: 'n above 10 is refused',
    path: '/v1/images/generations',
    auth: 'bearer',
    body: { model: 'lumen/image-1', prompt: 'p', n: 11 },
    status: 400,
  },
  {
    section: '4.2',
    rule: 'n is a whole number of at least 1: 0 and 1.5 are refused',
    path: '/v1/images/generations',
    auth: 'bearer',
    body: { model: 'lumen/image-1', prompt: 'p', n: 0 },
    status: 400,
    check: async () => {
      const reply = await fetch(sandbox.url('/v1/images/generations'), {
        method: 'POST',
        headers: { authorization: `Bearer ${keys.demo}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'lumen/image-1', prompt: 'p', n: 1.5 }),
      })
      expect(reply.status).toBe(400)
    },
  },
  {
    section: '4.2',
    rule: 'a quality outside the list is refused',
    path: '/v1/images/generations',
    auth: 'bearer',
    body: { model: 'lumen/image-1', prompt: 'p', quality: 'ultra' },
    status: 400,
  },
  {
    section: '4.2',
    rule: 'a size outside the list is refused',
    path: '/v1/images/generations',
    auth: 'bearer',
    body: { model: 'lumen/image-1', prompt: 'p', size: '100x100' },
    status: 400,
  },
  {
    section: '4.2',
    rule: 'n sent to family B returns 400',
    path: '/v1/images/generations',
    auth: 'bearer',
    body: { model: 'aurora/flash-image', prompt: 'p', n: 1 },
    status: 400,
  },
  {
    section: '4.2',
    rule: 'input_images on family C take effect and report num_input_images',
    path: '/v1/images/generations',
    auth: 'bearer',
    body: {
      model: 'orbit/ref-image',
      prompt: 'the same cat, in snow',
      input_images: [dataUri],
      size: '256x256',
    },
    status: 200,
    check: (reply) => expect(reply.body.usage.num_input_images).toBe(1),
  },
  {
    section: '4.2',
    rule: 'a misspelled image_urls is ignored: plain text-to-image, 200, no num_input_images',
    path: '/v1/images/generations',
    auth: 'bearer',
    body: { model: 'orbit/ref-image', prompt: 'a cat', image_urls: [dataUri], size: '256x256' },
    status: 200,
    check: (reply) => expect(reply.body.usage.num_input_images).toBeUndefined(),
  },
  {
    section: '4.2',
    rule: 'more than 3 input_images are refused',
    path: '/v1/images/generations',
    auth: 'bearer',
    body: { model: 'orbit/ref-image', prompt: 'p', input_images: [dataUri, dataUri, dataUri, dataUri] },
    status: 400,
  },
  {
    section: '4.2',
    rule: 'extra_body.provider.type pins the provider',
    path: '/v1/images/generations',
    auth: 'bearer',
    body: {
      model: 'lumen/image-1',
      prompt: 'p',
      size: '256x256',
      extra_body: { provider: { type: 'origin' } },
    },
    status: 200,
    check: (reply) => expect(reply.headers.get('x-svc-provider')).toBe('origin'),
  },
  {
    section: '4.2',
    rule: 'the X-Svc-Provider-Type header pins it the same way',
    path: '/v1/images/generations',
    auth: 'bearer',
    headers: { 'x-svc-provider-type': 'cloudhost' },
    body: { model: 'lumen/image-1', prompt: 'p', size: '256x256' },
    status: 200,
    check: (reply) => expect(reply.headers.get('x-svc-provider')).toBe('cloudhost'),
  },
  {
    section: '4.3',
    rule: 'an edit is multipart with the image as a file; usage counts the image',
    ...edit({ model: 'lumen/image-1', size: 'auto' }),
    status: 200,
    answer: ImageResult('auto'),
    check: (reply) => {
      expect(reply.body.usage.input_tokens_details.image_tokens).toBeGreaterThan(0)
      expect(reply.body.usage.num_input_images).toBe(1)
    },
  },
  {
    section: '4.3',
    rule: 'the edit-optimized model takes input_fidelity',
    ...edit({ model: 'lumen/image-1-edit', input_fidelity: 'high' }),
    status: 200,
  },
  {
    section: '4.3',
    rule: 'an extra_body form field is ignored; only the header pins',
    ...edit(
      { model: 'lumen/image-1', extra_body: '{"provider":{"type":"origin"}}' },
      {
        'x-svc-provider-type': 'cloudhost',
      },
    ),
    status: 200,
    check: (reply) => expect(reply.headers.get('x-svc-provider')).toBe('cloudhost'),
  },
  {
    section: '4.3',
    rule: 'family B cannot edit here: the error says editing is not supported for the model',
    ...edit({ model: 'aurora/flash-image' }),
    status: 400,
    message: /image editing is not supported for model 'aurora\/flash-image'/i,
  },
  {
    section: '4.4',
    rule: 'naming a provider that does not serve the model returns 400 provider_type_unavailable',
    path: '/v1/images/generations',
    auth: 'bearer',
    headers: { 'x-svc-provider-type': 'cloudhost' },
    body: { model: 'orbit/ref-image', prompt: 'p' },
    status: 400,
    code: 'provider_type_unavailable',
  },
  {
    section: '5',
    rule: 'every endpoint needs Authorization: Bearer',
    ...decide({}),
    auth: 'none',
    status: 401,
  },
  {
    section: '7',
    rule: 'a choice question without choices',
    ...decide({ questions: [{ type: 'choice', name: 'topic', instructions: 'About?' }] }),
    status: 400,
    code: 'invalid_request_error',
    message: 'question "topic" has kind choice and requires criteria options',
  },
  {
    section: '7',
    rule: 'a duplicate question name',
    ...decide({
      questions: [
        { type: 'predicate', name: 'spam', instructions: 'a' },
        { type: 'predicate', name: 'spam', instructions: 'b' },
      ],
    }),
    status: 400,
    code: 'invalid_request_error',
    message: 'question name "spam" is used more than once',
  },
  {
    section: '7',
    rule: 'a score question with more than 10 levels',
    ...decide({ questions: [{ type: 'score', instructions: 'Rate', levels: levels(11) }] }),
    status: 400,
    code: 'invalid_request_error',
    message: 'Too many score levels. Must have at most 10 levels.',
  },
  {
    section: '7',
    rule: 'an input_image part sent to the dedicated model',
    ...decide({ input: [{ role: 'user', content: [{ type: 'input_image', image_url: dataUri }] }] }),
    status: 400,
    code: 'invalid_request_error',
    message: /input_image/,
  },
  {
    section: '7',
    rule: 'a native body sent to /v1/decisions',
    path: '/v1/decisions',
    auth: 'bearer',
    body: { model: dedicated, state: 'x', questions: { a: { type: 'noul', instructions: 'a' } } },
    status: 400,
    code: 'invalid_request_error',
    message: 'Invalid request payload',
  },
  {
    section: '7',
    rule: 'a model that is not a decision model',
    ...decide({ model: 'nimbus/chat-4' }),
    status: 400,
    code: 'endpoint_not_supported',
    message: "Model 'nimbus/chat-4' does not support the /v1/decisions endpoint on this platform.",
  },
  {
    section: '7',
    rule: 'a context over 64K tokens for the dedicated model',
    ...decide({ input: 'word '.repeat(60_000) }),
    status: 400,
    code: 'invalid_request_error',
  },
  {
    section: '7',
    rule: 'an unknown model',
    ...decide({ model: 'nobody/nothing' }),
    status: 404,
    code: 'model_not_found',
    message: "Model 'nobody/nothing' not found",
  },
  {
    section: '7',
    rule: 'the native path written /v1/systemone',
    path: '/v1/systemone',
    auth: 'bearer',
    body: { model: dedicated, state: 'x', questions: {} },
    status: 404,
    code: 'invalid_request_error',
    message: 'Unsupported API endpoint.',
  },
  {
    section: '8',
    rule: 'JSON nesting of input is limited to 64 levels',
    ...decide({ input: { root: nested(70) } }),
    status: 400,
  },
  {
    section: '8',
    rule: 'a decision body is limited to 32 MiB: refused while it is still being sent',
    path: '/v1/decisions',
    send: async (base) => {
      const bytes = 33 * 1024 * 1024
      const head = [
        'POST /v1/decisions HTTP/1.1',
        `host: ${new URL(base).host}`,
        `authorization: Bearer ${keys.demo}`,
        'content-type: application/json',
        `content-length: ${bytes}`,
      ].join('\r\n')
      const answer = await exchange({ port: Number(new URL(base).port) }, head, bytes)
      return { status: answer.status, text: answer.response.split('\r\n\r\n')[1] ?? '' }
    },
    status: 413,
  },
]

walk('Document 1: decisions and images', sandbox, { service, client: clientRows })
