// What a screen was writing and has not sent, as it is kept across restarts: one shape per screen, checked by main
// when it keeps a draft and again when it reads one back (a draft that no longer reads is as good as none).
import { z } from 'zod'
import { QuestionnaireBody } from './questionnaire-body.ts'

/** The screens that keep what is being written across restarts. */
export const DraftKind = z.enum([
  'questionnaire',
  'images',
  'playground-messages',
  'playground-generate',
  'decisions-input',
  'video',
])
export type DraftKind = z.infer<typeof DraftKind>

/** A draft's largest JSON: a few attached images as data URLs; past it, the screen still holds it until a restart. */
export const draftLimitBytes = 16 * 1024 * 1024

/** A file or address attached to a draft, as the media inputs hold it. */
const Media = z.object({
  id: z.string(),
  kind: z.enum(['image', 'audio', 'video']),
  url: z.string(),
  label: z.string(),
})

const Turn = z.object({ text: z.string().max(1_000_000), media: z.array(Media).max(50) })

export const draftSchemas = {
  /** The questionnaire being built, as the builder holds it. */
  questionnaire: QuestionnaireBody,
  images: z.object({
    prompt: z.string().max(100_000),
    modelId: z.string().max(300),
    // An option the chosen model does not take is left out when the form sends.
    options: z.record(z.string(), z.union([z.string(), z.number()])),
    provider: z.string().max(64),
  }),
  'playground-messages': Turn,
  'playground-generate': Turn,
  'decisions-input': z.object({
    mode: z.enum(['text', 'json', 'messages']),
    text: z.string().max(10_000_000),
    messages: z
      .array(
        z.object({
          id: z.string(),
          role: z.enum(['user', 'assistant', 'system']),
          text: z.string(),
          images: z.array(Media),
        }),
      )
      .min(1)
      .max(1000),
  }),
  video: z
    .object({
      prompt: z.string(),
      model: z.string(),
      duration: z.string(),
      seed: z.string(),
      sizeMode: z.enum(['resolution', 'size']),
      resolution: z.string(),
      aspectRatio: z.string(),
      size: z.string(),
      firstFrame: Media.nullable(),
      lastFrame: Media.nullable(),
      references: z.array(Media),
      realPerson: z.boolean(),
      generateAudio: z.boolean(),
      providerType: z.string(),
      providerOptions: z.string(),
    })
    .nullable(),
} satisfies Record<DraftKind, z.ZodType>

export type DraftOf<K extends DraftKind> = z.infer<(typeof draftSchemas)[K]>
