// Document 1's fixtures: the models, a small PNG, the answer shapes of §2.2–2.5 and the request helpers the
// rows share.
import sharp from 'sharp'
import { z } from 'zod'
import type { ServiceRow } from './rows.ts'

export const dedicated = 'sysone/judge-1'
export const vision = 'aurora/sight-decide'
export const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
  .png()
  .toBuffer()
export const dataUri = `data:image/png;base64,${png.toString('base64')}`

export const probability = z.number().min(0).max(1)
export const sumsToOne = (values: number[]) => Math.abs(values.reduce((a, b) => a + b, 0) - 1) < 1e-6
export const UnifiedAnswers = z.object({
  model: z.string(),
  answers: z.tuple([
    z.object({ type: z.literal('predicate'), name: z.literal('spam'), probability }),
    z.object({
      type: z.literal('choice'),
      name: z.literal('topic'),
      choice: z.enum(['billing', 'shipping']),
      probabilities: z
        .array(z.object({ value: z.string(), probability }))
        .length(2)
        .refine((items) => sumsToOne(items.map((item) => item.probability)), 'probabilities sum to 1'),
      confidence: probability,
    }),
    z.object({
      type: z.literal('score'),
      score: z.number().min(0).max(2),
      legend: z.object({ '0': z.literal('low: calm'), '1': z.string(), '2': z.string() }),
      probabilities: z.array(z.object({ value: z.number().int(), label: z.string(), probability })).length(3),
      confidence: probability,
    }),
  ]),
  usage: z.object({
    prompt_tokens: z.number().int(),
    completion_tokens: z.number().int(),
    total_tokens: z.number().int(),
  }),
})
export const NativeAnswers = z.object({
  model: z.string(),
  answers: z.object({
    spam: z.object({ noul: probability }),
    topic: z.object({
      choice: z.string(),
      confidence: probability,
      probabilities: z.record(z.string(), probability),
    }),
    tone: z.object({
      score: z.number(),
      confidence: probability,
      legend: z.record(z.string(), z.string()),
      probabilities: z.record(z.string(), probability),
    }),
  }),
  usage: z.object({ input_tokens: z.number().int(), output_tokens: z.number().int() }),
})
export const ImageResult = (size: string) =>
  z.object({
    created: z.number().int(),
    data: z.array(z.object({ b64_json: z.string().min(1), index: z.number().int() })).min(1),
    model: z.string(),
    size: z.literal(size),
    quality: z.string(),
    usage: z.object({
      input_tokens: z.number().int(),
      input_tokens_details: z.object({ text_tokens: z.number().int() }),
      output_tokens: z.number().int(),
      total_tokens: z.number().int(),
    }),
  })

export const questions = [
  {
    type: 'predicate',
    name: 'spam',
    instructions: 'Is this spam?',
    criteria: { true: 'an ad', false: 'a real note' },
  },
  {
    type: 'choice',
    name: 'topic',
    instructions: 'What is it about?',
    choices: [{ value: 'billing', description: 'money' }, { value: 'shipping' }],
  },
  {
    type: 'score',
    instructions: 'How angry?',
    levels: [{ label: 'low', description: 'calm' }, { label: 'mid' }, { label: 'high' }],
  },
]
export const decide = (
  body: Record<string, unknown>,
  path = '/v1/decisions',
): Pick<ServiceRow, 'path' | 'auth' | 'body'> => ({
  path,
  auth: 'bearer',
  body: { model: dedicated, input: 'Where is my parcel? I paid twice.', questions, ...body },
})
export const levels = (count: number) => Array.from({ length: count }, (_, i) => ({ label: `level ${i}` }))
export const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { deeper: nested(depth - 1) })
export const form =
  (parts: Record<string, string>, image = true) =>
  (): FormData => {
    const body = new FormData()
    for (const [name, value] of Object.entries(parts)) body.append(name, value)
    if (image) body.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'in.png')
    return body
  }
export const edit = (parts: Record<string, string>, headers: Record<string, string> = {}) => ({
  path: '/v1/images/edits',
  auth: 'bearer' as const,
  headers,
  raw: form({ prompt: 'warmer', ...parts }),
})
