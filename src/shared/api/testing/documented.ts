// What the three documents allow a client to send, transcribed on their own from ../shared/api/ (not derived
// from the app's wire schemas, so the two can disagree): strict shapes that refuse any field the documents do
// not name. The conformance suite checks the wire against them, and the screens' tests check their builders.
import { z } from 'zod'

const Json = z.unknown()
const text = z.string()

// ── Document 1 ──────────────────────────────────────────────────────────────

/** §2.1 Question object. */
export const DocumentedQuestion = z.strictObject({
  type: z.enum(['predicate', 'choice', 'score']),
  name: text.optional(),
  instructions: z.union([text, z.record(text, Json)]),
  criteria: z.strictObject({ true: text.optional(), false: text.optional() }).optional(),
  choices: z
    .array(z.strictObject({ value: text, description: text.optional() }))
    .max(255)
    .optional(),
  levels: z
    .array(z.strictObject({ label: text, description: text.optional() }))
    .min(2)
    .max(10)
    .optional(),
})

/** §4.1 `input` form 3: messages whose content is a string or `input_text` / `input_image` blocks. */
const InputMessages = z.array(
  z.strictObject({
    role: text,
    content: z.union([
      text,
      z.array(
        z.union([
          z.strictObject({ type: z.literal('input_text'), text }),
          // The block's field is not spelled out by the document; the sandbox table records the choice.
          z.strictObject({ type: z.literal('input_image'), image_url: text }),
        ]),
      ),
    ]),
  }),
)

/** §4.1 Unified request body. */
export const DocumentedDecisionRequest = z.strictObject({
  model: text.min(1),
  input: z.union([text, InputMessages, z.record(text, Json)]),
  questions: z.array(DocumentedQuestion),
  safety_identifier: text.optional(),
})

/** §2.4 and §4.1 Native request body: `state`, questions keyed by id. */
export const DocumentedNativeDecisionRequest = z.strictObject({
  model: text.min(1),
  state: Json,
  questions: z.record(
    text,
    z.strictObject({
      type: z.enum(['noul', 'choice', 'score']),
      instructions: z.union([text, z.record(text, Json)]),
      // Choice: {<option>: <description>}; score: level strings, lowest first. A yes/no question carries the
      // unified predicate's `true`/`false` descriptions (§2.1), which §2.4 neither names nor forbids.
      criteria: z.union([z.record(text, text), z.array(text)]).optional(),
    }),
  ),
})

const qualities = ['auto', 'low', 'medium', 'high', 'standard', 'hd'] as const
const sizes = [
  'auto',
  '1024x1024',
  '1536x1024',
  '1024x1536',
  '256x256',
  '512x512',
  '1792x1024',
  '1024x1792',
] as const

/** §4.2 Image generation body. */
export const DocumentedImageGeneration = z.strictObject({
  model: text,
  prompt: text,
  quality: z.enum(qualities).optional(),
  n: z.number().int().min(1).max(10).optional(),
  size: z.enum(sizes).optional(),
  input_images: z.array(text).min(1).max(3).optional(),
  output_format: z.enum(['png', 'jpeg', 'webp']).optional(),
  background: z.enum(['transparent', 'opaque', 'auto']).optional(),
  stream: z.boolean().optional(),
  extra_body: z.strictObject({ provider: z.strictObject({ type: text }) }).optional(),
})

/** §4.3 The parts of an edit form, and `input_fidelity` of the edit-optimized model. */
export const documentedEditParts = [
  'model',
  'image',
  'prompt',
  'quality',
  'n',
  'size',
  'input_fidelity',
] as const

// ── Document 2 ──────────────────────────────────────────────────────────────

const urlOf = <K extends string>(kind: K) =>
  z.strictObject({ type: z.literal(kind), [kind]: z.strictObject({ url: text }) } as Record<
    'type' | K,
    z.ZodType
  >)

/** §2.1 Create request. */
export const DocumentedVideoRequest = z.strictObject({
  model: text.regex(/^[^/]+\/[^/]+$/),
  prompt: text.min(1),
  duration: z.number().int().optional(),
  resolution: z.enum(['480p', '720p', '1080p', '1K', '2K', '4K']).optional(),
  aspect_ratio: z.enum(['16:9', '9:16', '1:1', '4:3', '3:4', '3:2', '2:3', '21:9', '9:21']).optional(),
  size: text.regex(/^[1-9]\d*x[1-9]\d*$/).optional(),
  frame_images: z
    .array(
      z.strictObject({
        type: z.literal('image_url'),
        image_url: z.strictObject({ url: text }),
        frame_type: z.enum(['first_frame', 'last_frame']),
      }),
    )
    .optional(),
  input_references: z.array(z.union([urlOf('image_url'), urlOf('audio_url'), urlOf('video_url')])).optional(),
  real_person: z.boolean().optional(),
  generate_audio: z.boolean().optional(),
  seed: z.number().int().optional(),
  callback_url: text.startsWith('https://').optional(),
  provider: z.strictObject({ type: text.optional(), options: z.record(text, Json).optional() }).optional(),
})

// ── Document 3 ──────────────────────────────────────────────────────────────

const Part = z.union([
  z.strictObject({ text, thought: z.boolean().optional() }),
  z.strictObject({ inlineData: z.strictObject({ mimeType: text, data: text }) }),
  z.strictObject({ inline_data: z.strictObject({ mime_type: text, data: text }) }),
])
const Contents = z.array(z.strictObject({ role: z.enum(['user', 'model']).optional(), parts: z.array(Part) }))

/**
 * §4.1 Generation body: `contents` and `cachedContent` are what the document shows; the protocol's own
 * `systemInstruction` and `generationConfig` are the only others the app may send (the sandbox table says how
 * they are answered).
 */
export const DocumentedGenerateContent = z.strictObject({
  contents: Contents,
  cachedContent: text.regex(/^cachedContents\/.+/).optional(),
  systemInstruction: z.strictObject({ parts: z.array(z.strictObject({ text })) }).optional(),
  generationConfig: z
    .strictObject({
      maxOutputTokens: z.number().int().min(1).optional(),
      temperature: z.number().min(0).max(2).optional(),
      topP: z.number().min(0).max(1).optional(),
      topK: z.number().int().min(0).optional(),
    })
    .optional(),
})

/** §2.1 and §4.2 Cache create body: `ttl` or `expireTime`, never both. */
export const DocumentedCacheRequest = z
  .strictObject({
    model: text.min(1),
    contents: Contents.optional(),
    systemInstruction: z.strictObject({ parts: z.array(z.strictObject({ text })) }).optional(),
    tools: z.array(Json).optional(),
    ttl: text.regex(/^\d+(\.\d+)?s$/).optional(),
    expireTime: z.iso.datetime({ offset: true }).optional(),
    displayName: text.optional(),
  })
  .refine((body) => !(body.ttl && body.expireTime), 'ttl and expireTime are mutually exclusive')

const Block = z.union([
  z.strictObject({ type: z.literal('text'), text }),
  z.strictObject({
    type: z.literal('image'),
    source: z.strictObject({ type: z.literal('base64'), media_type: text, data: text }),
  }),
  z.strictObject({ type: z.literal('tool_use'), id: text, name: text, input: z.record(text, Json) }),
  z.strictObject({ type: z.literal('tool_result'), tool_use_id: text, content: text }),
])

/** §4.3 Messages body. */
export const DocumentedMessagesRequest = z.strictObject({
  model: text.regex(/^[^/]+\/[^/]+$/),
  max_tokens: z.number().int().min(1),
  messages: z.array(
    z.strictObject({ role: z.enum(['user', 'assistant']), content: z.union([text, z.array(Block)]) }),
  ),
  system: text.optional(),
  temperature: z.number().min(0).max(1).optional(),
  top_p: z.number().min(0).max(1).optional(),
  top_k: z.number().int().min(0).optional(),
  stream: z.boolean().optional(),
  tools: z.array(Json).optional(),
  tool_choice: z.record(text, Json).optional(),
})
